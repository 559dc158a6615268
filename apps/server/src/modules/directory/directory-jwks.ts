import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import { ISSUER } from '../session/index.ts';
import type { Runnable } from '../../plugins/runtime.ts';
import type { DirectoryJwksRepo } from './directory-jwks.repo.ts';
import { SIGNING_ALG, type Jwks } from './signing-keys.ts';

/** A key the cached set does not know is looked up again at most this often. */
const REFETCH_MIN_MS = 30_000;
const FETCH_TIMEOUT_MS = 5_000;

export const JWKS_PATH = '/v1/global/jwks';

/**
 * A region's view of the directory's public keys: fetched from the directory's JWKS at start and
 * every `refreshMs`, and when a token names a key not seen yet (at most every 30 s); kept in the
 * database, so that a region restarted while the directory is unreachable still verifies every
 * token signed by a key it knew. A failed fetch keeps the last set.
 */
export class DirectoryJwks implements Runnable {
  private keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  private lastFetch = 0;
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<boolean> | null = null;

  constructor(
    private readonly repo: DirectoryJwksRepo,
    private readonly directoryUrl: string,
    private readonly refreshMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const saved = await this.repo.load();
    if (saved) this.use(JSON.parse(saved.jwks) as Jwks);
    await this.fetch();
    this.timer = setInterval(() => void this.fetch(), this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The payload of a token signed by a directory key for `audience`; throws otherwise. */
  async verify(token: string, audience: string): Promise<JWTPayload> {
    try {
      return await this.verifyOnce(token, audience);
    } catch (err) {
      const unknownKey = err instanceof joseErrors.JWKSNoMatchingKey || this.keySet === null;
      if (!unknownKey || Date.now() - this.lastFetch < REFETCH_MIN_MS || !(await this.fetch())) throw err;
      return this.verifyOnce(token, audience);
    }
  }

  private async verifyOnce(token: string, audience: string): Promise<JWTPayload> {
    if (!this.keySet) throw new joseErrors.JWKSNoMatchingKey();
    const { payload } = await jwtVerify(token, this.keySet, {
      algorithms: [SIGNING_ALG],
      issuer: ISSUER,
      audience,
    });
    return payload;
  }

  /** Reads the directory's keys; false when it cannot be reached (the last set stays). */
  fetch(): Promise<boolean> {
    this.inflight ??= this.fetchNow().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async fetchNow(): Promise<boolean> {
    this.lastFetch = Date.now();
    try {
      const res = await fetch(`${this.directoryUrl}${JWKS_PATH}`, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const jwks = (await res.json()) as Jwks;
      if (!Array.isArray(jwks.keys)) throw new Error('no keys');
      this.use(jwks);
      await this.repo.save(JSON.stringify(jwks), Date.now());
      return true;
    } catch (err) {
      this.log.warn({ err, directory: this.directoryUrl }, 'directory: keys not fetched, the last ones stay');
      return false;
    }
  }

  private use(jwks: Jwks): void {
    this.keySet = createLocalJWKSet(jwks);
  }
}
