import {
  CommandResultCode,
  ErrorCode,
  StringErrorCode,
  TUNNEL_BROWSER_WS_PATH,
  TUNNEL_DEVICE_WS_PATH,
  API_BASE,
  type RemoteOpenBody,
  type RemoteSession,
  type RemoteSessionRecord,
  type TunnelStatus,
  type TunnelTarget,
  validateHmiVersion,
} from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser, PrincipalLoader } from '../../lib/current-user.ts';
import { assertValid } from '../../lib/validate.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { OperatePolicy } from '../zone/index.ts';
import { startAllowed } from '../billing/index.ts';
import { CommandOfflineError, CommandTimeoutError, type CommandTracker } from '../commands/index.ts';
import { presentSessionRecord } from './remote.presenter.ts';
import type { RemoteRepo, SessionRow } from './remote.repo.ts';
import { newTunnelId, newTunnelToken, Tunnel } from './tunnel.ts';
import { sessionOf, type TrafficMeter, type TunnelHub } from './tunnel-hub.ts';
import type { TunnelStatusBoard } from './tunnel-status.ts';

export type RemoteClient = 'web' | 'cli' | 'diacom';

/** The HMI's own VNC server port (docs/protocol.md, Tunnels): a port forward to it is the screen. */
export const HMI_VNC_PORT = 5900;

export interface RemoteSettings {
  maxSessionMs: number;
  idleMs: number;
  /** Lowest HMI firmware that may open a session (undefined: any). */
  minFirmware: string | undefined;
  openTimeoutMs: number;
  /** False in region cn (no billing): no traffic check. */
  billing: boolean;
  /** ws(s)://host[:port] devices dial on this server. */
  deviceBase: () => string;
  /** Sessions open at once per device, per user, per team (beyond: 1036, data.limit). */
  maxSessions: { device: number; user: number; team: number };
}

const targetText = (t: TunnelTarget) => (t === 'vnc' ? 'vnc' : String(t.port));
const noData = () => new AppError(ErrorCode.E1003_NO_DATA);
const denied = () => new AppError(ErrorCode.E1002_PERMISSION_DENIED);

export const displayName = (u: {
  name: string;
  alias_name: string;
  email: string | null;
  phone: string | null;
}) => u.name || u.alias_name || u.email || u.phone || '';

/**
 * Remote access sessions (docs/api.md, Remote access): the open rules, the records and status.
 * The administrator of a team is its main account: it may take over a device's operator and end
 * any session of the team.
 */
export class RemoteService {
  constructor(
    private readonly repo: RemoteRepo,
    private readonly hub: TunnelHub,
    private readonly status: TunnelStatusBoard,
    private readonly commands: CommandTracker,
    private readonly meter: TrafficMeter,
    /** Who may operate or view a device's screen (the zone module's OperatePolicy). */
    private readonly operate: OperatePolicy,
    private readonly bus: Bus,
    private readonly settings: RemoteSettings,
    private readonly reload: PrincipalLoader = async (u) => u,
  ) {
    hub.accessCheck = (t) => this.mayHold(t);
  }

  /**
   * The one place that decides whether a tunnel's user may still hold it (docs/architecture.md,
   * Remote access: "session re-check events"): the session that opened it is alive (not logged
   * out, revoked, password changed) and the account active; the user is still in the team; the
   * device is still in the same binding (team and bound_at) and in the user's data scope; and
   * the mode's rights: operate needs hmi 6 and the device's zone, view hmi 6 or hmi-check 48.
   * Every event that can take one of these away reaches it through the tunnel hub; a session
   * that fails ends ('access'): a running RFB stream cannot be downgraded to view safely (the
   * view filter must see its handshake).
   */
  async mayHold(t: Tunnel): Promise<boolean> {
    const { caller, teamId, deviceId, mode, boundAt } = t.binding;
    if (!caller) return true;
    const user = await this.reload(caller);
    if (!user || user.teamId !== teamId) return false;
    const device = await this.repo.device(user.scope, deviceId);
    if (!device || device.team_id !== teamId || (boundAt !== undefined && device.bound_at !== boundAt))
      return false;
    return this.operate.may(user, device, mode === 'operate' ? 'remoteOperate' : 'remoteView');
  }

  async open(
    caller: CurrentUser,
    body: RemoteOpenBody,
    client: RemoteClient = 'web',
  ): Promise<RemoteSession> {
    const device = await this.repo.device(caller.scope, body.device_id);
    if (!device || device.team_id === null) throw noData();
    const asked = body.target ?? 'vnc';
    const mayOperate = await this.operate.may(caller, device, 'remoteOperate');
    const mayView = await this.operate.may(caller, device, 'remoteView');
    if (!mayView) throw denied();
    // A port forward operates (hmi 6 and the zone); one to the HMI's VNC port is the screen
    // itself: from here on it is a VNC session (one operator, the view filter for the others).
    if (asked !== 'vnc' && !mayOperate) throw denied();
    const target: TunnelTarget = asked !== 'vnc' && asked.port === HMI_VNC_PORT ? 'vnc' : asked;
    if (body.takeover && !caller.isMain) throw denied();
    const user = await this.repo.userName(caller.id);
    if (!user) throw denied();
    if (client === 'diacom' && user.diacom !== 1) throw denied();
    if (device.online !== 1)
      throw new AppError(ErrorCode.E1038_DEVICE_OFFLINE, null, StringErrorCode.E_DEV_OFFLINE);
    if (target === 'vnc' && device.vnc === 0) throw new AppError(ErrorCode.E1024_OPEN_VNC_ON_HMI);
    assertValid('device_id', validateHmiVersion(device.firmware, this.settings.minFirmware));
    if (this.settings.billing) {
      const verdict = await this.meter.canStart(device.id, Date.now(), body.confirm_12g === true);
      if (!startAllowed(verdict)) throw new AppError(verdict.code, { traffic: verdict.state });
    }

    const now = Date.now();
    const tunnelId = newTunnelId();
    const userName = displayName(user);
    let mode: 'operate' | 'view' = mayOperate && !body.view_only ? 'operate' : 'view';
    if (target !== 'vnc') mode = 'operate';
    let operatorName: string | null = null;
    const row = {
      team_id: device.team_id,
      device_id: device.id,
      user_id: caller.id,
      user_name: userName,
      target: targetText(target),
      client,
      tunnel_id: tunnelId,
      instance: this.hub.settings.instance,
      started_at: now,
    };
    let sessionId: number | undefined;
    for (let attempt = 0; attempt < 3 && sessionId === undefined; attempt++) {
      if (mode === 'operate' && target === 'vnc') {
        const current = await this.repo.operator(device.id);
        if (current && body.takeover) await this.end(current, 'takeover');
        else if (current) {
          mode = 'view';
          operatorName = current.user_name;
        }
      }
      // The unique index keeps one operator: the loser of a race looks again.
      sessionId = await this.repo.insert({ ...row, mode });
    }
    if (sessionId === undefined) throw new AppError(ErrorCode.E1007_SERVER);
    await this.withinCaps(sessionId, device.id, caller.id, device.team_id);
    this.hub.sessionChanged({
      event: 'start',
      sessionId,
      teamId: device.team_id,
      deviceId: device.id,
      userId: caller.id,
      mode,
      at: now,
    });

    const tokens = { client: newTunnelToken(), device: newTunnelToken() };
    const tunnel = new Tunnel(
      {
        tunnelId,
        sessionId,
        deviceId: device.id,
        sn: device.sn,
        teamId: device.team_id,
        userId: caller.id,
        mode,
        viewOnlyRfb: mode === 'view' && target === 'vnc',
        startedAt: now,
        maxMs: this.settings.maxSessionMs,
        idleMs: this.settings.idleMs,
        caller,
        boundAt: device.bound_at,
      },
      tokens,
      this.hub.ended,
      now,
    );
    this.hub.add(tunnel);
    await this.status.publish(device.team_id, device.id);
    // A right taken away while this opened (its event came before the tunnel was here).
    if (!(await this.mayHold(tunnel))) {
      tunnel.end('access');
      throw noData();
    }

    const url = `${this.settings.deviceBase()}${API_BASE}${TUNNEL_DEVICE_WS_PATH}/${tunnelId}`;
    try {
      const resp = await this.commands.send(
        device.sn,
        { op: 'tunnel_open', args: { tunnelId, url, token: tokens.device, target } },
        this.settings.openTimeoutMs,
      );
      if (!resp.ok) {
        tunnel.end('error');
        if (resp.code === CommandResultCode.VncOff) throw new AppError(ErrorCode.E1024_OPEN_VNC_ON_HMI);
        throw new AppError(
          ErrorCode.E1007_SERVER,
          { device_code: resp.code ?? null },
          'The device could not open the tunnel',
        );
      }
    } catch (err) {
      tunnel.end('error');
      if (err instanceof CommandTimeoutError)
        throw new AppError(ErrorCode.E2003_NETWORK, null, StringErrorCode.ETIMEDOUT);
      if (err instanceof CommandOfflineError)
        throw new AppError(ErrorCode.E1038_DEVICE_OFFLINE, null, StringErrorCode.E_DEV_OFFLINE);
      throw err;
    }
    return {
      session_id: sessionId,
      tunnel_id: tunnelId,
      ws_path: `${API_BASE}${TUNNEL_BROWSER_WS_PATH}/${tunnelId}?token=${tokens.client}`,
      mode,
      operator_name: operatorName,
      started_at: now,
      max_duration_ms: this.settings.maxSessionMs,
    };
  }

  /**
   * The caps (REMOTE_MAX_SESSIONS_PER_DEVICE / _USER / _TEAM): the session just inserted is
   * counted with those opened before it; beyond a cap its record is deleted and the open refused
   * with 1036 (SPEC 8 has no "too many sessions"; 1036 is its code for "too many", HTTP 429)
   * naming the cap in data (limit, max) for the translated message.
   */
  private async withinCaps(sessionId: number, deviceId: number, userId: number, teamId: number) {
    const open = await this.repo.openCounts(sessionId, { deviceId, userId, teamId });
    const caps = this.settings.maxSessions;
    const limit = (['device', 'user', 'team'] as const).find((k) => open[k] > caps[k]);
    if (!limit) return;
    await this.repo.remove(sessionId);
    await this.status.publish(teamId, deviceId);
    throw new AppError(
      ErrorCode.E1036_TOO_FREQUENT,
      { limit, max: caps[limit] },
      `Too many remote sessions open (${limit}: at most ${caps[limit]})`,
    );
  }

  /** Ends a session: its user ('closed') or the team's main account ('admin'). */
  async close(caller: CurrentUser, sessionId: number): Promise<RemoteSessionRecord> {
    const row = await this.sessionInScope(caller, sessionId);
    if (row.user_id !== caller.id && !caller.isMain) throw denied();
    if (row.ended_at === null) await this.end(row, row.user_id === caller.id ? 'closed' : 'admin');
    return presentSessionRecord(this.hub, (await this.repo.session(sessionId))!);
  }

  async session(caller: CurrentUser, sessionId: number): Promise<RemoteSessionRecord> {
    return presentSessionRecord(this.hub, await this.sessionInScope(caller, sessionId));
  }

  async sessions(caller: CurrentUser, q: { device_id: number; page: number; page_size: number }) {
    const device = await this.repo.device(caller.scope, q.device_id);
    if (!device) throw noData();
    const { rows, total } = await this.repo.page(
      caller.teamId,
      device.id,
      (q.page - 1) * q.page_size,
      q.page_size,
    );
    return { total, items: rows.map((r) => presentSessionRecord(this.hub, r)) };
  }

  async statuses(caller: CurrentUser, deviceIds: readonly number[]): Promise<TunnelStatus[]> {
    return this.status.of(
      caller.teamId,
      await this.repo.devicesInScope(caller.scope, [...new Set(deviceIds)]),
    );
  }

  /** Ends the record now and tells the server holding the tunnel (the bus reaches every one). */
  private async end(row: SessionRow, reason: 'takeover' | 'closed' | 'admin'): Promise<void> {
    const at = Date.now();
    if (await this.repo.end(row.id, reason, at)) {
      this.bus.publish('remote.end', { sessionId: row.id, reason });
      await this.status.publish(row.team_id, row.device_id);
      this.hub.sessionChanged({ event: 'end', ...sessionOf(row), reason, at });
    }
  }

  private async sessionInScope(caller: CurrentUser, sessionId: number): Promise<SessionRow> {
    const row = await this.repo.session(sessionId);
    if (!row || row.team_id !== caller.teamId) throw noData();
    if (!(await this.repo.device(caller.scope, row.device_id))) throw noData();
    return row;
  }
}
