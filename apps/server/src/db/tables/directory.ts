import type { Generated, Selectable } from 'kysely';
import type { Ms } from './columns.ts';

// Regions (migration 0024, docs/regions.md): the directory's signing keys and outbox, a region's
// copy of the directory's JWKS.

export interface SigningKeysTable {
  kid: string;
  /** JSON: the public JWK (kty OKP, crv Ed25519). */
  public_jwk: string;
  /** The private JWK, AES-256-GCM under a key derived from JWT_SECRET (base64url iv.tag.data). */
  private_jwk: string;
  created_at: Ms;
  /** Signs from then on (published before, so regions know it first). */
  active_from: Ms;
  /** No longer published from then on; null: not retiring. */
  retire_at: Ms | null;
}

export interface DirectoryOutboxTable {
  id: Generated<number>;
  region: string;
  /** JSON: the RegionEvent to deliver. */
  payload: string;
  attempts: Generated<number>;
  next_at: Ms;
  created_at: Ms;
  error: string | null;
}

export interface DirectoryJwksTable {
  id: number;
  jwks: string;
  fetched_at: Ms;
}

export interface DirectoryTables {
  signing_keys: SigningKeysTable;
  directory_outbox: DirectoryOutboxTable;
  directory_jwks: DirectoryJwksTable;
}

export type SigningKeyRow = Selectable<SigningKeysTable>;
