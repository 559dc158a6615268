/**
 * Remote access tunnels (issue 17), ratios in one run, no assertions:
 *
 * 1. Throughput: bulk bytes through client socket -> server -> device socket -> local TCP sink,
 *    against a direct loopback TCP copy of the same bytes to the same kind of sink. Target >= 0.5.
 * 2. Added round-trip latency: 64-byte pings through the tunnel to a TCP echo server and back,
 *    against the same pings over a direct loopback TCP connection. Target p99 added <= 5 ms.
 * 3. 20 concurrent sessions at 1 MiB/s each for 10 s: peak RSS of the process and the min/max
 *    throughput ratio of the sessions (no session starves another).
 *
 * The tunnels are real server tunnels (TunnelHub, Tunnel, the two WebSocket routes, metering
 * with a 1 s flush into the ledger): only the open call (MQTT tunnel_open, billing checks) is
 * skipped, the "device" is a ws client that pipes the device socket to local TCP like an HMI.
 * Clients, devices and the server share this process (and its cores), as do both sides of the
 * baseline.
 *
 *   npx tsx bench/tunnel.ts      (about 40 s)
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { pipeline } from 'node:stream';
import { createWebSocketStream, WebSocket } from 'ws';
import { Tunnel } from '../apps/server/src/modules/remote/tunnel.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  startBenchServer,
} from './helpers/live-data-fixtures.ts';
import { summarize } from './lib/stats.ts';

const BULK_BYTES = Number(process.env.BENCH_BULK_MB ?? 64) * 1024 * 1024;
const PINGS = Number(process.env.BENCH_PINGS ?? 2000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20);
const SESSION_RATE = 1024 * 1024; // bytes a second per session
const SESSION_MS = Number(process.env.BENCH_SESSION_MS ?? 10_000);
const CHUNK = 64 * 1024;

const listen = (onConn: (s: Socket) => void): Promise<{ port: number; server: Server }> =>
  new Promise((resolve) => {
    const server = createServer(onConn);
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as { port: number }).port, server }),
    );
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The bench's clients and devices mask their frames with zeros (ws then skips the XOR in
 * JavaScript: no bufferutil here), so that the run measures the server's work rather than the
 * peers' masking, which browsers and HMIs do natively. The server still unmasks every frame.
 */
const peer = { generateMask: (mask: Buffer) => void mask.fill(0) };

async function main() {
  console.log(`machine: ${machine()}`);
  const server = await startBenchServer({
    REMOTE_TRAFFIC_FLUSH_MS: '1000',
    // No billing in region cn: the bench device has no RA card, traffic must not end its tunnels
    // (the bytes still go to the ledger every second).
    REGION: 'cn',
    REMOTE_IDLE_MINUTES: '60',
    REMOTE_MAX_SESSION_MINUTES: '60',
  });
  const wsBase = server.url.replace(/^http/, 'ws');
  const hub = server.app.services.tunnelHub;
  const team = await benchTeam(server.app);
  const t = await benchTemplate(server.app, team.teamId, 1);
  const [device] = await benchDevices(server.app, team.teamId, t.templateId, 1);
  let seq = 0;

  /** A server tunnel to `port` on the "device"; resolves with the client socket once joined. */
  async function tunnelTo(port: number): Promise<WebSocket> {
    const now = Date.now();
    const tunnelId = `bench${++seq}x${now}`;
    const { id: sessionId } = await server.app.db
      .insertInto('remote_sessions')
      .values({
        team_id: team.teamId,
        device_id: device!.id,
        user_id: null,
        user_name: 'bench',
        mode: 'operate',
        target: String(port),
        client: 'cli',
        tunnel_id: tunnelId,
        instance: hub.settings.instance,
        started_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tokens = { client: `c${tunnelId}`, device: `d${tunnelId}` };
    hub.add(
      new Tunnel(
        {
          tunnelId,
          sessionId,
          deviceId: device!.id,
          sn: device!.sn,
          teamId: team.teamId,
          userId: 0,
          mode: 'operate',
          viewOnlyRfb: false,
          startedAt: now,
          maxMs: 3_600_000,
          idleMs: 3_600_000,
        },
        tokens,
        hub.ended,
        now,
      ),
    );
    const dev = new WebSocket(`${wsBase}/v1/ws/tunnel-device/${tunnelId}?token=${tokens.device}`, peer);
    await new Promise((r) => dev.once('open', r));
    const tcp = connect(port, '127.0.0.1');
    const stream = createWebSocketStream(dev);
    pipeline(stream, tcp, stream, () => undefined);
    const client = new WebSocket(`${wsBase}/v1/ws/tunnel/${tunnelId}?token=${tokens.client}`, peer);
    client.binaryType = 'nodebuffer';
    await new Promise((r) => client.once('open', r));
    return client;
  }

  /** Sends `bytes` respecting the socket's buffer (at most 1 MiB queued). */
  async function sendAll(send: (b: Buffer) => void, buffered: () => number, bytes: number) {
    const chunk = Buffer.alloc(CHUNK, 0x5a);
    for (let sent = 0; sent < bytes; sent += CHUNK) {
      while (buffered() > 1024 * 1024) await sleep(1);
      send(chunk);
    }
  }

  // 1. Throughput.
  let sinkTotal = 0;
  let sinkDone: (() => void) | null = null;
  let sinkTarget = 0;
  const sink = await listen((s) =>
    s.on('data', (d: Buffer) => {
      sinkTotal += d.length;
      if (sinkDone && sinkTotal >= sinkTarget) sinkDone();
    }),
  );
  const timeBulk = async (run: () => Promise<void>) => {
    sinkTotal = 0;
    sinkTarget = BULK_BYTES;
    const done = new Promise<void>((r) => (sinkDone = r));
    const t0 = performance.now();
    await run();
    await done;
    sinkDone = null;
    return performance.now() - t0;
  };
  const direct = connect(sink.port, '127.0.0.1');
  await new Promise((r) => direct.once('connect', r));
  const directMs = await timeBulk(() =>
    sendAll(
      (b) => direct.write(b),
      () => direct.writableLength,
      BULK_BYTES,
    ),
  );
  direct.destroy();
  const bulkClient = await tunnelTo(sink.port);
  const tunnelMs = await timeBulk(() =>
    sendAll(
      (b) => bulkClient.send(b),
      () => bulkClient.bufferedAmount,
      BULK_BYTES,
    ),
  );
  bulkClient.close();
  const mb = BULK_BYTES / 1024 / 1024;
  console.log(
    `throughput: direct TCP ${(mb / (directMs / 1000)).toFixed(0)} MiB/s, tunnel ${(mb / (tunnelMs / 1000)).toFixed(0)} MiB/s, ratio ${(directMs / tunnelMs).toFixed(2)} (target >= 0.5)`,
  );

  // 2. Latency.
  const echo = await listen((s) => s.pipe(s));
  const ping = Buffer.alloc(64, 1);
  const rtts = async (send: (b: Buffer) => void, onData: (fn: (d: Buffer) => void) => void) => {
    const out: number[] = [];
    let waiting: (() => void) | null = null;
    let got = 0;
    onData((d) => {
      got += d.length;
      if (got >= ping.length && waiting) {
        got -= ping.length;
        waiting();
      }
    });
    for (let i = 0; i < PINGS + 100; i++) {
      const t0 = performance.now();
      await new Promise<void>((r) => {
        waiting = r;
        send(ping);
      });
      if (i >= 100) out.push(performance.now() - t0); // first 100: warm-up
    }
    return summarize(out);
  };
  const tcpPing = connect(echo.port, '127.0.0.1');
  tcpPing.setNoDelay(true);
  await new Promise((r) => tcpPing.once('connect', r));
  const base = await rtts(
    (b) => tcpPing.write(b),
    (fn) => tcpPing.on('data', fn),
  );
  tcpPing.destroy();
  const pingClient = await tunnelTo(echo.port);
  const tun = await rtts(
    (b) => pingClient.send(b),
    (fn) => pingClient.on('message', fn),
  );
  pingClient.close();
  console.log(
    `round trip (ms): direct p50 ${base.p50.toFixed(3)} p99 ${base.p99.toFixed(3)}; tunnel p50 ${tun.p50.toFixed(3)} p99 ${tun.p99.toFixed(3)}; added p99 ${(tun.p99 - base.p99).toFixed(3)} ms (target <= 5)`,
  );

  // 3. Concurrent sessions.
  const perSession = new Map<number, number>();
  let nextId = 0;
  const counting = await listen((s) => {
    let id = -1;
    s.on('data', (d: Buffer) => {
      if (id < 0) id = d[0]!; // the first byte of each session names it
      perSession.set(id, (perSession.get(id) ?? 0) + d.length);
    });
  });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const clients = await Promise.all(Array.from({ length: SESSIONS }, () => tunnelTo(counting.port)));
  const tick = 1000 / (SESSION_RATE / CHUNK); // 62.5 ms per 64 KiB
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      const id = nextId++;
      const chunk = Buffer.alloc(CHUNK, id);
      for (let n = 0; performance.now() - t0 < SESSION_MS; n++) {
        const due = t0 + n * tick;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (c.bufferedAmount < 4 * 1024 * 1024) c.send(chunk);
      }
    }),
  );
  await sleep(500); // what was sent arrives
  const elapsed = SESSION_MS / 1000; // the sending time: a session sent 1 MiB/s of it
  clearInterval(sampler);
  clients.forEach((c) => c.close());
  const rates = [...perSession.values()].map((b) => b / elapsed / 1024 / 1024);
  const min = Math.min(...rates);
  const max = Math.max(...rates);
  console.log(
    `${SESSIONS} sessions at 1 MiB/s for ${SESSION_MS / 1000} s: ${rates.length} delivered, per session min ${min.toFixed(2)} max ${max.toFixed(2)} MiB/s, min/max ${(min / max).toFixed(2)}; RSS ${(rssBefore / 1048576).toFixed(0)} MiB before, peak ${(rssPeak / 1048576).toFixed(0)} MiB (+${((rssPeak - rssBefore) / 1048576).toFixed(0)} MiB)`,
  );

  await sleep(300);
  for (const s of [sink, echo, counting]) s.server.close();
  await server.close();
  // Open sockets of the bench's own devices may keep the loop alive.
  process.exit(0);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
