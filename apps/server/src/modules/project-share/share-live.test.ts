import {
  LiveCloseCode,
  Perm,
  type LiveServerMessage,
  type ProjectDetail,
  type ProjectScreen,
  type ShareCreated,
} from '@hmi/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { NO_BILLING, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, teamWithTemplate, type TestDevice } from '../ingest/live-data-test-helpers.ts';
import { sleep, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';
import { addRole, joinedMember } from '../member/team-test-helpers.ts';

/*
 * The device data socket of a share link's viewer (`?share=<token>`), with a real WebSocket
 * client against the real server fed by a device over MQTT: only the pairs the project's screens
 * bind stream, and the socket ends at once when the link is revoked, its project deleted or it
 * expires.
 */
let server: TestServer;
let team: Awaited<ReturnType<typeof teamWithTemplate>>;
const clients: MqttClient[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ INGEST_BATCH_MS: '10', LIVE_COALESCE_MS: '50', ...NO_BILLING });
  team = await teamWithTemplate(server);
});
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
});
afterAll(async () => server?.close());

type Msg = LiveServerMessage;

async function device(): Promise<TestDevice> {
  const d = await connectDevice(server, team.token, team.template.id);
  clients.push(d.client);
  return d;
}

const post = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await server.call<T>('POST', path, { token: team.token, body });
  expect(res.body, path).toMatchObject({ code: 0 });
  return res.body.data;
};

let n = 0;
/** A project of the devices with one screen showing the speed of the first one; and a link to it. */
async function sharedProject(devices: TestDevice[], hours = 1) {
  const project = await post<ProjectDetail>('/project/add', {
    name: `Live wall ${++n}`,
    device_ids: devices.map((d) => d.id),
  });
  const screen = await post<ProjectScreen>('/project/screen/add', {
    project_id: project.id,
    name: 'Line',
    document: {
      version: 2,
      widgets: [
        {
          id: 'speed',
          type: 'numeric',
          x: 0,
          y: 0,
          w: 100,
          h: 40,
          props: {},
          binding: { deviceId: devices[0]!.id, tagId: team.tags.speed },
        },
      ],
    },
  });
  const link = await post<ShareCreated>('/project/share/add', {
    project_id: project.id,
    name: 'Wall',
    expires_in_hours: hours,
  });
  return { project, screen, link };
}

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

const viewer = async (shareToken: string) => {
  const s = open(`?share=${encodeURIComponent(shareToken)}`);
  expect(await s.next('ready')).toMatchObject({ user_id: 0, data: true });
  return s;
};

const dataItems = (messages: Msg[]) => messages.flatMap((m) => (m.type === 'data' ? m.items : []));

describe('share viewer socket', () => {
  it('streams only the pairs the project’s screens bind; other tags and devices are refused', async () => {
    const d = await device();
    const outside = await device();
    const { link } = await sharedProject([d]);
    const s = await viewer(link.token);
    s.send({
      type: 'subscribe',
      device_ids: [d.id, outside.id],
      page_size: 5,
      tags: [
        { device_id: d.id, tag_id: team.tags.temp },
        { device_id: outside.id, tag_id: team.tags.speed },
      ],
    });
    const sub = await s.next('subscribed');
    expect(sub.devices).toEqual([{ device_id: d.id, tag_ids: [team.tags.speed], tag_total: 5 }]);
    expect(sub.refused).toEqual([outside.id]);

    const ts = Date.now() + 1_000;
    await d.data({ ts, v: { [team.tags.speed]: 7, [team.tags.temp]: 21.5, [team.tags.counter]: 3 } });
    await outside.data({ ts, v: { [team.tags.speed]: 99 } });
    await s.next('data');
    await sleep(200);
    const items = dataItems(s.messages);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect([item.device_id, item.tag_id]).toEqual([d.id, team.tags.speed]);
    expect(items.at(-1)).toMatchObject({ value: 7, ts });
  });

  it('follows the screens at once: a binding saved away stops streaming, one saved in starts', async () => {
    const d = await device();
    const { link, screen } = await sharedProject([d]);
    const s = await viewer(link.token);
    s.send({
      type: 'subscribe',
      device_ids: [d.id],
      page_size: 5,
      tags: [
        { device_id: d.id, tag_id: team.tags.speed },
        { device_id: d.id, tag_id: team.tags.temp },
      ],
    });
    expect((await s.next('subscribed')).devices).toEqual([
      { device_id: d.id, tag_ids: [team.tags.speed], tag_total: 5 },
    ]);
    // The screen now shows the temperature instead of the speed.
    const saved = Date.now();
    const save = await post<ProjectScreen>('/project/screen/save', {
      id: screen.id,
      version: screen.version,
      name: screen.name,
      document: {
        version: 2,
        widgets: [
          {
            id: 'temp',
            type: 'numeric',
            x: 0,
            y: 0,
            w: 100,
            h: 40,
            props: {},
            binding: { deviceId: d.id, tagId: team.tags.temp },
          },
        ],
      },
    });
    expect(save.id).toBe(screen.id);
    const again = await s.next('subscribed', 1);
    expect(again.devices).toEqual([{ device_id: d.id, tag_ids: [team.tags.temp], tag_total: 5 }]);
    // Long before the minute's re-check.
    expect(Date.now() - saved).toBeLessThan(5_000);
    const before = dataItems(s.messages).length;
    const ts = Date.now() + 2_000;
    await d.data({ ts, v: { [team.tags.speed]: 8, [team.tags.temp]: 22.5 } });
    await waitUntil(() => dataItems(s.messages).length > before, 5_000, 'data after the save');
    await sleep(200);
    for (const item of dataItems(s.messages).slice(before)) expect(item.tag_id).toBe(team.tags.temp);
  });

  it('takes no write: the socket has no such message, and the token opens no signed-in call', async () => {
    const d = await device();
    const { link, screen } = await sharedProject([d]);
    const s = await viewer(link.token);
    s.send({ type: 'settag', id: d.id, tag_id: team.tags.speed, value: 1 });
    expect(await s.next('error')).toMatchObject({ code: 1006 });
    const write = await server.call('POST', '/project/screen/write', {
      token: link.token,
      body: { screen_id: screen.id, widget_id: 'speed', value: 1 },
    });
    expect(write.status).toBe(401);
  });

  it('closes with 4001 on an unknown token, and at once when the link is revoked', async () => {
    expect((await open('?share=not-a-token').closed).code).toBe(LiveCloseCode.TokenInvalid);
    const d = await device();
    const { link } = await sharedProject([d]);
    const s = await viewer(link.token);
    const started = Date.now();
    await post('/project/share/revoke', { id: link.id });
    expect(await s.closed).toEqual({
      code: LiveCloseCode.TokenInvalid,
      reason: 'E_INVALID_OR_EXPIRED_TOKEN',
    });
    // The minute's re-check would be far later: the bus event ends it.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await open(`?share=${link.token}`).closed).code).toBe(LiveCloseCode.TokenInvalid);
  });

  it('closes at once when the project is deleted, and leaves other links’ sockets open', async () => {
    const d = await device();
    const gone = await sharedProject([d]);
    const kept = await sharedProject([d]);
    const s = await viewer(gone.link.token);
    const k = await viewer(kept.link.token);
    await post('/project/delete', { id: gone.project.id });
    expect((await s.closed).code).toBe(LiveCloseCode.TokenInvalid);
    await sleep(200);
    expect(k.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('holds while its creator could still make it: closes at once when the creator’s role loses project edit, or the creator leaves the team', async () => {
    const d = await device();
    const { project } = await sharedProject([d]);
    const role = await addRole(server, team.token, {
      permissions: [Perm.ProjectView, Perm.ProjectDataPm, Perm.ProjectEdit],
      grants: { groups: [], devices: [], templates: [], projects: [project.id] },
    });
    const member = await joinedMember(server, team.main, role.id);
    const other = await joinedMember(server, team.main, role.id);
    const made = async (token: string) => {
      const res = await server.call<ShareCreated>('POST', '/project/share/add', {
        token,
        body: { project_id: project.id, name: 'Hall', expires_in_hours: 1 },
      });
      expect(res.body, 'member share add').toMatchObject({ code: 0 });
      return res.body.data;
    };
    const mine = await made(member.token);
    const theirs = await made(other.token);
    const s = await viewer(mine.token);
    const t = await viewer(theirs.token);
    // The other member leaves: their link's socket ends, this one stays.
    const removed = Date.now();
    expect(
      (await server.call('POST', '/system/user/delete', { token: team.token, body: { user_id: other.id } }))
        .body.code,
    ).toBe(0);
    expect((await t.closed).code).toBe(LiveCloseCode.TokenInvalid);
    expect(Date.now() - removed).toBeLessThan(5_000);
    await sleep(200);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    // The creator's role no longer edits projects: the link ends at once, and opens no more.
    const narrowed = Date.now();
    const edit = await server.call('POST', '/system/role/edit', {
      token: team.token,
      body: { id: role.id, permissions: [Perm.ProjectView, Perm.ProjectDataPm] },
    });
    expect(edit.body.code).toBe(0);
    expect((await s.closed).code).toBe(LiveCloseCode.TokenInvalid);
    expect(Date.now() - narrowed).toBeLessThan(5_000);
    expect((await open(`?share=${mine.token}`).closed).code).toBe(LiveCloseCode.TokenInvalid);
  });

  it('closes when the link expires', async () => {
    const d = await device();
    const { link } = await sharedProject([d]);
    const expiresAt = Date.now() + 1_200;
    await server.app.db
      .updateTable('project_shares')
      .set({ expires_at: expiresAt })
      .where('id', '=', link.id)
      .execute();
    const s = await viewer(link.token);
    const { code } = await s.closed;
    expect(code).toBe(LiveCloseCode.TokenInvalid);
    // At its expiry: not before, and not a minute later at the re-check.
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt - 20);
    expect(Date.now()).toBeLessThan(expiresAt + 3_000);
  });
});
