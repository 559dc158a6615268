import { ErrorCode } from '@hmi/domain';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';

export const ISSUER = 'hmi-cloud';
export const AUDIENCE = 'access';

export const accessClaims = z.object({
  sub: z.string().regex(/^\d+$/),
  tid: z.number().int(),
  sid: z.string().min(1),
});

export interface AccessClaims {
  userId: number;
  teamId: number;
  /** The session (refresh-token family) the token belongs to. */
  sessionId: string;
}

/** Issue times and ids that make a signature reproducible (the refresh grace). */
export interface SignAt {
  issuedAtMs?: number;
  jti?: string;
}

/**
 * What signs and reads access tokens: HS256 under JWT_SECRET here (AccessTokens); on a
 * directory, Ed25519 under its published keys; on a region, both (modules/directory).
 */
export interface AccessTokenCodec {
  sign(c: AccessClaims, at?: SignAt): Promise<string>;
  /** The claims of a valid token; expired, forged or malformed tokens are all 1009. */
  verify(token: string): Promise<AccessClaims>;
}

/** Short-lived HS256 JWT access tokens. */
export class AccessTokens implements AccessTokenCodec {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  /**
   * Signs an access token. `at` (issue time, ms) and `jti` make it reproducible: the same claims,
   * time and id give the same token (HS256 is deterministic), which the refresh grace relies on.
   */
  sign(c: AccessClaims, at: SignAt = {}): Promise<string> {
    const now = Math.floor((at.issuedAtMs ?? Date.now()) / 1000);
    return new SignJWT({ tid: c.teamId, sid: c.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(c.userId))
      .setJti(at.jti ?? randomToken(12))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.secret);
  }

  /** The claims of a valid token; expired, forged or malformed tokens are all 1009. */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      const c = accessClaims.parse(payload);
      return { userId: Number(c.sub), teamId: c.tid, sessionId: c.sid };
    } catch {
      throw new AppError(ErrorCode.E1009_LOGIN_EXPIRED);
    }
  }
}

/** The token of an Authorization header: raw, or after `Bearer `. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '').trim() : value;
  return token || undefined;
}
