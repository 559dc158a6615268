import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { randomToken } from '../../lib/crypto.ts';
import type { SigningKeyRow } from '../../db/tables/directory.ts';
import type { KeyVault } from './key-crypto.ts';
import type { SigningKeysRepo } from './signing-keys.repo.ts';

export const SIGNING_ALG = 'EdDSA';

export interface Jwks {
  keys: JWK[];
}

export interface SigningKeyTimes {
  /** How long a new key is published before it signs (regions learn it first), ms. */
  overlapMs: number;
  /** How long a token signed by a replaced key stays valid after the replacement signs, ms. */
  tokenLifetimeMs: number;
}

/** How long the published keys are read from memory before the database again. */
const CACHE_MS = 30_000;

/**
 * The directory's Ed25519 signing keys. The newest key whose `active_from` has come signs;
 * every key not retired is published (JWKS), so a region verifies tokens of the key before and
 * of the next one. Rotation (`rotate`, docs/regions.md "Key rotation"): the new key is published
 * at once and signs after `overlapMs`; the old one keeps signing until then and stays published
 * until the last token it signed has expired (`tokenLifetimeMs` later).
 */
export class SigningKeys {
  private cache: { at: number; rows: SigningKeyRow[] } | null = null;
  private readonly privateKeys = new Map<string, Promise<CryptoKey>>();
  private verifier: { rows: SigningKeyRow[]; set: ReturnType<typeof createLocalJWKSet> } | null = null;

  constructor(
    private readonly repo: SigningKeysRepo,
    private readonly vault: KeyVault,
    private readonly times: SigningKeyTimes,
  ) {}

  /** Makes the first key when there is none (a directory's first start). */
  async ensure(now = Date.now()): Promise<void> {
    if ((await this.rows(now, true)).length === 0) await this.create(now);
  }

  /** Adds the next key; returns its kid. */
  async rotate(now = Date.now()): Promise<string> {
    const activeFrom = now + this.times.overlapMs;
    const kid = await this.create(activeFrom, now);
    await this.repo.retireOthers(kid, activeFrom + this.times.tokenLifetimeMs);
    this.cache = null;
    return kid;
  }

  /** The key that signs now. */
  async signer(now = Date.now()): Promise<{ kid: string; key: CryptoKey }> {
    const rows = await this.rows(now);
    const row = rows.find((r) => r.active_from <= now) ?? rows.at(-1);
    if (!row) throw new Error('directory: no signing key (ensure() was not run)');
    let key = this.privateKeys.get(row.kid);
    if (!key) {
      key = importJWK(JSON.parse(this.vault.open(row.private_jwk)) as JWK, SIGNING_ALG) as Promise<CryptoKey>;
      this.privateKeys.set(row.kid, key);
    }
    return { kid: row.kid, key: await key };
  }

  /** The published public keys. */
  async jwks(now = Date.now()): Promise<Jwks> {
    return { keys: (await this.rows(now)).map(publicJwk) };
  }

  /** A key set over the published keys (this directory verifying its own tokens); `fresh`: read them again. */
  async keySet(fresh = false): Promise<ReturnType<typeof createLocalJWKSet>> {
    const now = Date.now();
    const rows = await this.rows(now, fresh);
    const cached = this.verifier;
    if (cached && cached.rows === rows) return cached.set;
    const set = createLocalJWKSet({ keys: rows.map(publicJwk) });
    this.verifier = { rows, set };
    return set;
  }

  /** The keys published at `now` (the cache holds those published at the time it was read). */
  private async rows(now: number, fresh = false): Promise<SigningKeyRow[]> {
    let cached = this.cache;
    if (fresh || !cached || Date.now() - cached.at >= CACHE_MS) {
      const at = Date.now();
      cached = { at, rows: await this.repo.published(at) };
      this.cache = cached;
    }
    const live = (r: SigningKeyRow) => r.retire_at === null || r.retire_at > now;
    return cached.rows.every(live) ? cached.rows : cached.rows.filter(live);
  }

  private async create(activeFrom: number, now = activeFrom): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, {
      crv: 'Ed25519',
      extractable: true,
    });
    const kid = `${new Date(now).toISOString().slice(0, 10)}.${randomToken(6)}`;
    await this.repo.insert({
      kid,
      public_jwk: JSON.stringify(await exportJWK(publicKey)),
      private_jwk: this.vault.seal(JSON.stringify(await exportJWK(privateKey))),
      created_at: now,
      active_from: activeFrom,
      retire_at: null,
    });
    this.cache = null;
    return kid;
  }
}

const publicJwk = (row: SigningKeyRow): JWK => ({
  ...(JSON.parse(row.public_jwk) as JWK),
  kid: row.kid,
  alg: SIGNING_ALG,
  use: 'sig',
});
