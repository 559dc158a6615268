import {
  allPermissionIds,
  AlarmType,
  deviceTopic,
  ErrorCode,
  type MessageListReply,
  type RemoteSession,
} from '@hmi/domain';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../factories.ts';
import type { TestServer } from '../test-server.ts';
import { insertRule } from '../../src/modules/alarm/alarm-test-helpers.ts';
import { startDeviceTestServer } from '../../src/modules/device/device-test-factories.ts';
import {
  connectDevice,
  teamWithTemplate,
  type TestDevice,
} from '../../src/modules/ingest/live-data-test-helpers.ts';
import { sleep, waitUntil } from '../../src/plugins/mqtt/mqtt-test-helpers.ts';
import { addMember, createRole, emptyScope, setRoleScope, type Member } from './members.ts';
import { closeCodeAt, withTraffic } from '../../src/modules/remote/remote-test-helpers.ts';
import { alarmDevicesSeen, devicesSeen, framesAbout, watch, type Watcher } from './sockets.ts';

/*
 * The browser sockets never carry a device, an alarm or a message outside the caller's data
 * scope: a member whose role holds every permission but one of the team's two devices, and team
 * B's main account, watch both sockets while both devices send data, raise and recover alarms,
 * change state and have tags written. The main account watching the same is the control: what
 * the member must not see did happen.
 *
 * Narrowing a role while its sockets are open (POST /system/role/edit, which tells the sockets
 * of its members): from then on they carry only what the narrowed role keeps.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
let inside: TestDevice;
let outside: TestDevice;
let roleId: number;
let member: Member;
let otherTeamToken: string;
const watchers: Watcher[] = [];

/** A device of the team, online and synced, answering every command with ok. */
async function device(): Promise<TestDevice> {
  const d = await connectDevice(server, team.token, team.template.id);
  d.client.on('message', (topic, payload) => {
    if (topic !== deviceTopic(d.sn, 'cmd')) return;
    const { id } = JSON.parse(payload.toString()) as { id: string };
    d.client
      .publishAsync(deviceTopic(d.sn, 'cmd/resp'), JSON.stringify({ id, ok: true }), { qos: 1 })
      .catch(() => undefined);
  });
  await d.goOnlineAndSync();
  return d;
}

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', LIVE_COALESCE_MS: '50' });
  team = await teamWithTemplate(server);
  inside = await device();
  outside = await device();
  await insertRule(server, {
    teamId: team.main.profile.team_id,
    templateId: team.template.id,
    tagId: team.tags.speed,
    type: AlarmType.High,
    value: '100',
    name: 'overspeed',
  });
  const teamRef = { teamId: team.main.profile.team_id, dataCenter: team.main.profile.data_center };
  roleId = await createRole(server, teamRef.teamId, allPermissionIds, {
    ...emptyScope,
    devices: [inside.id],
  });
  member = await addMember(server, teamRef, roleId);
  otherTeamToken = (await createActiveUser(server)).tokens.token;
});
afterEach(() => watchers.splice(0).forEach((w) => w.close()));
afterAll(async () => {
  await Promise.all([inside, outside].map((d) => d?.client.endAsync(true).catch(() => undefined)));
  await server?.close();
});

const opened = async (token: string) => {
  const w = await watch(server, token);
  watchers.push(w);
  return w;
};

/** Data across the alarm limit (raise) and back (recover), a tag write and a state message, per device. */
async function drive(devices: TestDevice[]): Promise<void> {
  for (const speed of [500, 10]) {
    for (const d of devices) {
      await d.data({ ts: Date.now(), v: { [team.tags.speed]: speed } });
      await server.app.services.alarmEngine.idle();
    }
  }
  for (const d of devices) {
    const body = { id: d.id, tag_id: team.tags.temp, value: 1.5 };
    expect((await server.call('POST', '/device/settag', { token: team.token, body })).body.code).toBe(0);
    await d.client.publishAsync(deviceTopic(d.sn, 'state'), JSON.stringify({ online: true }), {
      qos: 1,
      retain: true,
    });
  }
}

/** Waits until a watcher has seen data, a tag write and an alarm of each device. */
async function sawAll(w: Watcher, deviceIds: number[], what: string): Promise<void> {
  await waitUntil(
    () =>
      deviceIds.every((id) => {
        const frames = framesAbout(w.live, id);
        return frames.includes('data') && frames.includes('act:settag') && alarmDevicesSeen(w.notify).has(id);
      }),
    8_000,
    what,
  );
}

describe('sockets and data scope', () => {
  it('a member’s device and notify sockets carry only the devices of its scope; another team’s nothing', async () => {
    const both = [inside.id, outside.id];
    const main = await opened(team.token);
    const sub = await opened(member.token);
    const other = await opened(otherTeamToken);
    await main.subscribe(both);
    expect(await sub.subscribe(both)).toMatchObject({
      devices: [{ device_id: inside.id }],
      refused: [outside.id],
    });
    expect(await other.subscribe(both)).toMatchObject({ devices: [], refused: both });

    // Outside first: by the time the member has seen the inside device, the outside one's frames went out.
    await drive([outside, inside]);
    await sawAll(main, both, 'the main account sees both devices');
    await sawAll(sub, [inside.id], 'the member sees the device of its scope');
    await sleep(300);

    expect(devicesSeen(sub.live)).toEqual(new Set([inside.id]));
    expect(alarmDevicesSeen(sub.notify)).toEqual(new Set([inside.id]));
    expect(sub.notify.filter((f) => f.type === 'alarm').map((f) => f.event)).toEqual(['raised', 'recovered']);
    expect(devicesSeen(other.live)).toEqual(new Set());
    expect(other.notify.filter((f) => f.type !== 'pong' && f.type !== 'counts')).toEqual([]);

    // The messages the alarms left: the member's are all of the device of its scope.
    const list = async (token: string) =>
      (await server.call<MessageListReply>('GET', '/msg/notify?kind=alarm', { token })).body.data.list;
    expect(new Set((await list(team.token)).map((m) => m.alarm?.device_id))).toEqual(new Set(both));
    const own = await list(member.token);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((m) => m.alarm?.device_id))).toEqual(new Set([inside.id]));
  });

  it('subscribe_tags (the data board) carries only the pairs of devices in scope', async () => {
    const pairs = [inside, outside].map((d) => ({ device_id: d.id, tag_id: team.tags.speed }));
    const main = await opened(team.token);
    const sub = await opened(member.token);
    const other = await opened(otherTeamToken);
    expect(await main.subscribeTags(pairs)).toMatchObject({ refused: [] });
    expect(await sub.subscribeTags(pairs)).toMatchObject({
      devices: [{ device_id: inside.id, tag_ids: [team.tags.speed] }],
      refused: [outside.id],
    });
    expect(await other.subscribeTags(pairs)).toMatchObject({ devices: [], refused: [inside.id, outside.id] });

    await drive([outside, inside]);
    await sawAll(main, [inside.id, outside.id], 'the main account sees both devices');
    await sawAll(sub, [inside.id], 'the member sees the device of its scope');
    await sleep(300);
    expect(devicesSeen(sub.live)).toEqual(new Set([inside.id]));
    expect(devicesSeen(other.live)).toEqual(new Set());
    // Only the tag asked for: temp was written and reported, never streamed.
    const tagsOf = (w: typeof sub) =>
      new Set(w.live.flatMap((m) => (m.type === 'data' ? m.items.map((i) => i.tag_id) : [])));
    expect(tagsOf(sub)).toEqual(new Set([team.tags.speed]));
  });

  it('narrowing the role while its sockets are open stops them carrying what it removed', async () => {
    const both = [inside.id, outside.id];
    await setRoleScope(server, roleId, { ...emptyScope, devices: both });
    const main = await opened(team.token);
    const sub = await opened(member.token);
    await main.subscribe(both);
    const subscribed = await sub.subscribe(both);
    expect(new Set(subscribed.devices.map((d) => d.device_id))).toEqual(new Set(both));

    // Narrowed through the role screen's call: the role's members' sockets re-read their scope at once.
    const res = await server.call('POST', '/system/role/edit', {
      token: team.token,
      body: { id: roleId, grants: { devices: [inside.id] } },
    });
    expect(res.body.code).toBe(0);
    await sleep(300);
    const live = sub.live.length;
    const notify = sub.notify.length;

    await drive([outside, inside]);
    await sawAll(main, both, 'the main account sees both devices');
    await sawAll(sub, [inside.id], 'the member still sees the device its role keeps');
    await sleep(300);

    expect(devicesSeen(sub.live.slice(live))).toEqual(new Set([inside.id]));
    expect(alarmDevicesSeen(sub.notify.slice(notify))).toEqual(new Set([inside.id]));
  });
});

describe('remote access: tunnel acts and tunnel sockets', () => {
  it('the tunnel act reaches only sockets that may see the device; a tunnel takes only its own tokens', async () => {
    const both = [inside.id, outside.id];
    const main = await opened(team.token);
    const sub = await opened(member.token);
    const other = await opened(otherTeamToken);
    await main.subscribe(both);
    await sub.subscribe(both);
    await other.subscribe(both);
    // The member (scope: inside) and team B cannot open the outside device at all.
    const open = (token: string) =>
      server.call<RemoteSession>('POST', '/remote/open', { token, body: { device_id: outside.id } });
    expect((await open(member.token)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    expect((await open(otherTeamToken)).body.code).toBe(ErrorCode.E1003_NO_DATA);
    await withTraffic(server, team.token, outside.id);
    const s = (await open(team.token)).body.data;
    await waitUntil(() => framesAbout(main.live, outside.id).includes('act:tunnel'), 8_000, 'tunnel act');
    await sleep(300);
    expect(framesAbout(sub.live, outside.id)).not.toContain('act:tunnel');
    expect(other.live.some((m) => m.type === 'act' && m.act === 'tunnel')).toBe(false);

    const base = server.url.replace(/^http/, 'ws');
    const token = s.ws_path.split('token=')[1]!;
    // The client token on the device side, and a guessed tunnel id: 4001.
    expect(await closeCodeAt(server, `/v1/ws/tunnel-device/${s.tunnel_id}?token=${token}`)).toBe(4001);
    expect(await closeCodeAt(server, `/v1/ws/tunnel/x${s.tunnel_id}?token=${token}`)).toBe(4001);
    const client = new WebSocket(base + s.ws_path);
    await new Promise((r) => client.once('open', r));
    // Used once: a replay is refused.
    expect(await closeCodeAt(server, s.ws_path)).toBe(4001);
    client.close();
    await server.call('POST', '/remote/close', { token: team.token, body: { session_id: s.session_id } });
  });
});
