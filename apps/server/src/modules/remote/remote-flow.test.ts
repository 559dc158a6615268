import { trafficMonthOf, TunnelCloseCode, type RemoteSession, type RemoteSessionRecord } from '@hmi/domain';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActiveUser } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { eventually } from '../ingest/live-data-test-helpers.ts';
import { clientSocket, fakeHmi, tcpServer, withTraffic, type FakeHmi } from './remote-test-helpers.ts';

/*
 * The pipe under load and the session's clock and meter: a client that stops reading (the
 * server's buffers stay bounded, the device is stopped), idle and maximum duration with small
 * settings, traffic running out mid-session, what a crash may lose and a clean shutdown.
 * The periodic flush is off (1 minute): the tests flush when they mean to.
 */
let server: TestServer;
let echo: Awaited<ReturnType<typeof tcpServer>>;
let token: string;
const hmis: FakeHmi[] = [];

beforeAll(async () => {
  server = await startDeviceTestServer({
    REMOTE_TRAFFIC_FLUSH_MS: '60000',
    REMOTE_IDLE_MINUTES: '0.05', // 3 s
    REMOTE_MAX_SESSION_MINUTES: '0.15', // 9 s
  });
  echo = await tcpServer();
  token = (await createActiveUser(server)).tokens.token;
});
afterEach(async () => {
  await Promise.all(hmis.splice(0).map((h) => h.end()));
});
afterAll(async () => {
  await server?.close();
  await echo?.close();
});

async function session(port = echo.port) {
  const h = await fakeHmi(server, token, port);
  hmis.push(h);
  await withTraffic(server, token, h.id);
  const res = await server.call<RemoteSession>('POST', '/remote/open', { token, body: { device_id: h.id } });
  expect(res.body.code).toBe(0);
  return {
    h,
    s: res.body.data,
    tunnel: () => server.app.services.tunnelHub.tunnelOfSession(res.body.data.session_id),
  };
}
const record = async (id: number) =>
  (await server.call<RemoteSessionRecord>('GET', `/remote/session?session_id=${id}`, { token })).body.data;
const ledger = async (deviceId: number) => {
  const r = await server.app.db
    .selectFrom('device_traffic')
    .select(['bytes_up', 'bytes_down'])
    .where('device_id', '=', deviceId)
    .where('month', '=', trafficMonthOf(Date.now()))
    .executeTakeFirst();
  return (r?.bytes_up ?? 0) + (r?.bytes_down ?? 0);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('remote access: back-pressure', () => {
  it('a client that stops reading stops the server reading the device: buffers stay bounded', async () => {
    let produced = 0;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const source = await tcpServer((s: Socket) => {
      const pump = () => {
        while (!s.destroyed && s.write(chunk)) produced += chunk.length;
        if (!s.destroyed) s.once('drain', pump);
      };
      pump();
    });
    try {
      const { s, tunnel } = await session(source.port);
      const c = await clientSocket(server, s);
      c.ws.pause(); // stops reading its TCP socket
      await sleep(1200);
      const t = tunnel()!;
      const first = { down: t.down, produced };
      await sleep(800);
      // Nothing more moved through the server: it stopped reading the device's socket.
      expect(t.down).toBe(first.down);
      // What the server holds for this tunnel is bounded (stream high-water marks, one message).
      expect(t.buffered).toBeLessThan(2 * 1024 * 1024);
      // And the source was stopped: beyond what passed, only the device's and the kernels'
      // socket buffers hold its bytes (at loopback speed an unbounded pipe takes GBs by now).
      expect(produced - first.down).toBeLessThan(32 * 1024 * 1024);
      c.ws.resume();
      await eventually(
        async () => t.down,
        (d) => d > first.down + 1024 * 1024,
        'flowing again',
      );
      c.ws.close();
    } finally {
      await source.close();
    }
  });
});

describe('remote access: end reasons with small settings', () => {
  it('idle: no byte either way for REMOTE_IDLE_MINUTES', async () => {
    const { s } = await session();
    const c = await clientSocket(server, s);
    const started = Date.now();
    expect(await c.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'idle' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    await eventually(
      () => record(s.session_id),
      (r) => r.end_reason === 'idle',
      'recorded',
    );
  });

  it('max_duration: REMOTE_MAX_SESSION_MINUTES even while busy', async () => {
    const { s } = await session();
    expect(s.max_duration_ms).toBe(9000);
    const c = await clientSocket(server, s);
    const busy = setInterval(() => c.ws.send('.'), 500);
    try {
      expect(await c.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'max_duration' });
    } finally {
      clearInterval(busy);
    }
    expect(Date.now() - s.started_at).toBeGreaterThanOrEqual(8900);
    await eventually(
      () => record(s.session_id),
      (r) => r.end_reason === 'max_duration',
      'recorded',
    );
  }, 15_000);
});

describe('remote access: traffic ledger', () => {
  it('flushes while the session runs: a crash loses only the bytes since the last flush', async () => {
    const { h, s } = await session();
    const c = await clientSocket(server, s);
    c.ws.send(Buffer.alloc(1000));
    await c.until(1000);
    await server.app.services.tunnelHub.flush();
    expect(await ledger(h.id)).toBe(2000);
    c.ws.send(Buffer.alloc(300));
    await c.until(1300);
    // Not flushed yet: these 600 bytes are what a crash now would lose (at most one interval's).
    expect(await ledger(h.id)).toBe(2000);
    expect((await record(s.session_id)).bytes_up).toBe(1300); // the status line includes them
    await server.app.services.tunnelHub.flush();
    expect(await ledger(h.id)).toBe(2600);
    c.ws.close();
  });

  it('ends the session (traffic) when the card expires mid-session', async () => {
    const { h, s } = await session();
    const c = await clientSocket(server, s);
    c.ws.send('a');
    await c.until(1);
    const card = await server.app.db
      .selectFrom('ra_card_allocations')
      .select('card_id')
      .where('device_id', '=', h.id)
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('cards')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', card.card_id)
      .execute();
    c.ws.send('b');
    await c.until(2);
    await server.app.services.tunnelHub.flush();
    expect(await c.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'traffic' });
    await eventually(
      () => record(s.session_id),
      (r) => r.end_reason === 'traffic',
      'recorded',
    );
  });

  it('a clean shutdown ends every tunnel (shutdown) and flushes its bytes', async () => {
    const { h, s } = await session();
    const c = await clientSocket(server, s);
    c.ws.send(Buffer.alloc(4321));
    await c.until(4321);
    await server.app.services.tunnelHub.stop(); // what the app's close runs first
    expect(await c.closed).toEqual({ code: TunnelCloseCode.Ended, reason: 'shutdown' });
    expect(await ledger(h.id)).toBe(2 * 4321);
    expect(await record(s.session_id)).toMatchObject({
      end_reason: 'shutdown',
      bytes_up: 4321,
      bytes_down: 4321,
    });
  });
});
