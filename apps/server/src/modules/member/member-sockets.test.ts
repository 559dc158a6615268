import { LiveCloseCode, Perm, type LiveServerMessage } from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, teamWithTemplate, type TestDevice } from '../ingest/live-data-test-helpers.ts';
import { sleep, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { addRole, joinedMember } from './team-test-helpers.ts';

/*
 * A member's device data and notify sockets when their access changes: the server re-reads the
 * member at once (bus 'team.access'), not at the minute's re-check, so a narrowed role stops a
 * device streaming on the open socket, and a removal closes the sockets.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
const clients: MqttClient[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', LIVE_COALESCE_MS: '50' });
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

function open(path: string, token: string) {
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/v1/ws/${path}?token=${encodeURIComponent(token)}`,
  );
  sockets.push(ws);
  const messages: LiveServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveServerMessage));
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    ws.on('close', (code) => resolve({ code, at: Date.now() })),
  );
  const count = (type: string) => messages.filter((m) => m.type === type).length;
  const next = async (type: string, after: number) => {
    await waitUntil(() => count(type) > after, 5_000, `${type} message`);
    return messages.filter((m) => m.type === type)[after] as Extract<
      LiveServerMessage,
      { type: 'subscribed' }
    >;
  };
  return { ws, messages, closed, count, next };
}

const dataOf = (messages: LiveServerMessage[], deviceId: number) =>
  messages.flatMap((m) => (m.type === 'data' ? m.items : [])).filter((i) => i.device_id === deviceId);

const OPERATE = [Perm.DeviceView, Perm.DeviceMonitor];

describe('sockets of a member whose access changes', () => {
  it('a device leaving the scope stops streaming on the open socket at once', async () => {
    const [kept, dropped] = [await device(), await device()];
    const role = await addRole(server, team.token, {
      permissions: OPERATE,
      grants: { devices: [kept.id, dropped.id] },
    });
    const member = await joinedMember(server, team.main, role.id);
    const s = open('device', member.token);
    await waitUntil(() => s.count('ready') > 0, 5_000, 'ready');
    s.ws.send(JSON.stringify({ type: 'subscribe', device_ids: [kept.id, dropped.id], page_size: 5 }));
    expect((await s.next('subscribed', 0)).devices.map((d) => d.device_id).sort()).toEqual(
      [kept.id, dropped.id].sort(),
    );
    const speed = team.tags.speed;
    await kept.data({ ts: Date.now(), v: { [speed]: 1 } });
    await dropped.data({ ts: Date.now(), v: { [speed]: 1 } });
    await waitUntil(() => dataOf(s.messages, dropped.id).length > 0, 5_000, 'data of both');

    const narrowed = Date.now();
    const edit = await server.call('POST', '/system/role/edit', {
      token: team.token,
      body: { id: role.id, grants: { devices: [kept.id] } },
    });
    expect(edit.body.code).toBe(0);
    const again = await s.next('subscribed', 1);
    expect(again.refused).toEqual([dropped.id]);
    // Well before the minute's re-check of sockets.
    expect(Date.now() - narrowed).toBeLessThan(5_000);
    const before = dataOf(s.messages, dropped.id).length;
    await dropped.data({ ts: Date.now() + 10, v: { [speed]: 2 } });
    await kept.data({ ts: Date.now() + 10, v: { [speed]: 2 } });
    await waitUntil(() => dataOf(s.messages, kept.id).some((i) => i.value === 2), 5_000, 'kept device data');
    await sleep(300);
    expect(dataOf(s.messages, dropped.id)).toHaveLength(before);
    // Subscribing to it again is refused too.
    s.ws.send(JSON.stringify({ type: 'subscribe', device_ids: [dropped.id], page_size: 5 }));
    expect((await s.next('subscribed', 2)).refused).toEqual([dropped.id]);
  });

  it('removing a member closes their device and notify sockets at once (4001)', async () => {
    const role = await addRole(server, team.token, { permissions: OPERATE });
    const member = await joinedMember(server, team.main, role.id);
    const live = open('device', member.token);
    const notify = open('notify', member.token);
    await waitUntil(() => live.count('ready') > 0 && notify.count('counts') > 0, 5_000, 'sockets open');
    const removed = Date.now();
    expect(
      (await server.call('POST', '/system/user/delete', { token: team.token, body: { user_id: member.id } }))
        .body.code,
    ).toBe(0);
    const [a, b] = await Promise.all([live.closed, notify.closed]);
    expect([a.code, b.code]).toEqual([LiveCloseCode.TokenInvalid, LiveCloseCode.TokenInvalid]);
    expect(Math.max(a.at, b.at) - removed).toBeLessThan(5_000);
  });

  it('leaving the team closes the sockets to reconnect in the own team (1001)', async () => {
    const role = await addRole(server, team.token, { permissions: OPERATE });
    const member = await joinedMember(server, team.main, role.id);
    const live = open('device', member.token);
    const notify = open('notify', member.token);
    await waitUntil(() => live.count('ready') > 0 && notify.count('counts') > 0, 5_000, 'sockets open');
    expect((await server.call('POST', '/team/leave', { token: member.token })).body.code).toBe(0);
    const [a, b] = await Promise.all([live.closed, notify.closed]);
    expect([a.code, b.code]).toEqual([LiveCloseCode.GoingAway, LiveCloseCode.GoingAway]);
    // The session goes on: a new socket opens, now in the member's own team.
    const reopened = open('device', member.token);
    await waitUntil(() => reopened.count('ready') > 0, 5_000, 'reopened');
  });
});
