import { createServer, type Server, type Socket } from 'node:net';
import type { TunnelTarget } from '@hmi/domain';
import { joinTunnel, openWebSocket, type JoinedTunnel } from '../tunnel/tunnel-dial.ts';
import { ConsoleClient, ConsoleError } from './console-client.ts';

export interface PortForwardOptions {
  /** The console, e.g. http://localhost:8080. */
  url: string;
  user: string;
  password: string;
  /** SN of the device. */
  sn: string;
  /** The device-side port, or 'vnc'. */
  target: TunnelTarget;
  /** Local port to listen on (0: any free port). */
  localPort: number;
  /** Local address to listen on. Default 127.0.0.1. */
  localHost?: string;
  log?: (line: string) => void;
}

export interface PortForward {
  /** The local port listened on. */
  readonly port: number;
  readonly deviceId: number;
  /** Connections being forwarded now. */
  readonly active: number;
  /** Stops listening and ends every forwarded connection. */
  close(): Promise<void>;
}

/**
 * Exposes a device-side TCP port on a local port through remote-access tunnels: signs in, finds
 * the device by SN, listens, and for every local connection opens a session (POST
 * /remote/open with the port as target), connects to its tunnel WebSocket and pipes both ways
 * with back-pressure. A refused session closes that local connection and logs the server's code
 * and message. Rejects if the sign-in or the device lookup fails.
 */
export async function forwardPort(options: PortForwardOptions): Promise<PortForward> {
  const log = options.log ?? (() => undefined);
  const api = new ConsoleClient(options.url, options.user, options.password);
  await api.login();
  const deviceId = await api.deviceId(options.sn);
  const what = options.target === 'vnc' ? 'vnc' : `port ${options.target.port}`;
  const tunnels = new Set<JoinedTunnel>();
  const sockets = new Set<Socket>();
  let counter = 0;

  const forward = async (socket: Socket) => {
    const n = ++counter;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    try {
      const session = await api.openRemote(deviceId, options.target);
      const opened = await openWebSocket(api.tunnelSocketUrl(session));
      if (socket.destroyed) return opened.ws.close(1000);
      opened.ws.once('close', (code, reason) => {
        if (code !== 1000 && code !== 1005)
          log(`#${n}: tunnel closed by the server: ${code} ${reason.toString()}`);
      });
      const tunnel = joinTunnel(opened, socket);
      tunnels.add(tunnel);
      log(
        `#${n}: ${socket.remoteAddress}:${socket.remotePort} -> ${options.sn} ${what} (tunnel ${session.tunnel_id})`,
      );
      await tunnel.closed;
      tunnels.delete(tunnel);
      log(`#${n}: closed, ${tunnel.bytes.out} bytes sent, ${tunnel.bytes.in} received`);
    } catch (err) {
      log(
        `#${n}: ${err instanceof ConsoleError ? err.message : `tunnel socket failed: ${(err as Error).message}`}`,
      );
      socket.destroy();
    }
  };

  const server: Server = createServer((socket) => void forward(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.localPort, options.localHost ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.localPort;
  return {
    port,
    deviceId,
    get active() {
      return tunnels.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of tunnels) t.close();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
