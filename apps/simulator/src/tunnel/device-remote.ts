import { connect, type Socket } from 'node:net';
import { CommandResultCode, type TunnelTarget } from '@hmi/domain';
import { DeviceScreen, type ScreenLine } from '../rfb/device-screen.ts';
import { serveRfb } from '../rfb/rfb-session.ts';
import { listenLocal, startEchoService, type LocalService } from './local-services.ts';
import { dialTunnel, type JoinedTunnel } from './tunnel-dial.ts';

/** The device ports a tunnel can reach on a simulated device. */
export const VNC_PORT = 5900;
export const ECHO_PORT = 502;

export interface DeviceRemoteOptions {
  /** Name in the title bar and in ServerInit. */
  title: string;
  /** Whether the VNC server is on (off: tunnel_open to vnc answers 1024). */
  vnc: boolean;
  /** The screen's tag lines and its note, read whenever the screen is refreshed. */
  lines: () => { lines: ScreenLine[]; note: string };
  /** The PUSH button was clicked. */
  onPress: () => void;
  tls?: { ca?: string | Buffer; rejectUnauthorized?: boolean };
  log?: (line: string) => void;
}

export type TunnelOpenResult = { ok: true } | { ok: false; code: number; reason: string };

export interface TunnelOpenRequest {
  tunnelId: string;
  url: string;
  token: string;
  target: TunnelTarget;
}

/**
 * The remote-access side of a simulated device: its VNC server (an RFB server drawing a
 * DeviceScreen), its echo service on "port 502", and the tunnels dialled for tunnel_open.
 * The services start on first use, on 127.0.0.1 with free ports.
 */
export function createDeviceRemote(options: DeviceRemoteOptions) {
  const log = options.log ?? (() => undefined);
  const tunnels = new Map<string, JoinedTunnel>();
  let screen: DeviceScreen | undefined;
  let rfb: Promise<LocalService> | undefined;
  let echo: Promise<LocalService> | undefined;

  const getScreen = () => {
    screen ??= new DeviceScreen({ title: options.title, onPress: options.onPress });
    return screen;
  };
  /** Redraws the tag lines if anybody watches (cheap no-op otherwise). */
  const refresh = () => {
    if (!screen || screen.viewers === 0) return;
    const { lines, note } = options.lines();
    screen.setLines(lines, note);
  };
  const vncService = () => {
    rfb ??= listenLocal((socket) => {
      const s = getScreen();
      const { lines, note } = options.lines();
      s.setLines(lines, note);
      serveRfb(socket, { name: options.title, screen: s, log: (l) => log(`${options.title}: ${l}`) });
    });
    return rfb;
  };
  const echoService = () => (echo ??= startEchoService());

  const connectTo = (port: number) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(socket);
      });
      socket.once('error', reject);
    });

  async function open(req: TunnelOpenRequest): Promise<TunnelOpenResult> {
    const port = req.target === 'vnc' ? VNC_PORT : req.target.port;
    const fail = (code: number, reason: string): TunnelOpenResult => ({ ok: false, code, reason });
    if (tunnels.has(req.tunnelId)) return fail(CommandResultCode.BadArgs, `tunnel ${req.tunnelId} is open`);
    if (port === VNC_PORT && !options.vnc) return fail(CommandResultCode.VncOff, 'VNC server is off');
    const service = port === VNC_PORT ? vncService : port === ECHO_PORT ? echoService : undefined;
    if (!service) return fail(CommandResultCode.Failed, `nothing listens on port ${port}`);
    let tunnel: JoinedTunnel;
    try {
      const target = await connectTo((await service()).port);
      tunnel = await dialTunnel({
        url: req.url,
        token: req.token,
        target,
        ...(options.tls ? { tls: options.tls } : {}),
      });
    } catch (err) {
      return fail(CommandResultCode.Failed, `tunnel failed: ${(err as Error).message}`);
    }
    tunnels.set(req.tunnelId, tunnel);
    log(`${options.title}: tunnel ${req.tunnelId} open to port ${port}`);
    void tunnel.closed.then(() => {
      tunnels.delete(req.tunnelId);
      log(
        `${options.title}: tunnel ${req.tunnelId} closed (${tunnel.bytes.in} B in, ${tunnel.bytes.out} B out)`,
      );
    });
    return { ok: true };
  }

  /** Closes a tunnel; false when no tunnel has that id. */
  function close(tunnelId: string): boolean {
    const tunnel = tunnels.get(tunnelId);
    tunnel?.close();
    return tunnel !== undefined;
  }

  async function stop() {
    for (const t of tunnels.values()) t.close();
    await Promise.all([...tunnels.values()].map((t) => t.closed));
    await Promise.all([rfb, echo].map(async (s) => (await s)?.close()));
  }

  return {
    open,
    close,
    stop,
    refresh,
    /** Open tunnels. */
    get tunnels() {
      return tunnels.size;
    },
    /** The local TCP port of the VNC server (starts it): for direct VNC clients and tests. */
    vncPort: async () => (await vncService()).port,
    /** The device's screen (created on first use). */
    get screen() {
      return getScreen();
    },
  };
}
export type DeviceRemote = ReturnType<typeof createDeviceRemote>;
