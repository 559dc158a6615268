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

/** The value after a press: BOOL toggles, numbers count up by one, STRING becomes "PUSH n". */
export function pressedValue(tag: Pick<ConfigTag, 'type'>, current: TagValue, presses: number): TagValue {
  if (tag.type === 0) return !(current === true || current === 1);
  if (tag.type === 9) return `PUSH ${presses}`;
  const n = typeof current === 'number' ? current : Number(current);
  return Number.isFinite(n) ? n + 1 : 1;
}

/** A tag value as the screen shows it. */
export function formatValue(value: TagValue | undefined): string {
  if (value === null || value === undefined) return '---';
  if (typeof value === 'boolean') return value ? 'ON' : 'OFF';
  return String(value);
}
