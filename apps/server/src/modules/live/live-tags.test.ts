import { LiveLimits, type LiveServerMessage } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, teamWithTemplate, type TestDevice } from '../ingest/live-data-test-helpers.ts';
import { sleep, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * subscribe_tags on the device data socket (the data board): a set of (device, tag) pairs of
 * any devices, their last values first, then only those tags' values.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
const clients: MqttClient[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', LIVE_COALESCE_MS: '100' });
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

async function socket() {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/ws/device?token=${team.token}`);
  sockets.push(ws);
  const messages: LiveServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveServerMessage));
  const count = (type: string) => messages.filter((m) => m.type === type).length;
  const next = async <T extends LiveServerMessage['type']>(type: T, after = 0) => {
    await waitUntil(() => count(type) > after, 5_000, `${type} message`);
    return messages.filter((m) => m.type === type)[after] as Extract<LiveServerMessage, { type: T }>;
  };
  await next('ready');
  return { messages, next, send: (m: object) => ws.send(JSON.stringify(m)) };
}

const items = (messages: LiveServerMessage[]) => messages.flatMap((m) => (m.type === 'data' ? m.items : []));

describe('device data socket: subscribe_tags', () => {
  it('streams only the pairs asked for, across devices, after their last values', async () => {
    const a = await device();
    const b = await device();
    const ts = Date.now();
    await a.data({ ts, v: { [team.tags.speed]: 5, [team.tags.temp]: 1.5 } });
    await sleep(100);
    const s = await socket();
    s.send({
      type: 'subscribe_tags',
      tags: [
        { device_id: a.id, tag_id: team.tags.speed },
        { device_id: b.id, tag_id: team.tags.temp },
        { device_id: b.id, tag_id: 999_999 },
        { device_id: 987_654, tag_id: team.tags.speed },
      ],
    });
    const sub = await s.next('subscribed');
    expect(sub.devices).toEqual(
      expect.arrayContaining([
        { device_id: a.id, tag_ids: [team.tags.speed], tag_total: 5 },
        { device_id: b.id, tag_ids: [team.tags.temp], tag_total: 5 },
      ]),
    );
    expect(sub.refused).toEqual([987_654]);
    // The last value of the pair first (not temp of device a).
    expect((await s.next('data')).items).toEqual([
      { device_id: a.id, tag_id: team.tags.speed, ts, value: 5 },
    ]);

    await a.data({ ts: ts + 1, v: { [team.tags.speed]: 6, [team.tags.temp]: 2 } });
    await b.data({ ts: ts + 1, v: { [team.tags.speed]: 7, [team.tags.temp]: 3 } });
    await waitUntil(() => items(s.messages).length >= 3, 5_000, 'live values');
    await sleep(250);
    expect(
      items(s.messages)
        .slice(1)
        .map((i) => [i.device_id, i.tag_id, i.value])
        .sort(),
    ).toEqual(
      [
        [a.id, team.tags.speed, 6],
        [b.id, team.tags.temp, 3],
      ].sort(),
    );

    // A page subscription replaces it.
    s.send({ type: 'subscribe', device_ids: [b.id], page_size: 1 });
    expect((await s.next('subscribed', 1)).devices).toEqual([
      { device_id: b.id, tag_ids: [team.template.tags[0]!.id], tag_total: 5 },
    ]);
  });

  it(`refuses more than ${LiveLimits.devicesPerSocketMax} devices (1006) and keeps the previous subscription`, async () => {
    const s = await socket();
    const tags = Array.from({ length: LiveLimits.devicesPerSocketMax + 1 }, (_, i) => ({
      device_id: i + 1,
      tag_id: 1,
    }));
    s.send({ type: 'subscribe_tags', tags });
    expect(await s.next('error')).toMatchObject({ code: 1006 });
    s.send({
      type: 'subscribe_tags',
      tags: Array(LiveLimits.tagPairsMax + 1).fill({ device_id: 1, tag_id: 1 }),
    });
    expect(await s.next('error', 1)).toMatchObject({ code: 1006 });
    expect(s.messages.some((m) => m.type === 'subscribed')).toBe(false);
  });
  it('one subscription: a page of some devices, pairs of others, acts only of others', async () => {
    const a = await device();
    const b = await device();
    const c = await device();
    const s = await socket();
    s.send({
      type: 'subscribe',
      device_ids: [a.id],
      page_size: 1,
      tags: [{ device_id: b.id, tag_id: team.tags.temp }],
      act_device_ids: [c.id, 987_654],
    });
    const sub = await s.next('subscribed');
    expect(sub.devices).toEqual([
      { device_id: a.id, tag_ids: [team.template.tags[0]!.id], tag_total: 5 },
      { device_id: b.id, tag_ids: [team.tags.temp], tag_total: 5 },
      { device_id: c.id, tag_ids: [], tag_total: 5 },
    ]);
    expect(sub.refused).toEqual([987_654]);
    const ts = Date.now() + 1_000;
    for (const d of [a, b, c]) await d.data({ ts, v: { [team.tags.speed]: 1, [team.tags.temp]: 2 } });
    await c.goOnlineAndSync();
    await waitUntil(
      () => s.messages.some((m) => m.type === 'act' && m.device_id === c.id),
      5_000,
      'act of c',
    );
    await waitUntil(() => items(s.messages).length >= 2, 5_000, 'values');
    await sleep(250);
    expect(items(s.messages).map((i) => [i.device_id, i.tag_id])).toEqual(
      expect.arrayContaining([
        [a.id, team.template.tags[0]!.id],
        [b.id, team.tags.temp],
      ]),
    );
    expect(items(s.messages).every((i) => i.device_id !== c.id)).toBe(true);
    // Beyond 50 devices in all: refused, the subscription stays.
    const many = Array.from({ length: LiveLimits.devicesPerSocketMax }, (_, i) => i + 1);
    s.send({ type: 'subscribe', device_ids: many, act_device_ids: [many.length + 1] });
    expect(await s.next('error')).toMatchObject({ code: 1006 });
    expect(s.messages.filter((m) => m.type === 'subscribed')).toHaveLength(1);
  });
});
