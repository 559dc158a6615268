import { LiveCloseCode, LiveLimits, type NotifyEvent } from '@hmi/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { InProcessBus } from '../../plugins/bus.ts';
import { sleep, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { insertAlarmRecord } from '../alarm/alarm-test-helpers.ts';
import { insertMessage, userIdOf } from '../messages/message-test-helpers.ts';
import { NotifyHub, notifyHubDefaults, type NotifySocket } from './notify-hub.ts';

/*
 * The notify socket with a real WebSocket client (ws) against the real server; events come from
 * the bus as the alarm engine and the message centre publish them.
 */
let server: TestServer;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  server = await startDeviceTestServer();
});
afterEach(() => sockets.splice(0).forEach((s) => s.terminate()));
afterAll(async () => server?.close());

function open(query: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/ws/notify${query}`);
  sockets.push(ws);
  const frames: NotifyEvent[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as NotifyEvent));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const count = (type: NotifyEvent['type']) => frames.filter((f) => f.type === type).length;
  const next = async (type: NotifyEvent['type'], after: number) => {
    await waitUntil(() => count(type) > after, 5_000, `${type} frame`);
    return frames.filter((f) => f.type === type)[after]!;
  };
  return { ws, frames, closed, count, next };
}

/** An open socket, registered in the hub (its first ping was answered). */
async function socket(token: string) {
  const s = open(`?token=${encodeURIComponent(token)}`);
  await new Promise((resolve) => s.ws.once('open', resolve));
  s.ws.send(JSON.stringify({ type: 'ping' }));
  await s.next('pong', 0);
  return s;
}

describe('notify socket', () => {
  it('closes with 4001 on a missing, forged or ended token', async () => {
    expect((await open('').closed).code).toBe(LiveCloseCode.TokenInvalid);
    expect(await open('?token=abc.def.ghi').closed).toEqual({
      code: LiveCloseCode.TokenInvalid,
      reason: 'E_INVALID_OR_EXPIRED_TOKEN',
    });
    const user = await createActiveUser(server);
    await server.call('POST', '/global/logout', { token: user.tokens.token });
    expect((await open(`?token=${user.tokens.token}`).closed).code).toBe(LiveCloseCode.TokenInvalid);
  });

  it('answers ping with pong, sends counts on connect, closes on anything else (1003)', async () => {
    const user = await createActiveUser(server);
    // Any signed-in user, without any permission.
    const sub = await createSubAccount(server, user, { permissions: [] });
    const s = await socket(sub.tokens.token);
    expect(s.frames.slice(0, 2)).toEqual([{ type: 'counts' }, { type: 'pong' }]);
    s.ws.send(JSON.stringify({ type: 'ping' }));
    await s.next('pong', 1);
    s.ws.send('{"type":"subscribe"}');
    expect((await s.closed).code).toBe(LiveCloseCode.BadMessage);
    const t = await socket(sub.tokens.token);
    t.ws.send('not json');
    expect((await t.closed).code).toBe(LiveCloseCode.BadMessage);
  });

  it('closes a socket pinging faster than the message rate with 4030', async () => {
    const user = await createActiveUser(server);
    const s = await socket(user.tokens.token);
    for (let i = 0; i < 100; i++) s.ws.send('{"type":"ping"}');
    expect(await s.closed).toEqual({ code: LiveCloseCode.TooManyMessages, reason: 'too many messages' });
    // The burst (the first ping of `socket` included), give or take what refilled meanwhile.
    expect(s.count('pong')).toBeGreaterThanOrEqual(LiveLimits.messageBurst);
    expect(s.count('pong')).toBeLessThan(LiveLimits.messageBurst + 5);
  });

  it('pushes counts and alarm frames only to the sockets of the users named, in their team', async () => {
    const main = await createActiveUser(server);
    const teamId = main.profile.team_id;
    const sub = await createSubAccount(server, main, { permissions: [] });
    const subId = await userIdOf(server, sub.email);
    const mainId = main.profile.dbuser_id;
    const a1 = await socket(main.tokens.token);
    const a2 = await socket(main.tokens.token); // a second tab
    const b = await socket(sub.tokens.token);
    const other = await createActiveUser(server);
    const c = await socket(other.tokens.token);

    server.app.bus.publish('messages.changed', { teamId, userIds: [mainId] });
    await a1.next('counts', 1);
    await a2.next('counts', 1);
    // The same user id in another team's event reaches nobody.
    server.app.bus.publish('messages.changed', { teamId: teamId + 100_000, userIds: [mainId, subId] });

    const device = await buildDevice(server, main.tokens.token);
    const record = await insertAlarmRecord(server, teamId, device.id, { level: 16 });
    server.app.bus.publish('alarm.event', {
      teamId,
      deviceId: device.id,
      event: 'raised',
      record,
      userIds: [subId],
    });
    const alarm = await b.next('alarm', 0);
    expect(alarm).toEqual({ type: 'alarm', event: 'raised', level: 16, record });

    // Marking read through the API tells the caller's sockets.
    const id = await insertMessage(server, teamId, subId, { kind: 'alarm', alarmRecordId: record.id });
    expect(
      (await server.call('POST', '/msg/setread', { token: sub.tokens.token, body: { ids: [id] } })).body.code,
    ).toBe(0);
    await b.next('counts', 1);

    await sleep(200);
    expect([a1.count('counts'), a2.count('counts'), b.count('counts'), c.count('counts')]).toEqual([
      2, 2, 2, 1,
    ]);
    expect([a1.count('alarm'), a2.count('alarm'), b.count('alarm'), c.count('alarm')]).toEqual([0, 0, 1, 0]);
  });
});

describe('notify hub', () => {
  /** A socket stand-in: records frames and closes. */
  function fakeSocket() {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const ws = {
      readyState: 1,
      OPEN: 1,
      sent: [] as string[],
      closedWith: null as number | null,
      send(text: string) {
        this.sent.push(text);
      },
      close(code: number) {
        this.closedWith = code;
        this.readyState = 3;
        handlers.get('close')?.();
      },
      on(event: string, handler: (...args: unknown[]) => void) {
        handlers.set(event, handler);
        return this;
      },
      emit(event: string, ...args: unknown[]) {
        handlers.get(event)?.(...args);
      },
    };
    return ws;
  }
  const user = (id: number): CurrentUser => ({
    id,
    teamId: 1,
    isMain: true,
    sessionId: 's',
    permissions: new Set(),
    scope: { teamId: 1, devices: null, groups: null, templates: null, projects: null, zones: null },
  });

  it('closes idle sockets (4008) and sockets beyond the per-user cap (4029)', async () => {
    const hub = new NotifyHub(new InProcessBus(), async (u) => u, server.app.log, {
      ...notifyHubDefaults,
      socketsPerUser: 2,
      idleMs: 1_000,
    });
    const [x, y, z] = [fakeSocket(), fakeSocket(), fakeSocket()];
    for (const s of [x, y, z]) hub.open(s as unknown as NotifySocket, user(7));
    expect(z.closedWith).toBe(LiveCloseCode.TooManySockets);
    expect(hub.size).toBe(2);
    const now = Date.now();
    await hub.sweep(now + 500);
    expect([x.closedWith, y.closedWith]).toEqual([null, null]);
    await hub.sweep(now + 1_500);
    expect([x.closedWith, y.closedWith]).toEqual([LiveCloseCode.IdleTimeout, LiveCloseCode.IdleTimeout]);
    expect(hub.size).toBe(0);
  });

  it('closes a socket beyond its message rate (4030); the rest of the flood goes unanswered', () => {
    const hub = new NotifyHub(new InProcessBus(), async (u) => u, server.app.log, {
      ...notifyHubDefaults,
      messageRate: { perSecond: 1, burst: 3 },
    });
    const ws = fakeSocket();
    hub.open(ws as unknown as NotifySocket, user(10));
    for (let i = 0; i < 1_000; i++) ws.emit('message', Buffer.from('{"type":"ping"}'), false);
    expect(ws.closedWith).toBe(LiveCloseCode.TooManyMessages);
    expect(ws.sent.map((t) => (JSON.parse(t) as NotifyEvent).type)).toEqual([
      'counts',
      'pong',
      'pong',
      'pong',
    ]);
    expect(hub.size).toBe(0);
  });

  it('checks every caller again each reauthMs (4001 once signed out) and closes all on stop (1001)', async () => {
    let signedIn = true;
    const hub = new NotifyHub(new InProcessBus(), async (u) => (signedIn ? u : null), server.app.log, {
      ...notifyHubDefaults,
      idleMs: 60_000,
      reauthMs: 5_000,
    });
    const [w, v] = [fakeSocket(), fakeSocket()];
    hub.open(w as unknown as NotifySocket, user(8));
    const now = Date.now();
    await hub.sweep(now + 5_100);
    expect(w.closedWith).toBeNull();
    signedIn = false;
    await hub.sweep(now + 5_200); // the next check is not due yet
    expect(w.closedWith).toBeNull();
    await hub.sweep(now + 10_200);
    expect(w.closedWith).toBe(LiveCloseCode.TokenInvalid);

    signedIn = true;
    hub.open(v as unknown as NotifySocket, user(9));
    expect(JSON.parse(v.sent[0]!)).toEqual({ type: 'counts' });
    hub.stop();
    expect(v.closedWith).toBe(LiveCloseCode.GoingAway);
  });
});
