import { expect } from 'vitest';
import { tagsetOf } from './history-frame.codec.ts';
import type { TestServer } from '../../../test/test-server.ts';
import type { IngestFrame } from './history-writer.ts';

/* Helpers of the history writer and reader suites: frames built by hand, rollups checked. */

const MINUTE = 60_000;

/** A frame of (tag id, num, txt) values, ascending tag ids. */
export function frame(
  deviceId: number,
  ts: number,
  values: [number, number | null, string | null][],
  live = true,
): IngestFrame {
  const v = { ids: values.map((x) => x[0]), nums: values.map((x) => x[1]), txts: values.map((x) => x[2]) };
  return { deviceId, ts, tagset: tagsetOf(v.ids), ...v, live };
}

/** history_1m of the device equals the aggregates of its stored values, minute by minute. */
export async function expectRollupsMatch(
  server: TestServer,
  deviceId: number,
  history: { tag_id: number; ts: number; num: number | null; txt: string | null }[],
): Promise<void> {
  const expected = new Map<
    string,
    { n: number; mn: number | null; mx: number | null; first: unknown; last: unknown; t0: number; t1: number }
  >();
  for (const r of history) {
    const minute = r.ts - (r.ts % MINUTE);
    const key = `${r.tag_id}:${minute}`;
    const e = expected.get(key);
    if (!e) {
      expected.set(key, {
        n: 1,
        mn: r.num,
        mx: r.num,
        first: [r.num, r.txt],
        last: [r.num, r.txt],
        t0: r.ts,
        t1: r.ts,
      });
      continue;
    }
    e.n++;
    if (r.num !== null) {
      e.mn = e.mn === null ? r.num : Math.min(e.mn, r.num);
      e.mx = e.mx === null ? r.num : Math.max(e.mx, r.num);
    }
    e.last = [r.num, r.txt]; // values are in ts order
    e.t1 = r.ts;
  }
  const rollups = await server.app.db
    .selectFrom('history_1m')
    .selectAll()
    .where('device_id', '=', deviceId)
    .execute();
  expect(rollups.length).toBe(expected.size);
  const num = (v: unknown) => (v === null ? null : Number(v));
  for (const r of rollups) {
    const e = expected.get(`${r.tag_id}:${Number(r.minute)}`);
    expect(e, `minute ${r.minute} of tag ${r.tag_id}`).toBeDefined();
    expect({
      n: Number(r.n),
      mn: num(r.mn),
      mx: num(r.mx),
      first: [num(r.first_num), r.first_txt],
      last: [num(r.last_num), r.last_txt],
      t0: Number(r.t0),
      t1: Number(r.t1),
    }).toEqual(e);
  }
}
