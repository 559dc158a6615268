import { ErrorCode, TunnelCloseCode, type RemoteEndReason } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../../plugins/bus.ts';
import type { CommandTracker } from '../commands/index.ts';
import type { StartVerdict, TrafficBytes } from '../billing/index.ts';
import type { RemoteRepo } from './remote.repo.ts';
import type { Tunnel, TunnelSide } from './tunnel.ts';
import type { TunnelStatusBoard } from './tunnel-status.ts';
import { forwardTunnelSocket, type TunnelLocator } from './tunnel-forward.ts';
import { endsSessionOf } from '../session/index.ts';

/** The billing module's traffic ledger as the tunnels use it. */
export interface TrafficMeter {
  record(deviceId: number, bytes: TrafficBytes, at?: number): Promise<void>;
  canStart(deviceId: number, at?: number, confirmed12g?: boolean): Promise<StartVerdict>;
}

/** How long the answer to tunnel_close is waited for (nothing depends on it). */
const TUNNEL_CLOSE_ANSWER_MS = 5000;

/** A remote session began (its caps passed) or ended, after its record's write (webhooks). */
export interface RemoteSessionChange {
  event: 'start' | 'end';
  sessionId: number;
  teamId: number;
  deviceId: number;
  /** Null when the user's account is gone. */
  userId: number | null;
  mode: string;
  /** 'end': why (RemoteEndReason). */
  reason?: string;
  at: number;
}

export interface TunnelHubSettings {
  /** This server's name in the session records (a server ends its own leftovers on start). */
  instance: string;
  /** How often session bytes go to the ledger (and traffic is checked). */
  flushMs: number;
  /** False in region cn (no billing): traffic never ends a session. */
  billing: boolean;
  /** With several servers: where a tunnel held by another server is (its sockets are forwarded there). */
  locate?: TunnelLocator;
}

/**
 * The tunnels this server holds: joins the sockets that present a tunnel's tokens, and meters
 * them. Every flushMs the bytes of each tunnel go to the device's monthly traffic ledger and the
 * session record; a device whose traffic ran out or whose card expired has its sessions ended
 * ('traffic'). On a clean shutdown every tunnel ends ('shutdown') and its bytes are flushed; on
 * a crash the bytes since the last flush are lost (at most flushMs of traffic per session), and
 * the server's open records are ended ('shutdown') when it starts again. Session ends asked on
 * the bus (remote.end: administrators, takeovers, from any server) close the tunnel here when
 * this server holds it.
 *
 * Session re-check events: every bus event that can take away a user's right to a session
 * reaches `accessCheck` (RemoteService.mayHold) for the tunnels it concerns, which end at once
 * ('access') when it says no: team.access (role, grants, zones of a role, membership),
 * device.scope (a device moved to another group or assigned to a zone, a group moved),
 * session.ended (logout, password change or reset, account closure, a revoked session family)
 * and device.binding (unbind, bind). A tunnel whose device is no longer in the binding it opened
 * in (another team, or bound again) ends with the bytes it moved since the last flush left
 * uncharged: they never reach the ledger of the device's next binding. Each flush checks the
 * bindings of all tunnels too, so that a lost bus event (delivery is at most once) costs at
 * most flushMs.
 */
export class TunnelHub {
  private readonly tunnels = new Map<string, Tunnel>();
  private readonly bySession = new Map<number, Tunnel>();
  private readonly pending = new Set<Promise<void>>();
  private readonly off: (() => void)[] = [];
  private readonly sessionListeners = new Set<(change: RemoteSessionChange) => void>();
  private flushTimer: NodeJS.Timeout | null = null;
  /** Whether a tunnel's user may still use it (set by the remote service). */
  accessCheck: ((tunnel: Tunnel) => Promise<boolean>) | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repo: RemoteRepo,
    private readonly meter: TrafficMeter,
    private readonly status: TunnelStatusBoard,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    readonly settings: TunnelHubSettings,
    private readonly commands?: Pick<CommandTracker, 'send'>,
  ) {}

  async start(): Promise<void> {
    const now = Date.now();
    for (const row of await this.repo.openOfInstance(this.settings.instance)) {
      if (await this.repo.end(row.id, 'shutdown', now)) {
        await this.status.publish(row.team_id, row.device_id);
        this.sessionChanged({ event: 'end', ...sessionOf(row), reason: 'shutdown', at: now });
      }
    }
    this.off.push(
      this.bus.subscribe('remote.end', (e) => this.bySession.get(e.sessionId)?.end(e.reason)),
      // A role, scope or membership changed: the tunnels of those users are checked again.
      this.bus.subscribe('team.access', (e) => {
        const users = new Set(e.userIds);
        this.recheckWhere((b) => b.teamId === e.teamId && users.has(b.userId));
      }),
      // Devices changed group or zone: their tunnels are checked again.
      this.bus.subscribe('device.scope', (e) => {
        const ids = e.deviceIds && new Set(e.deviceIds);
        this.recheckWhere((b) => b.teamId === e.teamId && (ids === null || ids.has(b.deviceId)));
      }),
      // Sessions ended (logout, password, closure, a revoked family): their tunnels are checked.
      this.bus.subscribe('session.ended', (e) =>
        this.recheckWhere((b) => endsSessionOf(e, { id: b.userId, sessionId: b.caller?.sessionId ?? '' })),
      ),
      // Unbound or bound: the tunnels of another binding end, their last bytes uncharged.
      this.bus.subscribe('device.binding', (e) => {
        const ids = new Set(e.deviceIds);
        const hit = [...this.tunnels.values()].filter((t) => ids.has(t.binding.deviceId));
        void this.endRebound(hit)
          .catch((err: unknown) => this.log.error({ err }, 'remote binding check failed'))
          .finally(() => this.recheckWhere((b) => ids.has(b.deviceId)));
      }),
    );
    this.flushTimer = setInterval(() => void this.flush(), this.settings.flushMs);
    this.flushTimer.unref();
  }

  /** Ends every tunnel ('shutdown') and waits until their bytes and ends are recorded. */
  async stop(): Promise<void> {
    this.off.splice(0).forEach((f) => f());
    if (this.flushTimer) clearInterval(this.flushTimer);
    for (const t of [...this.tunnels.values()]) t.end('shutdown');
    await this.flushing;
    await Promise.all([...this.pending]);
  }

  get size(): number {
    return this.tunnels.size;
  }

  add(tunnel: Tunnel): void {
    this.tunnels.set(tunnel.binding.tunnelId, tunnel);
    this.bySession.set(tunnel.binding.sessionId, tunnel);
  }

  tunnelOfSession(sessionId: number): Tunnel | undefined {
    return this.bySession.get(sessionId);
  }

  /**
   * A socket on /ws/tunnel(-device)/{id}: joins its tunnel when the token is the side's, unused
   * and alive; anything else (unknown or guessed id, another tunnel's or device's token, a
   * replay, an expired token) closes it with 4001 and tells nothing more. With several servers, a
   * socket of a tunnel another server holds is forwarded there (once: `forwarded` sockets came
   * from another server and are never sent on).
   */
  accept(side: TunnelSide, tunnelId: string, token: string, ws: WebSocket, forwarded = false): void {
    const tunnel = this.tunnels.get(tunnelId);
    const locate = this.settings.locate;
    if (!tunnel && !forwarded && locate && tunnelId && token) {
      ws.pause();
      void locate(tunnelId)
        .catch(() => null)
        .then((holder) => {
          if (holder) forwardTunnelSocket(ws, holder, side, tunnelId, token);
          else ws.close(TunnelCloseCode.BadToken, String(ErrorCode.E1002_PERMISSION_DENIED));
        });
      return;
    }
    if (!tunnel || !token || !tunnel.redeem(side, token)) {
      ws.close(TunnelCloseCode.BadToken, String(ErrorCode.E1002_PERMISSION_DENIED));
      return;
    }
    tunnel.attach(side, ws);
  }

  /** Called by a tunnel once, when it ends: records the end and its last bytes. */
  readonly ended = (tunnel: Tunnel, reason: RemoteEndReason): void => {
    this.tunnels.delete(tunnel.binding.tunnelId);
    this.bySession.delete(tunnel.binding.sessionId);
    const { sessionId, teamId, deviceId, sn, tunnelId } = tunnel.binding;
    // The device drops its side (and its TCP connection) too, even if it never dialled. On
    // shutdown the closed socket says it: the device link is stopping.
    if (reason !== 'device' && reason !== 'shutdown')
      this.commands
        ?.send(sn, { op: 'tunnel_close', args: { tunnelId } }, TUNNEL_CLOSE_ANSWER_MS)
        .catch(() => undefined);
    const done = (async () => {
      await this.record(tunnel);
      const at = Date.now();
      const ended = await this.repo.end(sessionId, reason, at);
      await this.status.publish(teamId, deviceId);
      const { userId, mode } = tunnel.binding;
      if (ended) this.sessionChanged({ event: 'end', sessionId, teamId, deviceId, userId, mode, reason, at });
    })()
      .catch((err: unknown) => this.log.error({ err, sessionId }, 'remote session end not recorded'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  };

  /** Hears the sessions this server starts and ends (webhooks); returns the detach. */
  onSession(listener: (change: RemoteSessionChange) => void): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  /** Tells the listeners of a session's start or end (its record written). */
  sessionChanged(change: RemoteSessionChange): void {
    for (const listener of this.sessionListeners) listener(change);
  }

  private recheckWhere(match: (b: Tunnel['binding']) => boolean): void {
    for (const t of [...this.tunnels.values()]) if (match(t.binding)) void this.recheck(t);
  }

  /**
   * Ends the tunnels whose device is no longer in the binding they opened in (unbound, another
   * team's, bound again), without charging what they moved since the last flush.
   */
  private async endRebound(tunnels: readonly Tunnel[]): Promise<void> {
    if (tunnels.length === 0) return;
    const now = await this.repo.bindings([...new Set(tunnels.map((t) => t.binding.deviceId))]);
    for (const t of tunnels) {
      const b = now.get(t.binding.deviceId);
      const same =
        b !== undefined &&
        b.teamId === t.binding.teamId &&
        (t.binding.boundAt === undefined || b.boundAt === t.binding.boundAt);
      if (same || t.ended) continue;
      t.takeUnflushed();
      t.end('access');
    }
  }

  private async recheck(t: Tunnel): Promise<void> {
    const allowed = await (this.accessCheck?.(t) ?? Promise.resolve(true)).catch(() => false);
    if (!allowed) t.end('access');
  }

  /** Flushes every tunnel's bytes, then ends the sessions of devices out of traffic. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      try {
        await this.endRebound([...this.tunnels.values()]);
      } catch (err) {
        this.log.error({ err }, 'remote binding check failed');
      }
      const devices = new Set<number>();
      for (const t of [...this.tunnels.values()]) {
        try {
          if (await this.record(t)) devices.add(t.binding.deviceId);
        } catch (err) {
          this.log.error({ err, sessionId: t.binding.sessionId }, 'remote traffic not recorded');
        }
      }
      if (!this.settings.billing) return;
      for (const deviceId of devices) {
        const verdict = await this.meter.canStart(deviceId).catch(() => null);
        if (
          verdict &&
          (verdict.code === ErrorCode.E1046_INSUFFICIENT_TRAFFIC ||
            verdict.code === ErrorCode.E1057_RA_EXPIRED)
        )
          for (const t of [...this.tunnels.values()]) if (t.binding.deviceId === deviceId) t.end('traffic');
      }
    });
    return this.flushing;
  }

  /** Moves a tunnel's unflushed bytes to the ledger and its record; true when there were some. */
  private async record(t: Tunnel): Promise<boolean> {
    const delta = t.takeUnflushed();
    if (delta.up + delta.down === 0) return false;
    try {
      await this.meter.record(t.binding.deviceId, delta);
      await this.repo.addBytes(t.binding.sessionId, delta.up, delta.down);
    } catch (err) {
      // Given back: the next flush tries again.
      t.flushedUp -= delta.up;
      t.flushedDown -= delta.down;
      throw err;
    }
    return true;
  }
}

/** The facts of a session record a change names. */
export const sessionOf = (row: {
  id: number;
  team_id: number;
  device_id: number;
  user_id: number | null;
  mode: string;
}) => ({
  sessionId: row.id,
  teamId: row.team_id,
  deviceId: row.device_id,
  userId: row.user_id,
  mode: row.mode,
});
