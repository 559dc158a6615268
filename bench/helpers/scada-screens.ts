/**
 * Screens of the SCADA benchmarks (bench/scada-runtime.ts, bench/designer-drag.ts): a project
 * of the bench devices with one screen through the API (POST /v1/project/add, then
 * /v1/project/screen/add, as the console does), the screen a grid of widgets each bound to a
 * distinct (device, tag), and the values the devices send so that every bound widget changes
 * every second. The widget mix follows the tag's place in the template: bars, lamps (bit 0 of a
 * UINT16 counter, so they blink), numeric displays and one gauge per device.
 */
import type { ScreenDocumentInput, ScreenWidgetInput } from '@hmi/domain';
import { postJson } from './live-data-fixtures.ts';

/** Template tag types of benchTemplate: REAL on even places, UINT16 on odd ones. */
const REAL = 7;

export interface GridSpec {
  /** Devices (rows of tags) and the template's tags, in template order. */
  devices: readonly { id: number }[];
  tags: readonly { id: number; type: number }[];
  /** Widgets per row, the cell and the widget size (design px), the first cell's top-left corner. */
  columns: number;
  cell: { w: number; h: number };
  size: { w: number; h: number };
  origin?: { x: number; y: number };
  /** At most this many widgets (default: one per device and tag). */
  count?: number;
}

/** The widget shown for the tag at place `t` of the template (25 places: 5 bars, 10 lamps, 9 numerics, 1 gauge). */
function widgetOf(t: number, type: number): Pick<ScreenWidgetInput, 'type' | 'props'> {
  if (t === 24) return { type: 'gauge', props: { min: 0, max: 100 } };
  if (t % 5 === 0) return { type: 'bar', props: { min: 0, max: type === REAL ? 100 : 255 } };
  if (type !== REAL) return { type: 'lamp', props: { mode: 'bit', bit: 0 } };
  return { type: 'numeric', props: { decimals: 2, unit: t % 3 === 0 ? '°C' : 'bar', fontSize: 14 } };
}

/**
 * A screen of widgets laid out in a grid, in (device, tag) order: widget n shows tag
 * n % tags of device floor(n / tags), so each is bound to a distinct pair.
 */
export function gridScreen(spec: GridSpec): ScreenDocumentInput {
  const { devices, tags, columns, cell, size } = spec;
  const origin = spec.origin ?? { x: 8, y: 8 };
  const count = Math.min(spec.count ?? devices.length * tags.length, devices.length * tags.length);
  const widgets: ScreenWidgetInput[] = [];
  for (let n = 0; n < count; n++) {
    const device = devices[Math.floor(n / tags.length)]!;
    const t = n % tags.length;
    const tag = tags[t]!;
    widgets.push({
      id: `w${n}`,
      x: origin.x + (n % columns) * cell.w,
      y: origin.y + Math.floor(n / columns) * cell.h,
      w: size.w,
      h: size.h,
      ...widgetOf(t, tag.type),
      binding: { deviceId: device.id, tagId: tag.id },
    } as ScreenWidgetInput);
  }
  return {
    version: 2,
    size: { width: 1920, height: 1080 },
    scale: 'fit',
    background: { color: '#F8FAFC' },
    widgets,
  };
}

/**
 * What device `device` sends at `ts` (tag id -> value): REAL tags a slow sine between 10 and 90,
 * UINT16 tags a counter of seconds (its bit 0 flips every second). Every value differs from the
 * one a second before, so every bound widget re-renders once a second.
 */
export function gridValues(tags: readonly { id: number; type: number }[]) {
  return (device: number, ts: number): Record<number, number> => {
    const v: Record<number, number> = {};
    const second = Math.floor(ts / 1000);
    tags.forEach((tag, t) => {
      v[tag.id] =
        tag.type === REAL
          ? Math.round((50 + 40 * Math.sin(ts / 7000 + device + t / 3)) * 100) / 100
          : (second + device + t) % 256;
    });
    return v;
  };
}

/** A project of `deviceIds` with one screen of `document`; their ids. */
export async function seedScadaProject(
  url: string,
  token: string,
  deviceIds: readonly number[],
  document: ScreenDocumentInput,
): Promise<{ projectId: number; screenId: number }> {
  const project = await postJson<{ id: number }>(url, token, '/project/add', {
    name: 'Bench line',
    device_ids: deviceIds,
  });
  const screen = await postJson<{ id: number }>(url, token, '/project/screen/add', {
    project_id: project.id,
    name: 'Overview',
    document,
  });
  return { projectId: project.id, screenId: screen.id };
}
