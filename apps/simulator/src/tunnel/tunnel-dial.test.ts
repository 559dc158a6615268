import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { dialTunnel, tunnelUrl } from './tunnel-dial.ts';

/*
 * The device's tunnel pipe on its own: back-pressure from a TCP side that stops reading all the
 * way back to the WebSocket's sender, and the URL the device dials.
 */

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function listen(server: Server | WebSocketServer): Promise<number> {
  if (server instanceof WebSocketServer) {
    await new Promise<void>((r) => server.once('listening', r));
    return (server.address() as AddressInfo).port;
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

describe('dialTunnel', () => {
  it('adds the token to the url', () => {
    expect(tunnelUrl('ws://h/v1/ws/tunnel-device/t1', 'a b')).toBe(
      'ws://h/v1/ws/tunnel-device/t1?token=a%20b',
    );
    expect(tunnelUrl('wss://h/x?region=eu', 'k')).toBe('wss://h/x?region=eu&token=k');
  });

  it('stops the sender when the local port stops reading, and delivers everything once it reads', async () => {
    // The device's local service: accepts the connection but does not read yet.
    let service: Socket | undefined;
    const tcp = createServer((s) => {
      service = s;
      s.pause();
    });
    const tcpPort = await listen(tcp);
    cleanup.push(() => new Promise<void>((r) => tcp.close(() => r())));

    let cloud: Duplex | undefined;
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    wss.on('connection', (ws) => (cloud = createWebSocketStream(ws)));
    const wsPort = await listen(wss);
    cleanup.push(() => {
      for (const c of wss.clients) c.terminate();
      return new Promise<void>((r) => wss.close(() => r()));
    });

    const target = connect(tcpPort, '127.0.0.1');
    await new Promise((r) => target.once('connect', r));
    const tunnel = await dialTunnel({ url: `ws://127.0.0.1:${wsPort}/t`, token: 'x', target });
    cleanup.push(() => tunnel.close());
    for (let i = 0; i < 100 && !(cloud && service); i++) await new Promise((r) => setTimeout(r, 10));

    // The cloud writes as fast as the stream lets it, until it has to wait more than 500 ms.
    const chunk = Buffer.alloc(64 * 1024, 7);
    let accepted = 0;
    const total = 96 * 1024 * 1024;
    const writeUntilStalled = async () => {
      while (accepted < total) {
        accepted += chunk.length;
        if (!cloud!.write(chunk)) {
          const drained = await Promise.race([
            new Promise<boolean>((r) => cloud!.once('drain', () => r(true))),
            new Promise<boolean>((r) => setTimeout(() => r(false), 500)),
          ]);
          if (!drained) return false;
        }
      }
      return true;
    };
    expect(await writeUntilStalled()).toBe(false);
    console.log(`tunnel-dial: the sender stalled after ${(accepted / 1048576).toFixed(1)} MB`);
    // Socket buffers on the way (kernel, ws, streams) hold some MB (about 10 here): nothing grows
    // without limit while the service does not read.
    expect(accepted).toBeLessThan(40 * 1024 * 1024);
    expect(tunnel.bytes.in).toBeLessThan(40 * 1024 * 1024);

    let received = 0;
    service!.on('data', (b: Buffer) => (received += b.length));
    service!.resume();
    cloud!.on('drain', () => undefined);
    expect(await writeUntilStalled()).toBe(true);
    for (let i = 0; i < 500 && received < total; i++) await new Promise((r) => setTimeout(r, 10));
    expect(received).toBe(total);
  });
});
