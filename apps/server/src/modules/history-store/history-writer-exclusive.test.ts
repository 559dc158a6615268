import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { frame } from './history-test-helpers.ts';
import type { HistoryWriter } from './history-writer.ts';
import { storedValues } from '../ingest/live-data-test-helpers.ts';

/*
 * The writer's exclusive section (what a bind or unbind purges in): no batch commits and no
 * rollup flush runs inside it, writes queue and commit after it, and `forgetDevices` leaves
 * nothing of a device in the open batch or in memory.
 */
let server: TestServer;
let writer: HistoryWriter;

beforeAll(async () => {
  server = await startTestServer();
  writer = server.app.services.historyStore.writer;
});
afterAll(async () => server?.close());

const base = Date.UTC(2026, 1, 1);

describe('HistoryWriter.exclusive', () => {
  it('holds commits and flushes until it ends; forgetDevices drops what is pending of a device', async () => {
    const kept = 920_001;
    const gone = 920_002;
    await writer.write([frame(gone, base, [[1, 1, null]]), frame(kept, base, [[1, 1, null]])]);
    let committed = false;
    let flushed = false;
    let w: Promise<void> = Promise.resolve();
    let f: Promise<unknown> = Promise.resolve();
    await writer.exclusive(async () => {
      // Queued inside: not committed before the section ends.
      w = writer.write([frame(gone, base + 1, [[1, 2, null]]), frame(kept, base + 1, [[1, 2, null]])]);
      void w.then(() => (committed = true));
      f = server.app.services.historyStore.flush().then(() => (flushed = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(committed).toBe(false);
      expect(flushed).toBe(false);
      writer.forgetDevices([gone]);
    });
    await Promise.all([w, f]);
    await server.app.services.historyStore.flush();
    expect(committed).toBe(true);
    expect(flushed).toBe(true);
    // The frame of `gone` committed before the section stays (the wall deletes rows itself);
    // the one queued inside was dropped with the open batch, and nothing of it is in memory.
    expect((await storedValues(server, gone)).map((v) => v.num)).toEqual([1]);
    expect((await storedValues(server, kept)).map((v) => v.num)).toEqual([1, 2]);
    const memory = server.app.services.historyStore.writer.flusher.memory;
    expect(memory.lastValues(gone).size).toBe(0);
    const last = await server.app.db
      .selectFrom('tag_last_values')
      .select(['device_id', 'num'])
      .where('device_id', 'in', [kept, gone])
      .orderBy('device_id')
      .execute();
    // `gone`'s last value was pending in memory (never flushed): forgotten with the rest.
    expect(last.map((r) => [r.device_id, Number(r.num)])).toEqual([[kept, 2]]);
  });
});
