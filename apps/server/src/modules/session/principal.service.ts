import { allPermissionIds, API_KEY_PREFIX, ErrorCode } from '@hmi/domain';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser, PrincipalLoader } from '../../lib/current-user.ts';
import type { DataScope, ScopeLoader } from '../../lib/data-scope.ts';
import type { PrincipalRow, UserService } from '../users/index.ts';
import { tokenFromHeader, type AccessTokenCodec } from './access-token.ts';

const idSet = (json: string | null): ReadonlySet<number> => new Set<number>(json ? JSON.parse(json) : []);

/** The caller of a valid session: its permissions from its role, its data scope as resolved. */
export function toCurrentUser(row: PrincipalRow, sessionId: string, scope: DataScope): CurrentUser {
  const isMain = row.is_main === 1;
  return {
    id: row.id,
    teamId: row.team_id,
    isMain,
    sessionId,
    permissions: isMain ? new Set<number>(allPermissionIds) : idSet(row.role_permissions),
    scope,
  };
}

/**
 * Who is calling: the user of an access token, loaded with its session and role on every call, so
 * that logout, password changes and account closure take effect at once, not when the token
 * expires. Requests are authenticated by the auth plugin through `fromHeader`; the device data
 * and notify sockets authenticate the token of their query (`authenticate`) and check their
 * caller again from time to time (`reload`).
 */
/** Callers that come with an API key (the api-key module), set once it is composed. */
export interface KeyAuthenticator {
  authenticate(raw: string): Promise<CurrentUser>;
  reload(user: CurrentUser): Promise<CurrentUser | null>;
}

export class PrincipalService {
  private keys: KeyAuthenticator | null = null;

  constructor(
    private readonly tokens: AccessTokenCodec,
    private readonly users: UserService,
    private readonly scopes: ScopeLoader,
  ) {}

  /**
   * The caller of a request's Authorization header: 1008 without a token, 1009 for an invalid or
   * expired token or an ended session, 1055 for a closed account.
   */
  /** API keys (`hmk_...`) are authenticated by the api-key module. */
  acceptKeys(keys: KeyAuthenticator): void {
    this.keys = keys;
  }

  async fromHeader(authorization: string | undefined): Promise<CurrentUser> {
    const raw = tokenFromHeader(authorization);
    if (!raw) throw new AppError(ErrorCode.E1008_AUTH_HEADER_MISSING);
    if (raw.startsWith(API_KEY_PREFIX)) {
      if (!this.keys) throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
      return this.keys.authenticate(raw);
    }
    const claims = await this.tokens.verify(raw);
    const row = await this.users.findPrincipal(claims.userId, claims.sessionId);
    if (!row) throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    if (row.status === 'closed') throw new AppError(ErrorCode.E1055_ACCOUNT_CLOSED);
    if (row.session_revoked_at !== null || row.status !== 'active') {
      throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    }
    return toCurrentUser(row, claims.sessionId, await this.scopes.scopeOf(row));
  }

  /** The caller of a socket token; null when missing, invalid, expired, or the session ended. */
  async authenticate(token: string | undefined): Promise<CurrentUser | null> {
    if (!token) return null;
    if (token.startsWith(API_KEY_PREFIX))
      return this.keys ? this.keys.authenticate(token).catch(() => null) : null;
    const claims = await this.tokens.verify(token).catch(() => null);
    return claims ? this.principal(claims.userId, claims.sessionId) : null;
  }

  /**
   * What an active user may do now, whatever their sessions (their role's permissions and data
   * scope): for grants a user made that outlive a session, such as share links. Null when the
   * account is gone, closed or not active.
   */
  async member(userId: number): Promise<CurrentUser | null> {
    const row = await this.users.findMember(userId);
    if (!row || row.status !== 'active') return null;
    return toCurrentUser(row, '', await this.scopes.scopeOf(row));
  }

  /** A socket's caller again (session still valid, current permissions and scope); null = signed out. */
  readonly reload: PrincipalLoader = (u) =>
    u.apiKey ? (this.keys?.reload(u) ?? Promise.resolve(null)) : this.principal(u.id, u.sessionId);

  private async principal(userId: number, sessionId: string): Promise<CurrentUser | null> {
    const row = await this.users.findPrincipal(userId, sessionId);
    if (!row || row.status !== 'active' || row.session_revoked_at !== null) return null;
    return toCurrentUser(row, sessionId, await this.scopes.scopeOf(row));
  }
}
