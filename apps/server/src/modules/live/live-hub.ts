import {
  ErrorCode,
  liveClientMessage,
  LiveCloseCode,
  LiveLimits,
  Perm,
  type LiveDataItem,
  type LiveServerMessage,
} from '@hmi/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../../config.ts';
import type { CurrentUser, PrincipalLoader } from '../../lib/current-user.ts';
import type { Bus } from '../../plugins/bus.ts';
import { MESSAGE_TOO_BIG, messageBytes } from '../../lib/socket-message.ts';
import { decodeStoredValue, frameValue, type DeviceDataEvent } from '../history-store/index.ts';
import type { TeamAccessEvent } from '../role/index.ts';
import { endsSessionOf } from '../session/index.ts';
import type { DeviceActEvent } from './live.events.ts';
import type { LiveRepo } from './live.repo.ts';
import { MessageRate } from '../../lib/message-rate.ts';
import { ViewRequests, type ViewRequest } from './view-requests.ts';

interface DeviceView {
  /** Tag ids of the device's template, in order. */
  ordered: number[];
  /** Those of the current page. */
  page: Set<number>;
}

interface Client {
  ws: WebSocket;
  user: CurrentUser;
  canData: boolean;
  page: number;
  pageSize: number;
  deviceIds: number[];
  /** subscribe_tags: the wanted tags per device; null while the socket shows pages. */
  tags: Map<number, Set<number>> | null;
  views: Map<number, DeviceView>;
  tagCount: number;
  pending: Map<string, LiveDataItem>;
  timer: NodeJS.Timeout | null;
  lastSent: number;
  lastSeen: number;
  /** The client's message rate (4030 beyond). */
  rate: MessageRate;
  /** Its subscribe and switch_page requests, worked one at a time, the latest winning. */
  requests: ViewRequests;
  /** The user's access changed and is being read again: nothing is shown meanwhile. */
  suspended: boolean;
}

/** A socket slower than this many buffered bytes skips frames (its values stay coalesced). */
const MAX_BUFFERED = 1024 * 1024;
const SWEEP_MS = 5_000;
const REAUTH_MS = 60_000;

/**
 * The device data sockets of this server (live.api.ts describes the protocol): which socket
 * shows which devices and tags, coalescing of values per socket (at most one `data` frame per
 * window), `act` events, per-team caps, idle sockets and periodic re-checks of the session.
 * Fed by the bus, so values from any server reach the sockets of every server. A client's
 * messages cost little each (a rate check, a parse) and never queue database work: page
 * switches are folded and worked one at a time (ViewRequests), so one flooding socket cannot
 * hold the event loop (it is closed with 4030 beyond the message rate anyway).
 */
export class LiveHub {
  private readonly clients = new Set<Client>();
  private readonly byDevice = new Map<number, Set<Client>>();
  private readonly teams = new Map<number, { sockets: number; tags: number }>();
  private readonly off: (() => void)[] = [];
  private timers: NodeJS.Timeout[] = [];
  private lastReauth = Date.now();

  constructor(
    private readonly repo: LiveRepo,
    private readonly bus: Bus,
    private readonly settings: Config['live'],
    private readonly reload: PrincipalLoader,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.off.push(
      this.bus.subscribe('device.data', (e) => this.onData(e)),
      this.bus.subscribe('device.act', (e) => this.onAct(e)),
      this.bus.subscribe('team.access', (e) => this.onAccess(e)),
      // Logout, password change, closure, a revoked family: those sockets end at once (4001).
      this.bus.subscribe('session.ended', (e) => {
        for (const c of [...this.clients]) if (endsSessionOf(e, c.user)) void this.recheck(c, false);
      }),
      // Devices moved group or zone: who may see them changed, so the team's views are worked again.
      this.bus.subscribe('device.scope', (e) => {
        for (const c of [...this.clients]) if (c.user.teamId === e.teamId) void this.recheck(c, true);
      }),
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
    const team = this.team(user.teamId);
    if (team.sockets >= this.settings.maxSocketsPerTeam) {
      ws.close(LiveCloseCode.TooManySockets, 'too many sockets for the team');
      return;
    }
    team.sockets++;
    const client: Client = {
      ws,
      user,
      canData: user.permissions.has(Perm.DeviceMonitor),
      page,
      pageSize: LiveLimits.pageSizeDefault,
      deviceIds: [],
      tags: null,
      views: new Map(),
      tagCount: 0,
      pending: new Map(),
      timer: null,
      lastSent: 0,
      lastSeen: Date.now(),
      rate: new MessageRate({ perSecond: this.settings.messageRate, burst: this.settings.messageBurst }),
      suspended: false,
      requests: new ViewRequests(
        (r) => this.apply(client, r),
        (err) => {
          this.log.error({ err }, 'live socket message failed');
          this.send(client, { type: 'error', code: ErrorCode.E1007_SERVER, msg: 'Server error' });
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
      else this.onMessage(client, data.toString());
    });
    ws.on('close', () => this.remove(client));
    ws.on('error', () => this.remove(client));
    this.send(client, {
      type: 'ready',
      user_id: user.id,
      page,
      coalesce_ms: this.settings.coalesceMs,
      data: client.canData,
    });
  }

  private onMessage(client: Client, text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.send(client, { type: 'error', code: ErrorCode.E1006_BAD_PARAMETER, msg: 'not JSON' });
    }
    const parsed = liveClientMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.send(client, {
        type: 'error',
        code: ErrorCode.E1006_BAD_PARAMETER,
        msg: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'bad message',
      });
    }
    const m = parsed.data;
    switch (m.type) {
      case 'ping':
        return this.send(client, { type: 'pong', ts: Date.now() });
      case 'switch_page':
        return client.requests.switchPage(m.page);
      case 'subscribe':
        return client.requests.subscribe([...new Set(m.device_ids)], m.page_size, m.page);
      case 'subscribe_tags':
        return this.onSubscribeTags(client, m.tags);
    }
  }

  private onSubscribeTags(client: Client, pairs: readonly { device_id: number; tag_id: number }[]): void {
    const tags = new Map<number, Set<number>>();
    for (const p of pairs) {
      let set = tags.get(p.device_id);
      if (!set) tags.set(p.device_id, (set = new Set()));
      set.add(p.tag_id);
    }
    if (tags.size > LiveLimits.devicesPerSocketMax) {
      return this.send(client, {
        type: 'error',
        code: ErrorCode.E1006_BAD_PARAMETER,
        msg: `tags: at most ${LiveLimits.devicesPerSocketMax} devices`,
      });
    }
    client.requests.subscribeTags(tags);
  }

  /** Works a socket's request: the fields it leaves out are the socket's current ones. */
  private apply(client: Client, r: ViewRequest): Promise<void> {
    return this.subscribe(
      client,
      r.deviceIds ?? client.deviceIds,
      r.pageSize ?? client.pageSize,
      r.page ?? client.page,
      r.tags === undefined ? client.tags : r.tags,
    );
  }

  /** Sets what the socket shows, then sends `subscribed` and the page's last values. */
  private async subscribe(
    client: Client,
    ids: number[],
    pageSize: number,
    page: number,
    wanted: Map<number, Set<number>> | null,
  ): Promise<void> {
    const user = client.user;
    const devices = await this.repo.devicesWithTags(user.scope, ids);
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (client.suspended || client.user !== user) {
      // Read with a scope that is no longer the user's: kept as the wanted view, worked again
      // with the current scope (by the re-check under way, or now).
      Object.assign(client, { deviceIds: ids, pageSize, page, tags: wanted });
      if (!client.suspended) client.requests.refresh();
      return;
    }
    const views = new Map<number, DeviceView>();
    let tagCount = 0;
    for (const d of devices) {
      const want = wanted?.get(d.id);
      const slice = !client.canData
        ? []
        : want
          ? d.tagIds.filter((t) => want.has(t))
          : d.tagIds.slice(page * pageSize, (page + 1) * pageSize);
      tagCount += slice.length;
      views.set(d.id, { ordered: d.tagIds, page: new Set(slice) });
    }
    const team = this.team(client.user.teamId);
    if (team.tags - client.tagCount + tagCount > this.settings.maxTagsPerTeam) {
      return this.send(client, {
        type: 'error',
        code: ErrorCode.E1036_TOO_FREQUENT,
        msg: `the team streams at most ${this.settings.maxTagsPerTeam} tags at once`,
      });
    }
    this.unindex(client);
    team.tags += tagCount - client.tagCount;
    Object.assign(client, { deviceIds: ids, pageSize, page, tags: wanted, views, tagCount });
    client.pending.clear();
    for (const id of views.keys()) {
      let set = this.byDevice.get(id);
      if (!set) this.byDevice.set(id, (set = new Set()));
      set.add(client);
    }
    const accepted = new Set(views.keys());
    this.send(client, {
      type: 'subscribed',
      page,
      page_size: pageSize,
      devices: [...views].map(([device_id, v]) => ({
        device_id,
        tag_ids: [...v.page],
        tag_total: v.ordered.length,
      })),
      refused: ids.filter((id) => !accepted.has(id)),
    });
    if (!client.canData) return;
    const items: LiveDataItem[] = [];
    for (const [deviceId, v] of views) {
      if (v.page.size === 0) continue;
      for (const row of await this.repo.lastValues(deviceId, [...v.page])) {
        items.push({
          device_id: deviceId,
          tag_id: row.tag_id,
          ts: row.ts,
          value: decodeStoredValue(row.num, row.txt),
        });
      }
    }
    if (items.length > 0) this.send(client, { type: 'data', page, items });
  }

  private onData(e: DeviceDataEvent): void {
    const clients = this.byDevice.get(e.deviceId);
    if (!clients) return;
    for (const client of clients) {
      if (client.user.teamId !== e.teamId || !client.canData) continue;
      const view = client.views.get(e.deviceId);
      if (!view || view.page.size === 0) continue;
      let added = false;
      for (const f of e.frames) {
        for (let i = 0; i < f.ids.length; i++) {
          const tagId = f.ids[i]!;
          if (!view.page.has(tagId)) continue;
          const key = `${e.deviceId}:${tagId}`;
          const seen = client.pending.get(key);
          if (seen && seen.ts > f.ts) continue;
          client.pending.set(key, {
            device_id: e.deviceId,
            tag_id: tagId,
            ts: f.ts,
            value: frameValue(f, i),
          });
          added = true;
        }
      }
      if (added) this.schedule(client);
    }
  }

  private onAct(e: DeviceActEvent): void {
    const clients = this.byDevice.get(e.act.device_id);
    if (!clients) return;
    for (const client of clients) {
      if (client.user.teamId === e.teamId) this.send(client, { type: 'act', ...e.act });
    }
  }

  /** At most one frame per window: at once if the last one is older, else at the window's end. */
  private schedule(client: Client): void {
    if (client.timer) return;
    const wait = Math.max(0, client.lastSent + this.settings.coalesceMs - Date.now());
    client.timer = setTimeout(() => this.flush(client), wait);
  }

  private flush(client: Client): void {
    client.timer = null;
    if (client.pending.size === 0 || client.ws.readyState !== client.ws.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED) {
      client.lastSent = Date.now();
      this.schedule(client);
      return;
    }
    const items = [...client.pending.values()];
    client.pending.clear();
    client.lastSent = Date.now();
    this.send(client, { type: 'data', page: client.page, items });
  }

  private send(client: Client, message: LiveServerMessage): void {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(message));
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

  /**
   * A user's access changed (role, data permissions, team, removal): their sockets stop showing
   * every device at once, before the scope is read again, so not one frame of a device that left
   * the scope goes out; then the view is worked again with the new scope (or the socket closes).
   */
  private onAccess(e: TeamAccessEvent): void {
    const users = new Set(e.userIds);
    for (const c of this.clients) {
      if (!users.has(c.user.id)) continue;
      c.suspended = true;
      this.unindex(c);
      c.pending.clear();
      void this.recheck(c, true);
    }
  }

  /**
   * Reads the socket's caller again: ended session 4001; now in another team 1001 (reconnect);
   * device view withdrawn 4003; otherwise the view is worked again when anything changed (always
   * when `force`).
   */
  private async recheck(c: Client, force: boolean): Promise<void> {
    try {
      const user = await this.reload(c.user);
      if (!user) {
        c.ws.close(LiveCloseCode.TokenInvalid, 'E_INVALID_OR_EXPIRED_TOKEN');
        return;
      }
      if (user.teamId !== c.user.teamId) {
        c.ws.close(LiveCloseCode.GoingAway, 'team changed');
        return;
      }
      const changed =
        force ||
        JSON.stringify([...user.permissions]) !== JSON.stringify([...c.user.permissions]) ||
        JSON.stringify(user.scope.devices && [...user.scope.devices]) !==
          JSON.stringify(c.user.scope.devices && [...c.user.scope.devices]);
      c.user = user;
      c.canData = user.permissions.has(Perm.DeviceMonitor);
      c.suspended = false;
      if (!user.permissions.has(Perm.DeviceView)) {
        c.ws.close(LiveCloseCode.PermissionDenied, 'device view permission withdrawn');
      } else if (changed) {
        c.requests.refresh();
      }
    } catch (err) {
      this.log.error({ err }, 'live socket re-check failed');
    }
  }

  private unindex(client: Client): void {
    for (const id of client.views.keys()) {
      const set = this.byDevice.get(id);
      set?.delete(client);
      if (set?.size === 0) this.byDevice.delete(id);
    }
  }

  private remove(client: Client): void {
    if (!this.clients.delete(client)) return;
    client.requests.close();
    this.unindex(client);
    if (client.timer) clearTimeout(client.timer);
    const team = this.team(client.user.teamId);
    team.sockets--;
    team.tags -= client.tagCount;
    if (team.sockets <= 0) this.teams.delete(client.user.teamId);
  }

  private team(teamId: number) {
    let t = this.teams.get(teamId);
    if (!t) this.teams.set(teamId, (t = { sockets: 0, tags: 0 }));
    return t;
  }
}
