import {
  API_KEY_MAX_PER_USER,
  API_KEY_PREFIX,
  ErrorCode,
  type ApiKeyCreated,
  type ApiKeyItem,
  type ApiKeyListReply,
} from '@hmi/domain';
import type { ApiKeyRow } from '../../db/tables/api-keys.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { CurrentUser, ApiKeyCaller } from '../../lib/current-user.ts';
import type { DataScope } from '../../lib/data-scope.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { ApiKeyRepo } from './api-key.repo.ts';
import type { KeyBuckets } from './key-bucket.ts';

const DAY = 86_400_000;
/** last_used_at is written at most this often per key (not on every call). */
const TOUCH_EVERY_MS = 60_000;

/** What a user may do now, whatever their sessions (PrincipalService.member). */
export interface MemberRights {
  member(userId: number): Promise<CurrentUser | null>;
  /** The account's state (closed: its keys answer 1055). */
  status(userId: number): Promise<string | undefined>;
}

/** The devices of a scope among ids (the device catalogue). */
export type DevicesInScope = (scope: DataScope, ids: readonly number[]) => Promise<readonly { id: number }[]>;

export interface NewKey {
  name: string;
  expires_in_days: number;
  permissions: number[];
  read_only: boolean;
  device_ids: number[] | null;
}

const ids = (json: string | null): number[] | null => (json === null ? null : (JSON.parse(json) as number[]));

/** The session id of a key's calls: ends with the key (bus 'session.ended'). */
export const keySessionId = (keyId: number) => `key:${keyId}`;

/**
 * API keys: made by a user with rights no wider than theirs, shown once, stored hashed. On every
 * call a key's caller is its user as they are now (role, data scope, team, account state)
 * narrowed by the key: its permissions, its devices, read-only; so narrowing a member's role,
 * removing them or closing their account narrows or ends their keys at once, on every server.
 */
export class ApiKeyService {
  private readonly touched = new Map<number, number>();

  constructor(
    private readonly repo: ApiKeyRepo,
    private readonly rights: MemberRights,
    private readonly devicesInScope: DevicesInScope,
    private readonly buckets: KeyBuckets,
    private readonly bus: Bus | null,
  ) {}

  async list(caller: CurrentUser): Promise<ApiKeyListReply> {
    const rows = await this.repo.listOfUser(caller.id);
    return { list: rows.map((r) => present(r, Number(r.writes ?? 0))), max: API_KEY_MAX_PER_USER };
  }

  /** A new key: 1002 for a permission the caller lacks, 1003 for a device outside their scope. */
  async add(caller: CurrentUser, body: NewKey): Promise<ApiKeyCreated> {
    if (caller.apiKey) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    const permissions = [...new Set(body.permissions)].sort((a, b) => a - b);
    if (permissions.some((p) => !caller.permissions.has(p)))
      throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    let devices: number[] | null = null;
    if (body.device_ids !== null) {
      devices = [...new Set(body.device_ids)].sort((a, b) => a - b);
      const found = await this.devicesInScope(caller.scope, devices);
      if (found.length !== devices.length) throw new AppError(ErrorCode.E1003_NO_DATA);
    }
    if ((await this.repo.countActive(caller.id)) >= API_KEY_MAX_PER_USER) {
      throw new AppError(ErrorCode.E1036_TOO_FREQUENT, { limit: API_KEY_MAX_PER_USER });
    }
    const secret = randomToken(32);
    const key = `${API_KEY_PREFIX}${secret}`;
    const now = Date.now();
    const row = await this.repo.insert({
      team_id: caller.teamId,
      user_id: caller.id,
      name: body.name,
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      secret_hash: sha256(key),
      permissions: JSON.stringify(permissions),
      read_only: body.read_only ? 1 : 0,
      device_ids: devices === null ? null : JSON.stringify(devices),
      created_at: now,
      expires_at: now + body.expires_in_days * DAY,
    });
    return { ...present(row, 0), key };
  }

  /** Revokes one of the caller's keys (1003 otherwise); what it opened (sockets) ends at once. */
  async revoke(caller: CurrentUser, id: number): Promise<void> {
    if (caller.apiKey) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    if (!(await this.repo.revoke(id, caller.id, Date.now()))) throw new AppError(ErrorCode.E1003_NO_DATA);
    this.bus?.publish('session.ended', { sessionId: keySessionId(id) });
  }

  /**
   * The caller of a key: 1009 unknown, revoked or expired (or its user left the team), 1055 its
   * account closed, 1036 over the key's rate.
   */
  async authenticate(raw: string): Promise<CurrentUser> {
    const row = await this.repo.findByHash(sha256(raw));
    if (!row) throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    const caller = await this.callerOf(row);
    if (caller === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    if (!caller) throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    const wait = this.buckets.take(row.id);
    if (wait > 0) throw new AppError(ErrorCode.E1036_TOO_FREQUENT, { retry_after_ms: wait });
    const now = Date.now();
    if (now - (this.touched.get(row.id) ?? 0) >= TOUCH_EVERY_MS) {
      this.touched.set(row.id, now);
      await this.repo.touch(row.id, now);
    }
    return caller;
  }

  /** A socket's caller again (a key's): null once the key or its user's rights ended. */
  async reload(user: CurrentUser): Promise<CurrentUser | null> {
    if (!user.apiKey) return null;
    const row = await this.repo.findById(user.apiKey.id);
    const caller = row ? await this.callerOf(row) : null;
    return caller === 'closed' ? null : caller;
  }

  /** Records a write made with a key (the auth plugin's response hook). */
  async recordWrite(caller: CurrentUser, method: string, path: string, status: number): Promise<void> {
    const key = caller.apiKey;
    if (!key) return;
    await this.repo.recordWrite({
      key_id: key.id,
      key_name: key.name,
      user_id: caller.id,
      team_id: caller.teamId,
      method,
      path: path.slice(0, 300),
      status,
      at: Date.now(),
    });
  }

  private async callerOf(row: ApiKeyRow): Promise<CurrentUser | null | 'closed'> {
    if (row.revoked_at !== null || row.expires_at <= Date.now()) return null;
    const user = await this.rights.member(row.user_id);
    if (!user) return (await this.rights.status(row.user_id)) === 'closed' ? 'closed' : null;
    // A member who left or was removed: the key was made for another team.
    if (user.teamId !== row.team_id) return null;
    const granted = new Set(ids(row.permissions));
    const devices = ids(row.device_ids);
    const apiKey: ApiKeyCaller = { id: row.id, name: row.name, readOnly: row.read_only === 1 };
    return {
      ...user,
      // The main account's shortcuts (grant anything, take over any session) are not the key's:
      // a key is held to its permissions everywhere, as a member is.
      isMain: false,
      sessionId: keySessionId(row.id),
      permissions: new Set([...user.permissions].filter((p) => granted.has(p))),
      scope: devices === null ? user.scope : narrowDevices(user.scope, devices),
      apiKey,
    };
  }
}

function narrowDevices(scope: DataScope, devices: readonly number[]): DataScope {
  const mine = scope.devices;
  return { ...scope, devices: new Set(devices.filter((d) => mine === null || mine.has(d))) };
}

function present(r: ApiKeyRow, writes: number): ApiKeyItem {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    permissions: ids(r.permissions) ?? [],
    read_only: r.read_only === 1,
    device_ids: ids(r.device_ids),
    created_at: r.created_at,
    expires_at: r.expires_at,
    last_used_at: r.last_used_at,
    writes,
  };
}
