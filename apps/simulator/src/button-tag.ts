import { ReadWriteType, type ConfigTag, type TagValue } from '@hmi/domain';

/**
 * The tag the PUSH button of the simulated screen writes: the tag named "button" (any case) if
 * the template has one, else the first writable tag (rw 1 or 2) in template order; undefined
 * when no tag can be written.
 */
export function buttonTag(tags: readonly ConfigTag[]): ConfigTag | undefined {
  const writable = tags.filter((t) => t.rw !== ReadWriteType.Read);
  return writable.find((t) => t.name.toLowerCase() === 'button') ?? writable[0];
}

/** Range of the integer data types (1 UINT16 ... 6 INT64, 64-bit ones within safe integers). */
const INT_RANGE: Record<number, [number, number]> = {
  1: [0, 65_535],
  2: [0, 4_294_967_295],
  3: [0, Number.MAX_SAFE_INTEGER],
  4: [-32_768, 32_767],
  5: [-2_147_483_648, 2_147_483_647],
  6: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/**
 * The value after a press: BOOL toggles, numbers count up by one (integers wrap at their type's
 * maximum like a PLC register), STRING becomes "PUSH n".
 */
export function pressedValue(tag: Pick<ConfigTag, 'type'>, current: TagValue, presses: number): TagValue {
  if (tag.type === 0) return !(current === true || current === 1);
  if (tag.type === 9) return `PUSH ${presses}`;
  const n = typeof current === 'number' ? current : Number(current);
  const next = Number.isFinite(n) ? n + 1 : 1;
  const range = INT_RANGE[tag.type];
  return range && next > range[1] ? range[0] : next;
}

/** A tag value as the screen shows it. */
export function formatValue(value: TagValue | undefined): string {
  if (value === null || value === undefined) return '---';
  if (typeof value === 'boolean') return value ? 'ON' : 'OFF';
  return String(value);
}
