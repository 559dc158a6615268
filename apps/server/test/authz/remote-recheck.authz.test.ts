import { Perm, trafficMonthOf, TunnelCloseCode, type RemoteSession, type TunnelStatus } from '@hmi/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser, createSubAccount } from '../factories.ts';
import type { TestServer } from '../test-server.ts';
import { grantData, startDeviceTestServer } from '../../src/modules/device/device-test-factories.ts';
import {
  clientSocket,
  fakeHmi,
  tcpServer,
  withTraffic,
  type FakeHmi,
  type TunnelClient,
} from '../../src/modules/remote/remote-test-helpers.ts';
import { recheckRows, type RecheckContext, type RecheckRow } from './rows/remote-recheck.rows.ts';

/*
 * The session re-check events of the authorization matrix (rows/remote-recheck.rows.ts): for
 * each, a running remote session through a fake HMI ends at once ('access') when the event
 * happens through HTTP, and the main account's own session on the device lives on unless the
 * event concerns it. The periodic flush (which also checks bindings) runs once a minute here:
 * only the event can end a session within the few seconds allowed.
 */
let server: TestServer;
let echo: Awaited<ReturnType<typeof tcpServer>>;
const hmis: FakeHmi[] = [];
const clients: TunnelClient[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({ REMOTE_TRAFFIC_FLUSH_MS: '60000' });
  echo = await tcpServer();
});
afterEach(async () => {
  clients.splice(0).forEach((c) => c.ws.terminate());
  await Promise.all(hmis.splice(0).map((h) => h.end()));
});
afterAll(async () => {
  await server?.close();
  await echo?.close();
});

const userId = async (email: string) =>
  (await server.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;

async function open(token: string, body: object): Promise<{ s: RemoteSession; c: TunnelClient }> {
  const res = await server.call<RemoteSession>('POST', '/remote/open', { token, body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  const c = await clientSocket(server, res.body.data);
  clients.push(c);
  return { s: res.body.data, c };
}

/** Resolves with the close, or rejects after `ms`: "at once" is well within it. */
const closedWithin = (c: TunnelClient, ms: number) =>
  Promise.race([
    c.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not closed within ${ms} ms`)), ms)),
  ]);

/** A fresh team ("Owner"), its online device with traffic, team B, and the row's session holder. */
async function context(row: RecheckRow): Promise<RecheckContext> {
  const owner = await createActiveUser(server, { name: 'Owner' });
  const other = await createActiveUser(server);
  const hmi = await fakeHmi(server, owner.tokens.token, echo.port);
  hmis.push(hmi);
  await withTraffic(server, owner.tokens.token, hmi.id);
  const main = {
    token: owner.tokens.token,
    email: owner.email,
    password: owner.password,
    teamId: owner.profile.team_id,
    dataCenter: owner.profile.data_center,
  };
  const c: RecheckContext = {
    server,
    main,
    other: { token: other.tokens.token },
    hmi,
    holder: { id: 0, token: '', refresh: '', email: '', password: '', roleId: null },
    made: {},
  };
  if (row.holder === 'main') {
    c.holder = {
      id: await userId(owner.email),
      token: owner.tokens.token,
      refresh: owner.tokens.refresh_token,
      email: owner.email,
      password: owner.password,
      roleId: null,
    };
  } else {
    const m = await createSubAccount(server, owner, {
      permissions: row.permissions ?? [Perm.DeviceView, Perm.DeviceHmi],
      deviceIds: row.byGroup ? [] : [hmi.id],
    });
    c.holder = {
      id: await userId(m.email),
      token: m.tokens.token,
      refresh: m.tokens.refresh_token,
      email: m.email,
      password: m.password,
      roleId: m.roleId,
    };
  }
  await row.setup?.(c);
  if (row.byGroup && c.holder.roleId !== null)
    await grantData(server, c.holder.roleId, { groupIds: [c.made.granted!] });
  return c;
}

describe('authorization matrix: session re-check events end remote sessions at once', () => {
  for (const row of recheckRows) {
    it(`${row.event}: the session ends ('access')${row.endsAll ? '' : '; the main account keeps its own'}`, async () => {
      const c = await context(row);
      const held = await open(c.holder.token, { device_id: c.hmi.id });
      expect(held.s.mode).toBe('operate');
      const control =
        row.holder === 'main' ? null : await open(c.main.token, { device_id: c.hmi.id, view_only: true });
      held.c.ws.send(Buffer.alloc(100, 1));
      await held.c.until(100);

      await row.act(c);
      expect(await closedWithin(held.c, 4000)).toEqual({ code: TunnelCloseCode.Ended, reason: 'access' });
      expect(server.app.services.tunnelHub.tunnelOfSession(held.s.session_id)).toBeUndefined();
      if (control) {
        if (row.endsAll) expect((await closedWithin(control.c, 4000)).code).toBe(TunnelCloseCode.Ended);
        else {
          await new Promise((r) => setTimeout(r, 300));
          expect(server.app.services.tunnelHub.tunnelOfSession(control.s.session_id)?.ended).toBe(false);
        }
      }
    });
  }
});

describe('binding wall: remote sessions and their records end with the binding', () => {
  it('after an unbind nobody needs to close anything; the next owner reads none of the old records and pays for none of the old bytes', async () => {
    const row = recheckRows.find((r) => r.event.startsWith('unbind'))!;
    const c = await context(row);
    const held = await open(c.holder.token, { device_id: c.hmi.id });
    held.c.ws.send(Buffer.alloc(1000, 1));
    await held.c.until(1000);
    const page = () =>
      server.call<{ total: number; items: unknown[] }>(
        'GET',
        `/remote/sessions?device_id=${c.hmi.id}&page=1&page_size=20`,
        {
          token: c.other.token,
        },
      );
    await row.act(c);
    expect((await closedWithin(held.c, 4000)).reason).toBe('access');
    // Team B binds the same SN: no record of team A's, no operator, no charge of A's bytes.
    const bind = await server.call('POST', '/device/bind', {
      token: c.other.token,
      body: { sn: c.hmi.sn, pin: c.hmi.secret, name: `B${c.hmi.id}` },
    });
    expect(bind.body.code).toBe(0);
    expect((await page()).body).toMatchObject({ code: 0, data: { total: 0, items: [] } });
    const status = await server.call<TunnelStatus[]>('GET', `/remote/status?device_ids=${c.hmi.id}`, {
      token: c.other.token,
    });
    expect(status.body.data).toEqual([
      { device_id: c.hmi.id, state: 'idle', operator_name: null, viewers: 0 },
    ]);
    await server.app.services.tunnelHub.flush();
    const ledger = await server.app.db
      .selectFrom('device_traffic')
      .select(['bytes_up', 'bytes_down'])
      .where('device_id', '=', c.hmi.id)
      .where('month', '=', trafficMonthOf(Date.now()))
      .executeTakeFirst();
    expect((ledger?.bytes_up ?? 0) + (ledger?.bytes_down ?? 0)).toBe(0);
    const left = await server.app.db
      .selectFrom('remote_sessions')
      .select('id')
      .where('device_id', '=', c.hmi.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('a lost binding event costs at most one flush: the flush ends tunnels of another binding, uncharged', async () => {
    const row = recheckRows.find((r) => r.event.startsWith('unbind'))!;
    const c = await context(row);
    const held = await open(c.holder.token, { device_id: c.hmi.id });
    held.c.ws.send(Buffer.alloc(500, 1));
    await held.c.until(500);
    await server.app.db
      .updateTable('devices')
      .set({ team_id: null, bound_at: null })
      .where('id', '=', c.hmi.id)
      .execute();
    await server.app.services.tunnelHub.flush();
    expect((await closedWithin(held.c, 4000)).reason).toBe('access');
    const ledger = await server.app.db
      .selectFrom('device_traffic')
      .select(['bytes_up', 'bytes_down'])
      .where('device_id', '=', c.hmi.id)
      .executeTakeFirst();
    expect((ledger?.bytes_up ?? 0) + (ledger?.bytes_down ?? 0)).toBe(0);
  });
});
