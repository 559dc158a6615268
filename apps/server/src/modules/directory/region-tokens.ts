import { ErrorCode } from '@hmi/domain';
import { decodeProtectedHeader } from 'jose';
import { AppError } from '../../lib/app-error.ts';
import {
  accessClaims,
  type AccessClaims,
  type AccessTokenCodec,
  type AccessTokens,
  type SignAt,
} from '../session/index.ts';
import type { DirectoryJwks } from './directory-jwks.ts';
import { regionAudience } from './directory-tokens.ts';

/** The local account a directory token stands for (RegionalAccounts.adopt). */
export interface TokenAccounts {
  adopt(
    globalId: number,
    sessionId: string,
    issuedAtS: number,
  ): Promise<{ userId: number; teamId: number } | null>;
}
import { SIGNING_ALG } from './signing-keys.ts';

/**
 * A region's access tokens: its own (HS256: the sub-accounts of its teams, which sign in here)
 * and the directory's (EdDSA, verified with the directory's JWKS and mapped to the local
 * account). Both give the local user and a session recorded here, so everything downstream
 * (principals, sockets, session ends) works the same for both.
 */
export class RegionTokens implements AccessTokenCodec {
  constructor(
    private readonly local: AccessTokens,
    private readonly jwks: DirectoryJwks,
    private readonly region: string,
    private readonly accounts: TokenAccounts,
  ) {}

  sign(c: AccessClaims, at?: SignAt): Promise<string> {
    return this.local.sign(c, at);
  }

  async verify(token: string): Promise<AccessClaims> {
    if (!isDirectoryToken(token)) return this.local.verify(token);
    const payload = await this.jwks.verify(token, regionAudience(this.region)).catch(() => null);
    const c = accessClaims.safeParse(payload);
    if (!payload || !c.success || payload.iat === undefined)
      throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    const issuedAtMs = typeof payload.ims === 'number' ? payload.ims : payload.iat * 1000;
    const local = await this.accounts.adopt(Number(c.data.sub), c.data.sid, issuedAtMs);
    if (!local) throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    return { userId: local.userId, teamId: local.teamId, sessionId: c.data.sid };
  }
}

/** Whether a token is signed the directory's way (its header only; nothing is verified). */
export function isDirectoryToken(token: string | undefined): boolean {
  if (!token) return false;
  try {
    return decodeProtectedHeader(token).alg === SIGNING_ALG;
  } catch {
    return false;
  }
}
