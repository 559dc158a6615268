import { deviceTopic, LiveCloseCode, LiveLimits, Perm, type LiveServerMessage } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createSubAccount } from '../../../test/factories.ts';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import {
  connectDevice,
  storedValues,
  teamWithTemplate,
  type TestDevice,
} from '../ingest/live-data-test-helpers.ts';
import { sleep, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * The device data socket with a real WebSocket client (ws) against the real server, fed by a
 * plain MQTT client publishing as the device.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
const clients: MqttClient[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', LIVE_COALESCE_MS: '250', ...NO_BILLING });
  team = await teamWithTemplate(server);
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

async function device(): Promise<TestDevice> {
  const d = await connectDevice(server, team.token, team.template.id);
  clients.push(d.client);
  return d;
}

type Msg = LiveServerMessage;

function open(query: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/ws/device${query}`);
  sockets.push(ws);
  const messages: Msg[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Msg));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next = async <T extends Msg['type']>(type: T, after = 0, timeoutMs = 5_000) => {
    await waitUntil(
      () => messages.filter((m) => m.type === type).length > after,
      timeoutMs,
      `${type} message`,
    );
    return messages.filter((m) => m.type === type)[after] as Extract<Msg, { type: T }>;
  };
  const send = (m: object) => ws.send(JSON.stringify(m));
  return { ws, messages, closed, next, send };
}

const socket = async (token = team.token, page = 0) => {
  const s = open(`?token=${encodeURIComponent(token)}&page=${page}`);
  await s.next('ready');
  return s;
};

const dataItems = (messages: Msg[]) => messages.flatMap((m) => (m.type === 'data' ? m.items : []));

describe('device data socket', () => {
  it('closes with 4001 on a missing, forged or expired token, 4003 without device view', async () => {
    expect((await open('').closed).code).toBe(LiveCloseCode.TokenInvalid);
    expect(await open('?token=abc.def.ghi').closed).toEqual({
      code: LiveCloseCode.TokenInvalid,
      reason: 'E_INVALID_OR_EXPIRED_TOKEN',
    });
    const sub = await createSubAccount(server, team.main, { permissions: [] });
    expect((await open(`?token=${sub.tokens.token}`).closed).code).toBe(LiveCloseCode.PermissionDenied);
    // A session that ends (logout) makes its token unusable for a new socket.
    const other = await teamWithTemplate(server);
    await server.call('POST', '/global/logout', { token: other.token });
    expect((await open(`?token=${other.token}`).closed).code).toBe(LiveCloseCode.TokenInvalid);
  });

  it('closes an open socket at once (4001) when its session ends, not at the next re-check', async () => {
    const other = await teamWithTemplate(server);
    const s = await socket(other.token);
    const started = Date.now();
    await server.call('POST', '/global/logout', { token: other.token });
    expect((await s.closed).code).toBe(LiveCloseCode.TokenInvalid);
    // The periodic re-check runs once a minute; the bus event ends the socket well before.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('streams only the tags of the current page; switch_page moves the page', async () => {
    const d = await device();
    const s = await socket();
    expect(await s.next('ready')).toMatchObject({ page: 0, coalesce_ms: 250, data: true });
    s.send({ type: 'subscribe', device_ids: [d.id], page_size: 2 });
    const sub = await s.next('subscribed');
    const order = team.template.tags.map((t) => t.id);
    expect(sub).toMatchObject({
      page: 0,
      page_size: 2,
      devices: [{ device_id: d.id, tag_ids: order.slice(0, 2), tag_total: 5 }],
      refused: [],
    });
    const ts = Date.now() + 1_000;
    await d.data({
      ts,
      v: {
        [team.tags.speed]: 1,
        [team.tags.temp]: 2.5,
        [team.tags.running]: true,
        [team.tags.recipe]: 'A',
        [team.tags.counter]: 9,
      },
    });
    const first = await s.next('data');
    expect(first.items.map((i) => i.tag_id).sort()).toEqual(order.slice(0, 2).sort());
    expect(first.items.find((i) => i.tag_id === team.tags.speed)).toEqual({
      device_id: d.id,
      tag_id: team.tags.speed,
      ts,
      value: 1,
    });

    s.send({ type: 'switch_page', page: 1 });
    const sub2 = await s.next('subscribed', 1);
    expect(sub2.devices[0]!.tag_ids).toEqual(order.slice(2, 4));
    // The page's last values come first...
    const snapshot = await s.next('data', 1);
    expect(snapshot.items.map((i) => [i.tag_id, i.value])).toEqual([
      [team.tags.running, 1],
      [team.tags.recipe, 'A'],
    ]);
    // ...then only that page's tags.
    await d.data({ ts: ts + 1, v: { [team.tags.speed]: 2, [team.tags.recipe]: 'B' } });
    const live = await s.next('data', 2);
    expect(live).toMatchObject({ page: 1, items: [{ tag_id: team.tags.recipe, value: 'B', ts: ts + 1 }] });
    await sleep(400);
    expect(dataItems(s.messages.slice(s.messages.indexOf(live) + 1))).toEqual([]);
  });

  it('never pushes backfill as new values', async () => {
    const d = await device();
    const s = await socket();
    s.send({ type: 'subscribe', device_ids: [d.id], page_size: 5 });
    await s.next('subscribed');
    const ts = Date.now() + 1_000;
    await d.data([
      { ts: ts - 60_000, v: { [team.tags.speed]: 11 }, hist: true },
      { ts: ts - 59_000, v: { [team.tags.speed]: 12 }, hist: true },
    ]);
    await d.data({ ts, v: { [team.tags.temp]: 3 } });
    await s.next('data');
    await sleep(400);
    const items = dataItems(s.messages);
    expect(items.map((i) => i.tag_id)).toEqual([team.tags.temp]);
    // ...though it is stored.
    const stored = (await storedValues(server, d.id)).filter((r) => r.tag_id === team.tags.speed);
    expect(stored.map((r) => r.num)).toEqual([11, 12]);
  });

  it('coalesces updates: about one frame per window, carrying the newest value of each tag', async () => {
    const d = await device();
    const s = await socket();
    s.send({ type: 'subscribe', device_ids: [d.id], page_size: 5 });
    await s.next('subscribed');
    const ts = Date.now() + 1_000;
    const started = Date.now();
    for (let i = 0; i < 40; i++) await d.data({ ts: ts + i, v: { [team.tags.speed]: i } });
    const elapsed = Date.now() - started;
    await sleep(400);
    const frames = s.messages.filter((m) => m.type === 'data');
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 2);
    expect(frames.length).toBeLessThan(40);
    const last = frames[frames.length - 1]!;
    expect(last.type === 'data' && last.items).toEqual([
      { device_id: d.id, tag_id: team.tags.speed, ts: ts + 39, value: 39 },
    ]);
  });

  it('sends act on online, offline and sync changes, and write results', async () => {
    const d = await device();
    const s = await socket();
    s.send({ type: 'subscribe', device_ids: [d.id] });
    await s.next('subscribed');
    await d.goOnlineAndSync();
    await waitUntil(
      () => s.messages.some((m) => m.type === 'act' && m.act === 'sync' && m.sync_state === 1),
      5_000,
      'sync act',
    );
    expect(s.messages.find((m) => m.type === 'act' && m.act === 'online')).toMatchObject({
      device_id: d.id,
      online: 1,
    });
    d.client.on('message', (topic, payload) => {
      if (topic === deviceTopic(d.sn, 'cmd')) {
        const { id } = JSON.parse(payload.toString()) as { id: string };
        d.client
          .publishAsync(deviceTopic(d.sn, 'cmd/resp'), JSON.stringify({ id, ok: true }), { qos: 1 })
          .catch(() => undefined);
      }
    });
    const write = await server.call<{ write_id: number }>('POST', '/device/settag', {
      token: team.token,
      body: { id: d.id, tag_id: team.tags.speed, value: 77 },
    });
    expect(write.body.code).toBe(0);
    await waitUntil(
      () => s.messages.some((m) => m.type === 'act' && m.act === 'settag'),
      5_000,
      'settag act',
    );
    expect(s.messages.find((m) => m.type === 'act' && m.act === 'settag')).toMatchObject({
      device_id: d.id,
      tag_id: team.tags.speed,
      value: 77,
      ok: true,
      write_id: write.body.data.write_id,
    });
    // Dropped, not closed: the broker (or an external one, through the Last Will) says so.
    d.client.stream.destroy();
    await waitUntil(
      () => s.messages.some((m) => m.type === 'act' && m.act === 'offline'),
      5_000,
      'offline act',
    );
  });

  it("never carries a device outside a sub-account's data scope", async () => {
    const mine = await device();
    const hidden = await device();
    const sub = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceView, Perm.DeviceMonitor],
      deviceIds: [mine.id],
    });
    const s = await socket(sub.tokens.token);
    s.send({ type: 'subscribe', device_ids: [mine.id, hidden.id], page_size: 5 });
    expect(await s.next('subscribed')).toMatchObject({
      devices: [{ device_id: mine.id }],
      refused: [hidden.id],
    });
    const ts = Date.now() + 1_000;
    await hidden.data({ ts, v: { [team.tags.speed]: 666 } });
    await hidden.goOnlineAndSync();
    await mine.data({ ts, v: { [team.tags.speed]: 1 } });
    await s.next('data');
    await sleep(400);
    expect(s.messages.some((m) => 'device_id' in m && m.device_id === hidden.id)).toBe(false);
    expect(dataItems(s.messages).every((i) => i.device_id === mine.id)).toBe(true);
    // Another team cannot even name the device.
    const other = await teamWithTemplate(server);
    const o = await socket(other.token);
    o.send({ type: 'subscribe', device_ids: [mine.id] });
    expect(await o.next('subscribed')).toMatchObject({ devices: [], refused: [mine.id] });
    // Without the monitor permission a socket gets acts but no data.
    const viewer = await createSubAccount(server, team.main, {
      permissions: [Perm.DeviceView],
      deviceIds: [mine.id],
    });
    const v = await socket(viewer.tokens.token);
    expect(await v.next('ready')).toMatchObject({ data: false });
  });

  it('answers ping with pong and refuses malformed messages', async () => {
    const s = await socket();
    s.send({ type: 'ping' });
    expect((await s.next('pong')).ts).toBeGreaterThan(0);
    s.send({ type: 'subscribe', device_ids: 'x' });
    expect(await s.next('error')).toMatchObject({ code: 1006 });
    s.ws.send('not json');
    expect(await s.next('error', 1)).toMatchObject({ code: 1006 });
  });

  it('works a burst of page switches within the rate: the last page requested wins', async () => {
    const d = await device();
    const s = await socket();
    s.send({ type: 'subscribe', device_ids: [d.id], page_size: 1 });
    await s.next('subscribed');
    const order = team.template.tags.map((t) => t.id);
    // A user clicking through the pager: 30 page switches at once, ending on page 3.
    const burst = 30;
    for (let i = 0; i < burst - 1; i++) s.send({ type: 'switch_page', page: i % 3 });
    s.send({ type: 'switch_page', page: 3 });
    await waitUntil(
      () => s.messages.filter((m) => m.type === 'subscribed').at(-1)?.page === 3,
      5_000,
      'page 3 subscribed',
    );
    await sleep(300);
    const switched = s.messages.filter((m) => m.type === 'subscribed').slice(1);
    expect(switched.length).toBeLessThan(burst);
    expect(switched.at(-1)).toMatchObject({ page: 3, devices: [{ device_id: d.id, tag_ids: [order[3]] }] });
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    const before = s.messages.length;
    const ts = Date.now() + 1_000;
    await d.data({ ts, v: { [team.tags.speed]: 1, [team.tags.recipe]: 'Z', [team.tags.counter]: 2 } });
    await waitUntil(() => s.messages.slice(before).some((m) => m.type === 'data'), 5_000, 'data');
    expect(s.messages.slice(before).find((m) => m.type === 'data')).toEqual({
      type: 'data',
      page: 3,
      items: [{ device_id: d.id, tag_id: team.tags.recipe, ts, value: 'Z' }],
    });
  });

  it('closes a socket sending faster than the message rate with 4030', async () => {
    const s = await socket();
    // LIVE_MESSAGE_BURST (40) at once are fine, the next closes: even pings count.
    for (let i = 0; i < 100; i++) s.send({ type: 'ping' });
    expect(await s.closed).toEqual({ code: LiveCloseCode.TooManyMessages, reason: 'too many messages' });
    // The burst, give or take what the bucket refilled while they were read.
    const pongs = s.messages.filter((m) => m.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(LiveLimits.messageBurst);
    expect(pongs).toBeLessThan(LiveLimits.messageBurst + 5);
  });

  it('caps sockets per team (4029) and streamed tags per team (1036)', async () => {
    const capped = await startDeviceTestServer({
      LIVE_MAX_SOCKETS_PER_TEAM: '2',
      LIVE_MAX_TAGS_PER_TEAM: '3',
    });
    try {
      const t = await teamWithTemplate(capped);
      const d = await connectDevice(capped, t.token, t.template.id);
      clients.push(d.client);
      const url = `${capped.url.replace('http', 'ws')}/v1/ws/device?token=${t.token}`;
      const a = new WebSocket(url);
      const b = new WebSocket(url);
      sockets.push(a, b);
      await Promise.all([a, b].map((w) => new Promise((r) => w.once('message', r))));
      const c = new WebSocket(url);
      sockets.push(c);
      expect(await new Promise((r) => c.on('close', (code) => r(code)))).toBe(LiveCloseCode.TooManySockets);
      const replies: Msg[] = [];
      a.on('message', (m) => replies.push(JSON.parse(m.toString()) as Msg));
      a.send(JSON.stringify({ type: 'subscribe', device_ids: [d.id], page_size: 5 }));
      await waitUntil(() => replies.length > 0, 5_000, 'reply');
      expect(replies[0]).toMatchObject({ type: 'error', code: 1036 });
      a.send(JSON.stringify({ type: 'subscribe', device_ids: [d.id], page_size: 3 }));
      await waitUntil(() => replies.length > 1, 5_000, 'reply');
      expect(replies[1]).toMatchObject({ type: 'subscribed' });
    } finally {
      await capped.close();
    }
  });
});
