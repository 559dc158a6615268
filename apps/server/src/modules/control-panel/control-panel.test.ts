import { ErrorCode, Perm, type ControlPanelSummary } from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { insertAlarmRecord } from '../alarm/alarm-test-helpers.ts';
import {
  buildDevice,
  buildTemplate,
  setTemplateLimit,
  startDeviceTestServer,
} from '../device/device-test-factories.ts';

const HOUR = 3_600_000;
let server: TestServer;
let main: Awaited<ReturnType<typeof createActiveUser>>;
let token: string;
let teamId: number;
const summary = (t: string) =>
  server.call<ControlPanelSummary>('GET', '/operations/controlpanel/summary', { token: t });

async function connectionEvent(deviceId: number, online: 0 | 1, at: number) {
  await server.app.db
    .insertInto('device_connection_events')
    .values({ device_id: deviceId, online, reason: online ? 'state' : 'will', at })
    .execute();
}

// One team: a online with two open alarms (one acknowledged), b offline for a day, c offline
// for an hour and out of sync, d online with only a recovered alarm of 3 days ago.
let a: { id: number; name: string };
let b: { id: number; name: string };
let c: { id: number; name: string };
let d: { id: number; name: string };
beforeAll(async () => {
  server = await startDeviceTestServer();
  main = await createActiveUser(server);
  token = main.tokens.token;
  teamId = main.profile.team_id;
  await setTemplateLimit(server, teamId, 10);
  const template = await buildTemplate(server, token);
  a = await buildDevice(server, token, { online: 1, sync_state: 1 });
  b = await buildDevice(server, token, { online: 0 });
  c = await buildDevice(server, token, { online: 0, template_id: template.id, sync_state: 0 });
  d = await buildDevice(server, token, { online: 1 });
  const now = Date.now();
  const db = server.app.db;
  await db
    .updateTable('devices')
    .set({ last_seen_at: now - 24 * HOUR })
    .where('id', '=', b.id)
    .execute();
  await db
    .updateTable('devices')
    .set({ last_seen_at: now - HOUR })
    .where('id', '=', c.id)
    .execute();
  await connectionEvent(b.id, 0, now - 24 * HOUR);
  await connectionEvent(c.id, 0, now - HOUR);
  await connectionEvent(a.id, 1, now - 60_000);
  await insertAlarmRecord(server, teamId, a.id, { level: 16, raisedAt: now - 10_000 });
  await insertAlarmRecord(server, teamId, a.id, { level: 4, state: 2, raisedAt: now - 20_000 });
  await insertAlarmRecord(server, teamId, d.id, { level: 8, state: 4, raisedAt: now - 3 * 24 * HOUR });
});
afterAll(async () => server?.close());

describe('control panel summary', () => {
  it('counts the team: totals, alarms by level, top devices, offline longest, out of sync', async () => {
    const res = await summary(token);
    expect(res.body.code).toBe(0);
    const s = res.body.data;
    expect(s.summary).toMatchObject({ total: 4, online: 2, offline: 2, alarm: 1 });
    expect(s.summary.last).toBe(s.changes[0]!.at);
    expect(s.changes.map((e) => [e.device_id, e.online])).toEqual([
      [a.id, 1],
      [c.id, 0],
      [b.id, 0],
    ]);
    expect(s.alarms.total).toBe(2);
    expect(s.alarms.levels).toEqual([
      { level: 16, count: 1 },
      { level: 4, count: 1 },
    ]);
    // Newest first; the acknowledged one stays active until it recovers.
    expect(s.alarms.list.map((r) => [r.device_name, r.level, r.state])).toEqual([
      [a.name, 16, 1],
      [a.name, 4, 2],
    ]);
    expect(s.top_alarms.day).toEqual([{ device_id: a.id, device_name: a.name, count: 2 }]);
    expect(s.top_alarms.week.map((t) => t.device_id)).toEqual([a.id, d.id]);
    expect(s.offline_longest.map((o) => o.device_id)).toEqual([b.id, c.id]);
    expect(s.out_of_sync).toMatchObject({ devices: 1, templates: 1 });
    expect(s.out_of_sync.list.map((o) => o.device_id)).toEqual([c.id]);
    // One data center: no regions; region eu has billing: quota for the main account.
    expect(s.regions).toBeUndefined();
    expect(s.quota).toMatchObject({ templates: { used: 1 }, tags: { used: 0 }, traffic: { used_bytes: 0 } });
  });

  it('adds regions for an account with several data centers, this one counted', async () => {
    await server.app.db
      .updateTable('users')
      .set({ data_center: 'eu,in' })
      .where('id', '=', main.profile.dbuser_id)
      .execute();
    try {
      const s = (await summary(token)).body.data;
      expect(s.regions).toEqual([
        { region: 'eu', summary: s.summary },
        { region: 'in', summary: null },
      ]);
    } finally {
      await server.app.db
        .updateTable('users')
        .set({ data_center: 'eu' })
        .where('id', '=', main.profile.dbuser_id)
        .execute();
    }
  });

  it('a member sees only their data scope, and a role change shrinks it at once', async () => {
    const sub = await createSubAccount(server, main, {
      permissions: [Perm.ControlPanelView],
      deviceIds: [a.id, b.id],
    });
    const t = sub.tokens.token;
    const s = (await summary(t)).body.data;
    expect(s.summary).toMatchObject({ total: 2, online: 1, offline: 1, alarm: 1 });
    expect(s.alarms.total).toBe(2);
    expect(s.top_alarms.week.map((x) => x.device_id)).toEqual([a.id]);
    expect(s.offline_longest.map((x) => x.device_id)).toEqual([b.id]);
    expect(s.out_of_sync.devices).toBe(0);
    expect(s.changes.map((x) => x.device_id)).toEqual([a.id, b.id]);
    // Without myAccount view (17) the quota stays hidden.
    expect(s.quota).toBeNull();
    const text = JSON.stringify(s);
    expect(text).not.toContain(c.name);
    expect(text).not.toContain(d.name);

    await server.app.db
      .deleteFrom('role_grants')
      .where('role_id', '=', sub.roleId)
      .where('object_id', '=', a.id)
      .execute();
    const after = (await summary(t)).body.data;
    expect(after.summary).toMatchObject({ total: 1, online: 0, offline: 1, alarm: 0 });
    expect(after.alarms).toEqual({ levels: [], total: 0, list: [] });
    expect(after.changes.map((x) => x.device_id)).toEqual([b.id]);
  });

  it('needs controlpanel-view (46) and shows another team nothing', async () => {
    const lacking = await createSubAccount(server, main, {
      permissions: [Perm.DeviceView, Perm.DashboardView],
    });
    expect((await summary(lacking.tokens.token)).body.code).toBe(ErrorCode.E1002_PERMISSION_DENIED);
    const other = await createActiveUser(server);
    const s = (await summary(other.tokens.token)).body.data;
    expect(s.summary).toMatchObject({ total: 0, alarm: 0 });
    expect(JSON.stringify(s)).not.toContain(a.name);
  });
});

describe('recent changes behind another team’s busy devices', () => {
  it('still lists the team’s own newest change of each device', async () => {
    const other = await createActiveUser(server);
    const busy = await buildDevice(server, other.tokens.token);
    const now = Date.now();
    await server.app.db
      .insertInto('device_connection_events')
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          device_id: busy.id,
          online: i % 2,
          reason: 'state' as const,
          at: now + i,
        })),
      )
      .execute();
    const s = (await summary(token)).body.data;
    expect(s.changes.map((x) => x.device_id)).toEqual([a.id, c.id, b.id]);
    expect(JSON.stringify(s)).not.toContain(busy.name);
    expect((await summary(other.tokens.token)).body.data.changes).toHaveLength(10);
  });
});

describe('device list alarm filter', () => {
  it('alarm=1 lists the devices with an active alarm, alarm=0 the others', async () => {
    const ids = async (q: string) =>
      (
        await server.call<{ list: { id: number }[] }>('GET', `/device/list?page_size=200&${q}`, { token })
      ).body.data.list
        .map((x) => x.id)
        .sort((x, y) => x - y);
    expect(await ids('alarm=1')).toEqual([a.id]);
    expect(await ids('alarm=0')).toEqual([b.id, c.id, d.id].sort((x, y) => x - y));
  });
});
