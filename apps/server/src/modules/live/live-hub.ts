import { ErrorCode, LiveCloseCode, LiveLimits, Perm } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../../config.ts';
import type { CurrentUser, PrincipalLoader } from '../../lib/current-user.ts';
import type { Bus } from '../../plugins/bus.ts';
import { MESSAGE_TOO_BIG, messageBytes } from '../../lib/socket-message.ts';
import { MessageRate } from '../../lib/message-rate.ts';
import { endsSessionOf } from '../session/index.ts';
import { LiveAccess } from './live-access.ts';
import { send, type LiveClient } from './live-client.ts';
import { LiveFanout } from './live-fanout.ts';
import { LiveShares, viewerPrincipal, type LiveShareViewer, type ShareViewerReads } from './live-shares.ts';
import { onClientMessage } from './live-messages.ts';
import { LiveViews } from './live-views.ts';
import type { LiveRepo } from './live.repo.ts';
import { emptySubscription } from './subscription.ts';
import { TeamCounts } from './team-counts.ts';
import { ViewRequests } from './view-requests.ts';

const SWEEP_MS = 5_000;
const REAUTH_MS = 60_000;

/**
 * The device data sockets of this server (live.api.ts describes the protocol). Each socket holds
 * one subscription (subscription.ts: a page of devices, (device, tag) pairs, devices for acts);
 * the hub takes sockets in, feeds the bus's events to them (LiveFanout: filter and coalesce),
 * works their subscriptions (LiveViews), re-reads their callers' access (LiveAccess), enforces the
 * per-team caps and closes idle sockets. Fed by the bus, so values from any server reach the
 * sockets of every server. A client's messages cost little each (a rate check, a parse) and never
 * queue database work: subscription changes are folded and worked one at a time (ViewRequests).
 * A share link's viewer holds a socket too (openViewer): values of its project's bound tags only,
 * no write of any kind (the socket takes none), closed when the link ends (LiveShares).
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private readonly teams = new TeamCounts();
  private readonly fanout: LiveFanout;
  private readonly views: LiveViews;
  private readonly access: LiveAccess;
  private readonly shares: LiveShares;
  private readonly off: (() => void)[] = [];
  private timers: NodeJS.Timeout[] = [];
  private lastReauth = Date.now();

  constructor(
    repo: LiveRepo,
    private readonly bus: Bus,
    private readonly settings: Config['live'],
    reload: PrincipalLoader,
    private readonly log: FastifyBaseLogger,
    shares: ShareViewerReads,
  ) {
    this.fanout = new LiveFanout(settings.coalesceMs);
    this.shares = new LiveShares(shares, log);
    this.views = new LiveViews(repo, this.teams, this.fanout, settings, this.shares);
    this.access = new LiveAccess(reload, this.fanout, log);
  }

  start(): void {
    this.off.push(
      this.bus.subscribe('device.data', (e) => this.fanout.data(e)),
      this.bus.subscribe('device.act', (e) => this.fanout.act(e)),
      // A member's role, scope or membership changed: their sockets are checked again, and so are
      // the team's share links (a link holds while its creator could still make it).
      this.bus.subscribe('team.access', (e) => {
        this.access.suspend(this.clients, e);
        this.shares.recheckTeam(this.clients, e.teamId);
      }),
      // Logout, password change, closure, a revoked family: those sockets end at once (4001). An
      // account's sessions all ending (closure) re-checks the links it may have made.
      this.bus.subscribe('session.ended', (e) => {
        for (const c of [...this.clients])
          if (!c.share && endsSessionOf(e, c.user)) void this.access.recheck(c, false);
        if (e.userId !== undefined) this.shares.recheckTeam(this.clients, null);
      }),
      // Devices moved group or zone: who may see them changed, so the team's views are worked again.
      this.bus.subscribe('device.scope', (e) => {
        for (const c of [...this.clients]) if (c.user.teamId === e.teamId) void this.recheck(c, true);
      }),
      // A share link revoked, or its project deleted: its viewers' sockets end at once (4001).
      this.bus.subscribe('share.ended', (e) => this.shares.ended(this.clients, e.projectId, e.shareIds)),
      this.bus.subscribe('project.deleted', (e) => this.shares.ended(this.clients, e.projectId, null)),
      // Its screens changed: the project's viewers stream what the screens bind now.
      this.bus.subscribe('project.screens', (e) => this.shares.recheckProject(this.clients, e.projectId)),
    );
    const sweep = setInterval(() => void this.sweep(), SWEEP_MS);
    sweep.unref();
    this.timers.push(sweep);
  }

  /** Closes every socket (1001) and stops. */
  stop(): void {
    this.off.splice(0).forEach((f) => f());
    this.timers.forEach((t) => clearInterval(t));
    this.timers = [];
    for (const c of [...this.clients]) c.ws.close(LiveCloseCode.GoingAway, 'server shutting down');
  }

  /** Open sockets (all teams). */
  get size(): number {
    return this.clients.size;
  }

  /** Takes an authenticated socket. */
  open(ws: WebSocket, user: CurrentUser, page: number): void {
    this.admit(ws, user, page, null);
  }

  /**
   * Takes the socket of a share link's viewer (its token checked): read-only, only the pairs its
   * project's screens bind (live-shares.ts), closed when the link ends.
   */
  openViewer(ws: WebSocket, viewer: LiveShareViewer, page: number): void {
    const client = this.admit(ws, viewerPrincipal(viewer), page, { ...viewer, timer: null });
    if (client) this.shares.arm(client);
  }

  private admit(
    ws: WebSocket,
    user: CurrentUser,
    page: number,
    share: LiveClient['share'],
  ): LiveClient | null {
    const team = this.teams.of(user.teamId);
    if (team.sockets >= this.settings.maxSocketsPerTeam) {
      ws.close(LiveCloseCode.TooManySockets, 'too many sockets for the team');
      return null;
    }
    team.sockets++;
    const client: LiveClient = {
      ws,
      user,
      canData: user.permissions.has(Perm.DeviceMonitor),
      sub: emptySubscription(page),
      streams: new Map(),
      tagCount: 0,
      pendingCount: 0,
      timer: null,
      lastSent: 0,
      lastSeen: Date.now(),
      rate: new MessageRate({ perSecond: this.settings.messageRate, burst: this.settings.messageBurst }),
      suspended: false,
      share,
      requests: new ViewRequests(
        (change) => this.views.apply(client, change),
        (err) => {
          this.log.error({ err }, 'live socket message failed');
          send(client, { type: 'error', code: ErrorCode.E1007_SERVER, msg: 'Server error' });
        },
      ),
    };
    this.clients.add(client);
    // Per message: the rate, a parse, and at most recording a request; no closure, no promise.
    ws.on('message', (data, isBinary) => {
      client.lastSeen = Date.now();
      // One WebSocket server serves /mqtt too (its limit is the MQTT packet's): ours is 16 KiB.
      if (messageBytes(data) > LiveLimits.maxMessageBytes) {
        ws.close(MESSAGE_TOO_BIG, 'message too big');
        return;
      }
      if (!client.rate.admit(ws)) return;
      if (isBinary) ws.close(LiveCloseCode.BadMessage, 'text frames only');
      else onClientMessage(client, data.toString());
    });
    ws.on('close', () => this.remove(client));
    ws.on('error', () => this.remove(client));
    send(client, {
      type: 'ready',
      user_id: user.id,
      page,
      coalesce_ms: this.settings.coalesceMs,
      data: client.canData,
    });
    return client;
  }

  /** Reads a socket's caller again: a user's session and scope, or a viewer's link. */
  private recheck(c: LiveClient, force: boolean): Promise<void> {
    return c.share ? this.shares.recheck(c) : this.access.recheck(c, force);
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const c of this.clients) {
      if (now - c.lastSeen > LiveLimits.idleCloseMs) c.ws.close(LiveCloseCode.IdleTimeout, 'no ping');
    }
    if (now - this.lastReauth < REAUTH_MS) return;
    this.lastReauth = now;
    for (const c of [...this.clients]) await this.recheck(c, false);
  }

  private remove(client: LiveClient): void {
    if (!this.clients.delete(client)) return;
    client.requests.close();
    this.fanout.unindex(client);
    if (client.timer) clearTimeout(client.timer);
    this.shares.release(client);
    this.teams.release(client.user.teamId, client.tagCount);
  }
}
