import { LiveCloseCode, LiveLimits, notifyClientMessage, notifyEvent, type NotifyEvent } from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { MESSAGE_TOO_BIG, messageBytes } from '../../lib/socket-message.ts';
import type { CurrentUser, PrincipalLoader } from '../../lib/current-user.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { AlarmEvent } from '../alarm/index.ts';
import type { MessagesChangedEvent } from '../messages/index.ts';
import { MessageRate, type MessageRateSettings } from '../../lib/message-rate.ts';
import type { TeamAccessEvent } from '../role/index.ts';
import { endsSessionOf } from '../session/index.ts';

/** The part of a WebSocket the hub uses (tests pass a fake). */
export type NotifySocket = Pick<WebSocket, 'readyState' | 'OPEN' | 'send' | 'close' | 'on'>;

interface Client {
  ws: NotifySocket;
  user: CurrentUser;
  lastSeen: number;
  /** The client's message rate (4030 beyond). */
  rate: MessageRate;
}

export interface NotifyHubSettings {
  /** Sockets one user may hold (one per tab); beyond, new ones close with 4029. */
  socketsPerUser: number;
  /** No frame from the client for this long closes the socket (4008). */
  idleMs: number;
  /** How often idle sockets are looked for. */
  sweepMs: number;
  /** How often each socket's session and account are checked again (4001 when ended). */
  reauthMs: number;
  /** Pings a socket may send (the device data socket's LIVE_MESSAGE_RATE/BURST); beyond, 4030. */
  messageRate: MessageRateSettings;
}

export const notifyHubDefaults: NotifyHubSettings = {
  socketsPerUser: 20,
  idleMs: LiveLimits.idleCloseMs,
  sweepMs: 5_000,
  reauthMs: 60_000,
  messageRate: { perSecond: LiveLimits.messageRatePerSec, burst: LiveLimits.messageBurst },
};

/**
 * The notify sockets of this server (message.api.ts `notifyEvent`): `counts` to the users named
 * by 'messages.changed', `alarm` to those named by 'alarm.event' (the users whose data scope
 * holds the device), `access` to those named by 'team.access' who stay in the team after the
 * re-check, `pong` to `ping`. Close codes and the message rate are the device data
 * socket's (LiveCloseCode; 4030 beyond LIVE_MESSAGE_RATE / LIVE_MESSAGE_BURST).
 * Fed by the bus, so events of any server reach the sockets of every server.
 */
export class NotifyHub {
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly off: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastReauth = Date.now();

  constructor(
    private readonly bus: Bus,
    private readonly reload: PrincipalLoader,
    private readonly log: FastifyBaseLogger,
    private readonly settings: NotifyHubSettings = notifyHubDefaults,
  ) {}

  start(): void {
    this.off.push(
      this.bus.subscribe('messages.changed', (e) => this.onMessages(e)),
      this.bus.subscribe('alarm.event', (e) => this.onAlarm(e)),
      this.bus.subscribe('team.access', (e) => void this.onAccess(e)),
      // Logout, password change, closure, a revoked family: those sockets end at once (4001).
      this.bus.subscribe('session.ended', (e) => {
        for (const c of this.clients()) if (endsSessionOf(e, c.user)) void this.recheck(c);
      }),
    );
    this.timer = setInterval(() => void this.sweep(), this.settings.sweepMs);
    this.timer.unref();
  }

  /** Closes every socket (1001) and stops. */
  stop(): void {
    this.off.splice(0).forEach((f) => f());
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.clients()) c.ws.close(LiveCloseCode.GoingAway, 'server shutting down');
  }

  /** Open sockets. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Takes an authenticated socket; sends `counts` first so a (re)connected tab refreshes its badge. */
  open(ws: NotifySocket, user: CurrentUser): void {
    const own = this.byUser.get(user.id) ?? new Set<Client>();
    if (own.size >= this.settings.socketsPerUser) {
      ws.close(LiveCloseCode.TooManySockets, 'too many notify sockets for the user');
      return;
    }
    const client: Client = {
      ws,
      user,
      lastSeen: Date.now(),
      rate: new MessageRate(this.settings.messageRate),
    };
    own.add(client);
    this.byUser.set(user.id, own);
    ws.on('message', (data, isBinary) => {
      client.lastSeen = Date.now();
      if (messageBytes(data) > LiveLimits.maxMessageBytes) {
        ws.close(MESSAGE_TOO_BIG, 'message too big');
        return;
      }
      if (!client.rate.admit(ws)) return;
      let parsed = false;
      if (!isBinary) {
        try {
          parsed = notifyClientMessage.safeParse(JSON.parse(String(data))).success;
        } catch {
          parsed = false;
        }
      }
      if (parsed) this.send(client, JSON.stringify({ type: 'pong' } satisfies NotifyEvent));
      else ws.close(LiveCloseCode.BadMessage, 'expected {"type":"ping"}');
    });
    ws.on('close', () => this.remove(client));
    ws.on('error', () => this.remove(client));
    this.send(client, JSON.stringify({ type: 'counts' } satisfies NotifyEvent));
  }

  private onMessages(e: MessagesChangedEvent): void {
    this.fanOut(e.teamId, e.userIds, { type: 'counts' });
  }

  private onAlarm(e: AlarmEvent): void {
    this.fanOut(e.teamId, e.userIds, {
      type: 'alarm',
      event: e.event,
      level: e.record.level,
      record: e.record,
    });
  }

  /** One frame, checked against the contract once, to the sockets of these users in the team. */
  private fanOut(teamId: number, userIds: readonly number[], frame: NotifyEvent): void {
    const targets = userIds
      .flatMap((id) => [...(this.byUser.get(id) ?? [])])
      .filter((c) => c.user.teamId === teamId);
    if (targets.length === 0) return;
    const checked = notifyEvent.safeParse(frame);
    if (!checked.success) {
      this.log.error(
        { issues: checked.error.issues, type: frame.type },
        'notify frame off the contract: not sent',
      );
      return;
    }
    const text = JSON.stringify(checked.data);
    for (const c of targets) this.send(c, text);
  }

  private send(client: Client, text: string): void {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(text);
  }

  private *clients(): Iterable<Client> {
    for (const set of [...this.byUser.values()]) yield* [...set];
  }

  /** Closes idle sockets; every reauthMs checks each caller again (session ended: 4001). */
  async sweep(now = Date.now()): Promise<void> {
    for (const c of this.clients()) {
      if (now - c.lastSeen > this.settings.idleMs) c.ws.close(LiveCloseCode.IdleTimeout, 'no ping');
    }
    if (now - this.lastReauth < this.settings.reauthMs) return;
    this.lastReauth = now;
    for (const c of this.clients()) await this.recheck(c);
  }

  /**
   * A user's access changed (role, scope, team, removal): their sockets are checked again at once,
   * and those still in the team get `access` so the screens re-read the user and their data.
   */
  private async onAccess(e: TeamAccessEvent): Promise<void> {
    const access = JSON.stringify({ type: 'access' } satisfies NotifyEvent);
    for (const id of e.userIds) {
      for (const c of [...(this.byUser.get(id) ?? [])]) {
        if (await this.recheck(c)) this.send(c, access);
      }
    }
  }

  /**
   * Session ended: 4001; now in another team: 1001 (reconnect); else the caller is updated.
   * Returns whether the socket stays open.
   */
  private async recheck(c: Client): Promise<boolean> {
    try {
      const user = await this.reload(c.user);
      if (!user) c.ws.close(LiveCloseCode.TokenInvalid, 'E_INVALID_OR_EXPIRED_TOKEN');
      else if (user.teamId !== c.user.teamId) c.ws.close(LiveCloseCode.GoingAway, 'team changed');
      else {
        c.user = user;
        return true;
      }
    } catch (err) {
      this.log.error({ err }, 'notify socket re-check failed');
    }
    return false;
  }

  private remove(client: Client): void {
    const set = this.byUser.get(client.user.id);
    if (!set?.delete(client)) return;
    if (set.size === 0) this.byUser.delete(client.user.id);
  }
}
