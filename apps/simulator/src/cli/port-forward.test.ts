import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { TestRfbClient } from '../rfb/test-rfb-client.ts';
import { forwardPort, type PortForward } from './port-forward.ts';

/*
 * The tunnel CLI's forwarder against a fake console in the test: login, device list,
 * remote/open, and the tunnel WebSocket answering as an echo port would (the real server and a
 * simulated device: see the simulator README, "Port forwarding").
 */

interface Call {
  method: string;
  path: string;
  auth: string | undefined;
  body: unknown;
}

let server: Server;
let base: string;
let calls: Call[];
/** What remote/open answers next (code 0 = a session). */
let openReply: { code: number; msg: string };
/** Answer the next authenticated call with 1009 once (expired token). */
let expireOnce: boolean;
let issued: string[];
const forwards: PortForward[] = [];

const reply = (res: ServerResponse, code: number, data: unknown, msg = 'success') => {
  res.writeHead(code === 0 ? 200 : 400, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, data, msg }));
};

beforeEach(async () => {
  calls = [];
  issued = [];
  openReply = { code: 0, msg: 'success' };
  expireOnce = false;
  let logins = 0;
  let tunnels = 0;
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      calls.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        auth: req.headers.authorization,
        body,
      });
      if (url.pathname === '/v1/global/login') {
        if (url.searchParams.get('type') !== '1') return reply(res, 1006, null, 'bad type');
        if (body?.passwd !== 'right') return reply(res, 1004, null, 'wrong password');
        return reply(res, 0, { token: `access-${++logins}`, refresh_token: 'r', host: '', region: 'local' });
      }
      if (req.headers.authorization !== `access-${logins}`) return reply(res, 1009, null, 'token invalid');
      if (expireOnce) {
        expireOnce = false;
        return reply(res, 1009, null, 'token invalid');
      }
      if (url.pathname === '/v1/device/list') {
        const list = [
          { id: 41, sn: 'SIMH-AAA-000011', name: 'other' },
          { id: 42, sn: 'SIMH-AAA-00001', name: 'filler' },
        ].filter((d) => d.sn.includes(url.searchParams.get('search') ?? ''));
        return reply(res, 0, { list, total: list.length, page: 1, page_size: 200 });
      }
      if (url.pathname === '/v1/remote/open') {
        if (openReply.code !== 0) return reply(res, openReply.code, null, openReply.msg);
        const id = `t${++tunnels}`;
        const token = randomBytes(8).toString('hex');
        issued.push(token);
        return reply(res, 0, {
          session_id: tunnels,
          tunnel_id: id,
          ws_path: `/v1/ws/tunnel/${id}?token=${token}`,
          mode: 'operate',
          operator_name: null,
          started_at: Date.now(),
          max_duration_ms: 3_600_000,
        });
      }
      reply(res, 1006, null, 'no such route');
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const token = url.searchParams.get('token') ?? '';
    if (!url.pathname.startsWith('/v1/ws/tunnel/') || !issued.includes(token)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    issued.splice(issued.indexOf(token), 1); // single use
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.pipe(stream); // the device's echo port, as far as the CLI can tell
    });
  });
  server.on('close', () => wss.close());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const f of forwards.splice(0)) await f.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

async function start(overrides: { password?: string; sn?: string; log?: (l: string) => void } = {}) {
  const f = await forwardPort({
    url: `${base}/`,
    user: 'eng@example.com',
    password: overrides.password ?? 'right',
    sn: overrides.sn ?? 'SIMH-AAA-00001',
    target: { port: 502 },
    localPort: 0,
    ...(overrides.log ? { log: overrides.log } : {}),
  });
  forwards.push(f);
  return f;
}

const local = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });

describe('tunnel CLI port forward', () => {
  it('signs in, finds the device by SN and forwards each local connection through its own tunnel', async () => {
    const f = await start();
    expect(f.deviceId).toBe(42);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/global/login?type=1',
      body: { user: 'eng@example.com', passwd: 'right' },
    });
    expect(calls[1]).toMatchObject({ method: 'GET', auth: 'access-1' });
    expect(calls[1]!.path).toMatch(/^\/v1\/device\/list\?search=SIMH-AAA-00001&/);

    const [a, b] = await Promise.all([local(f.port), local(f.port)]);
    const ca = new TestRfbClient(a);
    const cb = new TestRfbClient(b);
    const big = randomBytes(300_000);
    ca.send(big);
    cb.send(Buffer.from('hello 502'));
    expect((await cb.read(9)).toString()).toBe('hello 502');
    expect((await ca.read(big.length, 10_000)).equals(big)).toBe(true);
    const opens = calls.filter((c) => c.path === '/v1/remote/open');
    expect(opens).toHaveLength(2);
    for (const o of opens) {
      expect(o).toMatchObject({
        method: 'POST',
        auth: 'access-1',
        body: { device_id: 42, target: { port: 502 } },
      });
    }
    expect(f.active).toBe(2);
    a.end();
    expect(await ca.closedWithin(3_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(f.active).toBe(1);
  });

  it('closes a local connection with the server code and message when the session is refused', async () => {
    const lines: string[] = [];
    const f = await start({ log: (l) => lines.push(l) });
    openReply = { code: 1038, msg: 'The device is offline' };
    const client = new TestRfbClient(await local(f.port));
    expect(await client.closedWithin(3_000)).toBe(true);
    expect(lines.join('\n')).toMatch(/remote\/open failed: code 1038 \(The device is offline\)/);
  });

  it('signs in again once when the token expired', async () => {
    const f = await start();
    expireOnce = true;
    const client = new TestRfbClient(await local(f.port));
    client.send(Buffer.from('ping'));
    expect((await client.read(4)).toString()).toBe('ping');
    expect(calls.filter((c) => c.path.startsWith('/v1/global/login'))).toHaveLength(2);
  });

  it('rejects with the code on a wrong password or an unknown SN', async () => {
    await expect(start({ password: 'wrong' })).rejects.toThrow('login failed: code 1004 (wrong password)');
    await expect(start({ sn: 'SIMH-NOPE-1' })).rejects.toThrow(/no device with SN SIMH-NOPE-1/);
  });
});
