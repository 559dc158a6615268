import { ErrorCode } from '@hmi/domain';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import {
  accessClaims,
  AUDIENCE,
  ISSUER,
  type AccessClaims,
  type AccessTokenCodec,
  type SignAt,
} from '../session/index.ts';
import { SIGNING_ALG, type SigningKeys } from './signing-keys.ts';

/** The audience a token must name to be accepted by a region. */
export const regionAudience = (region: string): string => `region:${region}`;
/** Directory-to-region calls: this audience and a `svc` claim; valid a minute. */
export const SERVICE_TOKEN_SECONDS = 60;

/** The regions an account has data in, which its tokens are valid in (users.data_center). */
export interface AccountRegions {
  regionsOf(userId: number): Promise<string[]>;
}

/**
 * Access tokens of a directory: Ed25519 (EdDSA) under its published keys, so a region verifies
 * them with the directory's JWKS and no shared secret. The audience names `access` (the
 * directory itself) and each region of the account. Ed25519 signatures are deterministic: the
 * same claims, time and id give the same token, which the refresh grace relies on.
 */
export class DirectoryTokens implements AccessTokenCodec {
  constructor(
    private readonly keys: SigningKeys,
    private readonly ttlSeconds: number,
    private readonly accounts: AccountRegions,
  ) {}

  async sign(c: AccessClaims, at: SignAt = {}): Promise<string> {
    const nowMs = at.issuedAtMs ?? Date.now();
    const now = Math.floor(nowMs / 1000);
    const [{ kid, key }, regions] = await Promise.all([
      this.keys.signer(nowMs),
      this.accounts.regionsOf(c.userId),
    ]);
    // ims: the issue time in ms (the directory's clock), which a region compares with the time
    // the account's sessions ended (RegionalAccounts), to the millisecond.
    return new SignJWT({ tid: c.teamId, sid: c.sessionId, ims: nowMs })
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'JWT' })
      .setSubject(String(c.userId))
      .setJti(at.jti ?? randomToken(12))
      .setIssuer(ISSUER)
      .setAudience([AUDIENCE, ...regions.map(regionAudience)])
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(key);
  }

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await this.verifyWith(token, false).catch((err: unknown) => {
        // A key another directory server just made: read the keys again once.
        if (err instanceof joseErrors.JWKSNoMatchingKey) return this.verifyWith(token, true);
        throw err;
      });
      const c = accessClaims.parse(payload);
      return { userId: Number(c.sub), teamId: c.tid, sessionId: c.sid };
    } catch {
      throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    }
  }

  private async verifyWith(token: string, fresh: boolean) {
    const keySet = await this.keys.keySet(fresh);
    return jwtVerify(token, keySet, { algorithms: [SIGNING_ALG], issuer: ISSUER, audience: AUDIENCE });
  }

  /** A token for a call of this directory to a region's internal routes. */
  async serviceToken(region: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { kid, key } = await this.keys.signer();
    return new SignJWT({ svc: 1 })
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'JWT' })
      .setSubject('directory')
      .setJti(randomToken(12))
      .setIssuer(ISSUER)
      .setAudience(regionAudience(region))
      .setIssuedAt(now)
      .setExpirationTime(now + SERVICE_TOKEN_SECONDS)
      .sign(key);
  }
}
