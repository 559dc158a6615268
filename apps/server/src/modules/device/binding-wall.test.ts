import {
  deviceTopic,
  LiveCloseCode,
  type AlarmRecordListReply,
  type DeviceCommand,
  type DeviceConnectionLogReply,
  type DeviceDetail,
  type HistoryRawReply,
  type HistorySeriesReply,
  type IngestDrops,
  type LastValuesReply,
  type LiveServerMessage,
  type MessageListReply,
  type MonitorListReply,
  type TagWriteLogReply,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { insertRule } from '../alarm/alarm-test-helpers.ts';
import {
  connectDevice,
  eventually,
  teamWithTemplate,
  type TestDevice,
} from '../ingest/live-data-test-helpers.ts';
import { waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { DEVICE_DATA_TABLES } from './device-data.repo.ts';
import { startDeviceTestServer, uniqueDeviceName } from './device-test-factories.ts';

/*
 * A binding is a wall between owners (docs/architecture.md, "Bindings"): team A's device records
 * values (one flushed to the rollups, one still in memory, one with the device's clock ahead),
 * a tag write, a monitor point, drops and an alarm; A unbinds; team B binds the same SN with its
 * PIN and reads every device endpoint and the device socket, with A's tag ids too: nothing of A's.
 */
let server: TestServer;
const clients: MqttClient[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({
    INGEST_BATCH_MS: '10',
    SETTAG_TIMEOUT_MS: '2000',
    ...NO_BILLING,
  });
});
afterAll(async () => {
  sockets.forEach((s) => s.terminate());
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await server?.close();
});

type Team = Awaited<ReturnType<typeof teamWithTemplate>>;

/** An online, synced device of `team` that accepts every command. */
async function onlineDevice(team: Team): Promise<TestDevice> {
  const d = await connectDevice(server, team.token, team.template.id);
  clients.push(d.client);
  d.client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(d.sn, 'cmd')) return;
    const cmd = JSON.parse(payload.toString()) as DeviceCommand;
    void d.client
      .publishAsync(deviceTopic(d.sn, 'cmd/resp'), JSON.stringify({ id: cmd.id, ok: true }), { qos: 1 })
      .catch(() => undefined);
  });
  await d.goOnlineAndSync();
  return d;
}

const get = async <T>(path: string, token: string) => {
  const res = await server.call<T>('GET', path, { token });
  expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(0);
  return res.body.data;
};

/** Rows left in the device's data tables (straight from the database). */
async function rowsOf(deviceId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of DEVICE_DATA_TABLES) {
    const row = await server.app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/**
 * What a new binding of an online device holds: nothing of the previous one, and its online
 * history's first event (the device was online when bound).
 */
const freshBinding = () => ({
  ...Object.fromEntries(DEVICE_DATA_TABLES.map((t) => [t, 0])),
  device_connection_events: 1,
});

/** The first `data` frame a fresh device socket of `token` gets for the device (its last values). */
async function socketValues(token: string, deviceId: number) {
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/v1/ws/device?token=${encodeURIComponent(token)}&page=0`,
  );
  sockets.push(ws);
  const messages: LiveServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveServerMessage));
  let closedWith = 0;
  ws.on('close', (code) => (closedWith = code));
  await waitUntil(() => messages.some((m) => m.type === 'ready'), 5_000, 'ready');
  ws.send(JSON.stringify({ type: 'subscribe', device_ids: [deviceId], page_size: 100 }));
  await waitUntil(() => messages.some((m) => m.type === 'subscribed'), 5_000, 'subscribed');
  // The last values follow the subscription at once when there are any; give them time to come.
  await new Promise((r) => setTimeout(r, 400));
  ws.terminate();
  expect(closedWith === 0 || closedWith === LiveCloseCode.GoingAway || closedWith === 1006).toBe(true);
  const subscribed = messages.find((m) => m.type === 'subscribed');
  return {
    refused: subscribed?.type === 'subscribed' ? subscribed.refused : [],
    items: messages.flatMap((m) => (m.type === 'data' ? m.items : [])),
  };
}

describe('binding wall', () => {
  it('a device bound again by another team shows nothing the previous team recorded', async () => {
    const a = await teamWithTemplate(server);
    const b = await teamWithTemplate(server);
    const d = await onlineDevice(a);
    const t0 = Date.now();

    // Team A: an alarm rule that A's value raises, a monitor point, values, a write, a drop.
    await insertRule(server, {
      teamId: a.main.profile.team_id,
      templateId: a.template.id,
      tagId: a.tags.temp,
      type: 2,
      value: '100',
    });
    const write = await server.call('POST', '/device/settag', {
      token: a.token,
      body: { id: d.id, tag_id: a.tags.speed, value: 1234 },
    });
    expect(write.body.code, JSON.stringify(write.body)).toBe(0);
    const point = await server.call<{ tag_id: number }>('POST', '/device/monitor/add', {
      token: a.token,
      body: { id: d.id, name: 'a_point', data_type: 7, address: 'D100' },
    });
    expect(point.body.code).toBe(0);
    const pointTag = point.body.data.tag_id;
    server.app.services.ingest.cache.invalidate(d.sn);
    await d.data({ ts: t0, v: { [a.tags.temp]: 777.5, [a.tags.recipe]: 'A-secret', [pointTag]: 42.5 } });
    await server.app.services.historyStore.flush(); // these are in the database
    // Clock ahead of real time: the read cut at the binding time let these through before.
    await d.data({ ts: t0 + 3_600_000, v: { [a.tags.temp]: 778.5, [a.tags.speed]: 7 } });
    await d.data({ ts: t0 + 1, v: { 999_999: 1 } }); // an unknown tag: a drop
    await server.app.services.alarmEngine.idle();
    const aRecords = await get<AlarmRecordListReply>(`/alarm/record/list?device_id=${d.id}`, a.token);
    expect(aRecords.total).toBe(1);
    const before = await rowsOf(d.id);
    expect(before.tag_writes).toBe(1);
    expect(before.monitor_points).toBe(1);
    expect(before.device_connection_events).toBeGreaterThan(0);

    // A unbinds: nothing of the device is left (the values still in memory included).
    expect(
      (await server.call('POST', '/device/unbind', { token: a.token, body: { ids: [d.id] } })).body.code,
    ).toBe(0);
    await server.app.services.historyStore.flush();
    expect(
      Object.values(await rowsOf(d.id)).every((n) => n === 0),
      JSON.stringify(await rowsOf(d.id)),
    ).toBe(true);

    // While unbound the device keeps sending: acknowledged, neither stored nor counted.
    await d.data({ ts: Date.now(), v: { [a.tags.temp]: 779.5 } });
    await d.data({ ts: Date.now(), v: { 999_999: 1 } });

    // B binds the SN with its PIN.
    const bound = await server.call<DeviceDetail>('POST', '/device/bind', {
      token: b.token,
      body: { sn: d.sn, pin: d.secret, name: uniqueDeviceName('B'), template_id: b.template.id },
    });
    expect(bound.body.code, JSON.stringify(bound.body)).toBe(0);
    expect(bound.body.data.id).toBe(d.id);
    const ids = [...Object.values(a.tags), ...Object.values(b.tags), pointTag].join(',');
    const from = t0 - 86_400_000;
    const to = t0 + 2 * 86_400_000;

    const last = await get<LastValuesReply>(`/device/lastvalues?id=${d.id}`, b.token);
    expect(last.items).toEqual([]);
    const lastOfA = await get<LastValuesReply>(`/device/lastvalues?id=${d.id}&tag_ids=${ids}`, b.token);
    expect(lastOfA.items).toEqual([]);
    expect((await get<TagWriteLogReply>(`/device/settag/log?id=${d.id}`, b.token)).total).toBe(0);
    const online = await get<DeviceConnectionLogReply>(`/device/online/log?id=${d.id}`, b.token);
    expect(online.list.map((e) => [e.online, e.reason])).toEqual([[1, 'bound']]);
    const tenTags = ids.split(',').slice(0, 10).join(',');
    const raw = await get<HistoryRawReply>(
      `/history/raw?device_id=${d.id}&tag_ids=${tenTags}&from=${from}&to=${to}`,
      b.token,
    );
    expect(raw.total).toBe(0);
    for (const width of [100, 4000]) {
      const series = await get<HistorySeriesReply>(
        `/history/series?device_id=${d.id}&tag_ids=${tenTags}&from=${from}&to=${to}&width=${width}`,
        b.token,
      );
      expect(series.series.every((s) => s.t.length === 0)).toBe(true);
    }
    const csv = await fetch(
      `${server.url}/v1/history/export?device_id=${d.id}&tag_ids=${tenTags}&from=${from}&to=${to}&format=csv`,
      { headers: { authorization: `Bearer ${b.token}` } },
    );
    const csvText = await csv.text();
    expect(csv.status).toBe(200);
    expect(csvText).not.toContain('777.5');
    expect(csvText).not.toContain('A-secret');
    expect(csvText.trim().split('\n')).toHaveLength(1); // the header only
    const drops = await get<IngestDrops>(`/history/drops?id=${d.id}`, b.token);
    expect(drops).toMatchObject({ unknown_tag: 0, wrong_type: 0, bad_payload: 0, last_reason: '' });
    const monitor = await get<MonitorListReply>(`/device/monitor/list?id=${d.id}`, b.token);
    expect(monitor.tags.map((t) => t.tag_id)).not.toContain(pointTag);
    expect(monitor.tags.every((t) => t.source === 'template')).toBe(true);
    expect(monitor.acked_version).toBe(0);
    expect((await get<AlarmRecordListReply>(`/alarm/record/list?device_id=${d.id}`, b.token)).total).toBe(0);
    expect((await get<MessageListReply>('/msg/notify?kind=alarm&page_size=50', b.token)).total).toBe(0);
    expect((await get<MessageListReply>('/msg/notify?kind=alarm&page_size=50', a.token)).total).toBe(1);
    const socket = await socketValues(b.token, d.id);
    expect(socket.refused).toEqual([]);
    expect(socket.items).toEqual([]);
    expect(
      JSON.stringify(await server.call('GET', `/device/detail?id=${d.id}`, { token: b.token })),
    ).not.toContain('A-secret');

    // A keeps its own log: its alarm record, never B's to see.
    expect((await get<AlarmRecordListReply>('/alarm/record/list', a.token)).total).toBe(1);

    // B's own data: whatever the device sends during B's binding, backfill of older times too.
    const boundAt = bound.body.data.bound_at!;
    await d.data([
      { ts: boundAt - 60_000, v: { [b.tags.temp]: 1.5 }, hist: true },
      { ts: boundAt + 5, v: { [b.tags.temp]: 2.5 }, hist: true },
    ]);
    await d.data({ ts: boundAt - 5_000, v: { [b.tags.speed]: 3 } });
    await eventually(
      () => get<LastValuesReply>(`/device/lastvalues?id=${d.id}`, b.token),
      (r) => r.items.length === 2,
      "B's last values",
    );
    const mine = await get<HistoryRawReply>(
      `/history/raw?device_id=${d.id}&tag_ids=${b.tags.temp},${b.tags.speed}&from=${from}&to=${to}&order=asc`,
      b.token,
    );
    expect(mine.list.map((r) => r.value)).toEqual([1.5, 3, 2.5]);
  });

  it('the same team binding a device again starts empty too', async () => {
    const a = await teamWithTemplate(server);
    const d = await onlineDevice(a);
    await d.data({ ts: Date.now(), v: { [a.tags.temp]: 5.5 } });
    await server.call('POST', '/device/unbind', { token: a.token, body: { ids: [d.id] } });
    const again = await server.call<DeviceDetail>('POST', '/device/bind', {
      token: a.token,
      body: { sn: d.sn, pin: d.secret, name: uniqueDeviceName('A'), template_id: a.template.id },
    });
    expect(again.body.code).toBe(0);
    expect((await get<LastValuesReply>(`/device/lastvalues?id=${d.id}`, a.token)).items).toEqual([]);
    await server.app.services.historyStore.flush();
    expect(await rowsOf(d.id)).toEqual(freshBinding());
  });

  it('values in flight while the device is unbound never reach the next binding', async () => {
    const a = await teamWithTemplate(server);
    const b = await teamWithTemplate(server);
    const d = await onlineDevice(a);
    // 300 QoS 1 messages pipelined, the unbind in the middle of them.
    const t0 = Date.now();
    let handled = 0;
    const off = server.app.services.deviceLink.on('handled', (e) => {
      if (e.sn === d.sn && e.channel === 'data') handled++;
    });
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < 300; i++) {
      sent.push(
        d.client.publishAsync(
          deviceTopic(d.sn, 'data'),
          JSON.stringify({ ts: t0 + i, v: { [a.tags.temp]: i, [a.tags.speed]: i } }),
          { qos: 1 },
        ),
      );
      if (i === 150)
        sent.push(server.call('POST', '/device/unbind', { token: a.token, body: { ids: [d.id] } }));
    }
    await Promise.all(sent);
    // An external broker acknowledges by itself: wait until the server handled all of them.
    if (server.app.services.deviceLink.kind !== 'embedded')
      await waitUntil(() => handled >= 300, 10_000, 'handled');
    off();
    const bound = await server.call<DeviceDetail>('POST', '/device/bind', {
      token: b.token,
      body: { sn: d.sn, pin: d.secret, name: uniqueDeviceName('B'), template_id: b.template.id },
    });
    expect(bound.body.code).toBe(0);
    await server.app.services.historyStore.flush();
    expect(await rowsOf(d.id)).toEqual(freshBinding());
    expect((await get<LastValuesReply>(`/device/lastvalues?id=${d.id}`, b.token)).items).toEqual([]);
  });
});
