import { deviceTopic, validateFreeText, type IngestDrops } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { sleep } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import {
  connectDevice,
  eventually,
  readAll,
  storedCount,
  teamWithTemplate,
  type Tags,
} from './live-data-test-helpers.ts';

/*
 * The ingest pipeline end to end: a plain MQTT client publishes `data` at QoS 1 to the real
 * server (embedded broker or MQTT_URL), values are read back through the history API.
 */
const external = Boolean(process.env.MQTT_URL);

let server: TestServer;
let token: string;
let templateId: number;
let tags: Tags;
const clients: MqttClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '20', ...NO_BILLING });
  const team = await teamWithTemplate(server);
  token = team.token;
  templateId = team.template.id;
  tags = team.tags;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

async function device() {
  const d = await connectDevice(server, token, templateId);
  clients.push(d.client);
  return d;
}

const drops = async (id: number) =>
  (await server.call<IngestDrops>('GET', `/history/drops?id=${id}`, { token })).body.data;

describe('ingest', () => {
  it('stores values of every type and reads them back in time order', async () => {
    const d = await device();
    const t0 = Date.now() + 1_000;
    // Published out of order, one sample and one array; read back ordered by time, then tag.
    await d.data({ ts: t0 + 2_000, v: { [tags.speed]: 3, [tags.temp]: 21.5 } });
    await d.data([
      { ts: t0, v: { [tags.speed]: 1, [tags.running]: true, [tags.recipe]: 'PET-500' } },
      { ts: t0 + 1_000, v: { [tags.speed]: 2, [tags.running]: 0, [tags.counter]: '18446744073709551615' } },
    ]);
    await d.data({ ts: t0 + 3_000, v: { [tags.counter]: 42, [tags.temp]: null } });
    const all = [tags.speed, tags.temp, tags.running, tags.recipe, tags.counter];
    const rows = await readAll(server, token, d.id, all, t0, t0 + 10_000);
    const expected: [number, number, unknown][] = (
      [
        [t0, tags.speed, 1],
        [t0, tags.running, 1],
        [t0, tags.recipe, 'PET-500'],
        [t0 + 1_000, tags.speed, 2],
        [t0 + 1_000, tags.running, 0],
        [t0 + 1_000, tags.counter, '18446744073709551615'],
        [t0 + 2_000, tags.speed, 3],
        [t0 + 2_000, tags.temp, 21.5],
        [t0 + 3_000, tags.temp, null],
        [t0 + 3_000, tags.counter, 42],
      ] as [number, number, unknown][]
    ).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(rows.map((r) => [r.ts, r.tag_id, r.value])).toEqual(expected);

    // Descending order and paging.
    const page = await server.call<{ list: { ts: number; tag_id: number }[]; total: number }>(
      'GET',
      `/history/raw?device_id=${d.id}&tag_ids=${all.join(',')}&from=${t0}&to=${t0 + 10_000}&order=desc&page=2&page_size=3`,
      { token },
    );
    expect(page.body.data.total).toBe(10);
    expect(page.body.data.list.map((r) => [r.ts, r.tag_id])).toEqual(
      [...expected]
        .reverse()
        .slice(3, 6)
        .map((e) => [e[0], e[1]]),
    );

    // Last values follow the newest sample of each tag, not the order of arrival.
    await d.data({ ts: t0 - 5_000, v: { [tags.speed]: 99 } });
    const last = await server.call<{ items: { tag_id: number; value: unknown; ts: number }[] }>(
      'GET',
      `/device/lastvalues?id=${d.id}`,
      { token },
    );
    expect(last.body.data.items.find((i) => i.tag_id === tags.speed)).toMatchObject({
      ts: t0 + 2_000,
      value: 3,
    });
  });

  it('ignores redelivered duplicates: one row per device, tag and time', async () => {
    const d = await device();
    const ts = Date.now() + 1_000;
    const sample = { ts, v: { [tags.speed]: 7, [tags.temp]: 1.25 } };
    await d.data(sample);
    await d.data(sample);
    await d.data([sample, sample]);
    expect(await storedCount(server, d.id)).toBe(2);
    await server.app.services.historyStore.flush();
    const rollup = await server.app.db
      .selectFrom('history_1m')
      .select(['tag_id', 'n'])
      .where('device_id', '=', d.id)
      .execute();
    expect(rollup.map((r) => Number(r.n))).toEqual([1, 1]);
  });

  it('drops and counts unknown tags, wrong types and bad payloads, and keeps going', async () => {
    const d = await device();
    const ts = Date.now() + 1_000;
    await d.data({
      ts,
      v: {
        [tags.speed]: 70_000, // beyond UINT16
        [tags.temp]: 'hot', // REAL as text
        [tags.running]: 2, // BOOL
        [tags.counter]: -1, // UINT64
        '999999999': 1, // not in the template
        [tags.recipe]: 'ok',
      },
    });
    await d.data('not json');
    await d.data(JSON.stringify({ ts: -1, v: {} }));
    await d.data({ ts: ts + 1, v: { [tags.speed]: 65_535 } });
    const counted = await eventually(
      () => drops(d.id),
      (x) => x.bad_payload === 2,
      'bad payloads counted',
    );
    expect(counted).toMatchObject({ unknown_tag: 1, wrong_type: 4, bad_payload: 2 });
    expect(counted.last_at).toBeGreaterThan(0);
    const rows = await readAll(
      server,
      token,
      d.id,
      [tags.speed, tags.temp, tags.recipe, tags.counter, tags.running],
      ts,
      ts + 10,
    );
    expect(rows.map((r) => [r.tag_id, r.value])).toEqual([
      [tags.recipe, 'ok'],
      [tags.speed, 65_535],
    ]);
    // The drop counters are per device and the caller's team only.
    expect((await server.call('GET', `/history/drops?id=${d.id}`, {})).status).toBe(401);
  });

  it('stores a STRING up to its first NUL, lone surrogates as U+FFFD, and counts a key with a NUL as a bad payload', async () => {
    // PostgreSQL text cannot hold NUL: before, one such value or key broke the whole batch there.
    const d = await device();
    const ts = Date.now() + 2_000;
    await d.data({ ts, v: { [tags.recipe]: 'PET-500\u0000\u0000\u0000', [tags.speed]: 1 } });
    await d.data({ ts: ts + 1, v: { [tags.recipe]: 'AB\u0000CD', [tags.speed]: 2 } });
    await d.data({ ts: ts + 2, v: { [tags.recipe]: 'half \ud800 pair 🚰' } });
    await d.data({ ts: ts + 3, v: { '\u0000\u001b[2J': 1 } } as never);
    await d.data({ ts: ts + 4, v: { [tags.speed]: 3 } });
    const counted = await eventually(
      () => drops(d.id),
      (x) => x.bad_payload === 1,
      'the bad payload counted',
    );
    expect(counted.last_reason).toMatch(/^invalid data payload: /);
    expect(validateFreeText(counted.last_reason)).toEqual({ ok: true });
    const rows = await readAll(server, token, d.id, [tags.speed, tags.recipe], ts, ts + 10);
    expect(rows.map((r) => [r.ts - ts, r.tag_id, r.value])).toEqual([
      [0, tags.speed, 1],
      [0, tags.recipe, 'PET-500'],
      [1, tags.speed, 2],
      [1, tags.recipe, 'AB'],
      [2, tags.recipe, 'half \ufffd pair 🚰'],
      [4, tags.speed, 3],
    ]);
    // The rollups and last values are flushed to text columns: on PostgreSQL a NUL there failed
    // every flush from then on (the failed state is kept for the next one).
    await server.app.services.historyStore.flush();
    const last = await server.app.db
      .selectFrom('tag_last_values')
      .select(['tag_id', 'txt'])
      .where('device_id', '=', d.id)
      .orderBy('tag_id')
      .execute();
    expect(last).toEqual([
      { tag_id: tags.speed, txt: null },
      { tag_id: tags.recipe, txt: 'half \ufffd pair 🚰' },
    ]);
  });

  it('stores a backfill array in order', async () => {
    const d = await device();
    const t0 = Date.now() + 1_000;
    const samples = Array.from({ length: 500 }, (_, i) => ({
      ts: t0 + i * 100,
      v: { [tags.speed]: i },
      hist: true,
    }));
    await d.data(samples);
    const rows = await readAll(server, token, d.id, [tags.speed], t0, t0 + 60_000);
    expect(rows.map((r) => r.value)).toEqual(samples.map((_, i) => i));
  });

  it.skipIf(external)('acknowledges a QoS 1 message only after its batch committed', async () => {
    const slow = await startDeviceTestServer({
      INGEST_BATCH_MS: '1500',
      INGEST_BATCH_ROWS: '100000',
      ...NO_BILLING,
    });
    try {
      const team = await teamWithTemplate(slow);
      const d = await connectDevice(slow, team.token, team.template.id);
      clients.push(d.client);
      const ts = Date.now() + 1_000;
      let ackedAt = 0;
      let rowsAtAck = -1;
      const sent = Date.now();
      const acked = d.data({ ts, v: { [team.tags.speed]: 5 } }).then(async () => {
        ackedAt = Date.now();
        rowsAtAck = await storedCount(slow, d.id);
      });
      await sleep(700);
      // The message reached the server (it waits in the batch), but neither row nor PUBACK yet.
      expect(ackedAt).toBe(0);
      expect(await storedCount(slow, d.id)).toBe(0);
      await acked;
      expect(rowsAtAck).toBe(1);
      expect(ackedAt - sent).toBeGreaterThanOrEqual(1_000);
    } finally {
      await slow.close();
    }
  });

  // Seen from the device only on the embedded broker: an external broker acknowledges the device
  // itself, and there back-pressure is the server withholding its own PUBACKs to the broker
  // (external-device-link.test.ts: "acknowledges only after the handler resolved").
  it.skipIf(external)(
    'applies back-pressure: at most INGEST_MAX_PENDING rows wait, further messages wait unacknowledged',
    async () => {
      const slow = await startDeviceTestServer({
        ...NO_BILLING,
        INGEST_BATCH_MS: '400',
        INGEST_BATCH_ROWS: '2',
        INGEST_MAX_PENDING: '2',
      });
      try {
        const team = await teamWithTemplate(slow);
        const d = await connectDevice(slow, team.token, team.template.id);
        clients.push(d.client);
        const writer = slow.app.services.historyStore.writer;
        let maxPending = 0;
        const probe = setInterval(() => (maxPending = Math.max(maxPending, writer.pending)), 1);
        const ts = Date.now() + 1_000;
        // Ten messages of one value each from the device; a second device's messages interleave.
        const d2 = await connectDevice(slow, team.token, team.template.id);
        clients.push(d2.client);
        await Promise.all(
          Array.from({ length: 10 }, (_, i) => [
            d.data({ ts: ts + i, v: { [team.tags.speed]: i } }),
            d2.data({ ts: ts + i, v: { [team.tags.speed]: i } }),
          ]).flat(),
        );
        clearInterval(probe);
        expect(maxPending).toBeLessThanOrEqual(2);
        expect(await storedCount(slow, d.id)).toBe(10);
        expect(await storedCount(slow, d2.id)).toBe(10);
      } finally {
        await slow.close();
      }
    },
  );

  it('keeps only the retention window', async () => {
    const d = await device();
    const now = Date.now();
    const old = now - 400 * 24 * 3600_000;
    await d.data([
      { ts: old, v: { [tags.speed]: 1 }, hist: true },
      { ts: now + 1_000, v: { [tags.speed]: 2 } },
    ]);
    expect(await storedCount(server, d.id)).toBe(2);
    await server.app.services.historyStore.prune();
    expect(await storedCount(server, d.id)).toBe(1);
  });

  it('drops data of a device that is not bound', async () => {
    const d = await device();
    await server.call('POST', '/device/unbind', { token, body: { ids: [d.id] } });
    // The unbound device may still be connected for a moment; its data must not be stored.
    server.app.services.ingest.cache.invalidate(d.sn);
    const ts = Date.now() + 1_000;
    await d.client
      .publishAsync(deviceTopic(d.sn, 'data'), JSON.stringify({ ts, v: { [tags.speed]: 1 } }), { qos: 1 })
      .catch(() => undefined);
    expect(await storedCount(server, d.id)).toBe(0);
  });
});
