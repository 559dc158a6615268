import { Perm, type NotifyEvent } from '@hmi/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createActiveUser } from '../../../test/factories.ts';
import { addMember, createRole, type Member } from '../../../test/authz/members.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { sleep, waitUntil } from '../../plugins/mqtt/mqtt-test-helpers.ts';

/*
 * Live access changes: a role edited through the role screen's call tells the notify sockets of
 * the role's members `{type:'access'}` (after their re-check), so their screens re-read the user
 * and refetch at once; a member holding another role, and the editor, get nothing.
 */
let server: TestServer;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => sockets.splice(0).forEach((s) => s.terminate()));
afterAll(async () => server?.close());

/** An open notify socket of the user, registered in the hub (its first ping was answered). */
async function notifySocket(token: string): Promise<NotifyEvent[]> {
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/v1/ws/notify?token=${encodeURIComponent(token)}`,
  );
  sockets.push(ws);
  const frames: NotifyEvent[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as NotifyEvent));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ type: 'ping' }));
  await waitUntil(() => frames.some((f) => f.type === 'pong'), 5_000, 'notify socket pong');
  return frames;
}

const accessFrames = (frames: readonly NotifyEvent[]) => frames.filter((f) => f.type === 'access');

describe('notify socket: access frame', () => {
  let main: Awaited<ReturnType<typeof createActiveUser>>;
  let roleId: number;
  let holder: Member;
  let other: Member;

  beforeAll(async () => {
    main = await createActiveUser(server);
    const team = { teamId: main.profile.team_id, dataCenter: main.profile.data_center };
    roleId = await createRole(server, team.teamId, [Perm.DeviceView]);
    const otherRole = await createRole(server, team.teamId, [Perm.DeviceView]);
    holder = await addMember(server, team, roleId, 'Holder');
    other = await addMember(server, team, otherRole, 'Other');
  });

  it('reaches the sockets of the edited role’s members only, once they were re-checked', async () => {
    const holderFrames = await notifySocket(holder.token);
    const holderSecondTab = await notifySocket(holder.token);
    const otherFrames = await notifySocket(other.token);
    const mainFrames = await notifySocket(main.tokens.token);

    const res = await server.call('POST', '/system/role/edit', {
      token: main.tokens.token,
      body: { id: roleId, permissions: [Perm.DeviceView, Perm.DeviceMonitor] },
    });
    expect(res.body.code).toBe(0);

    await waitUntil(
      () => accessFrames(holderFrames).length > 0 && accessFrames(holderSecondTab).length > 0,
      5_000,
      'access frame on both tabs of the role’s member',
    );
    await sleep(300);
    expect(accessFrames(holderFrames)).toEqual([{ type: 'access' }]);
    expect(accessFrames(holderSecondTab)).toEqual([{ type: 'access' }]);
    expect(accessFrames(otherFrames)).toEqual([]);
    expect(accessFrames(mainFrames)).toEqual([]);
  });

  it('closes at once (4001) when the session of the socket ends: logout', async () => {
    const user = await createActiveUser(server);
    await notifySocket(user.tokens.token);
    const ws = sockets.at(-1)!;
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const started = Date.now();
    await server.call('POST', '/global/logout', { token: user.tokens.token });
    expect(await closed).toBe(4001);
    // The periodic re-check runs once a minute; the bus event ends the socket well before.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is not sent to a member removed from the team: their socket closes instead', async () => {
    const frames = await notifySocket(other.token);
    const ws = sockets.at(-1)!;
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const res = await server.call('POST', '/system/user/delete', {
      token: main.tokens.token,
      body: { user_id: other.id },
    });
    expect(res.body.code).toBe(0);
    expect(await closed).toBe(4001);
    expect(accessFrames(frames)).toEqual([]);
  });
});
