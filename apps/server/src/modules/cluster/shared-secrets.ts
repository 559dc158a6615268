import { createHash, createHmac } from 'node:crypto';
import type { PartitionLeaseRepo } from './partition-lease.repo.ts';

/*
 * Every server of a cluster needs the same JWT_SECRET (else a token signed by one is refused by
 * the others: users signed out at random behind a load balancer) and CARD_PEPPER (else a card
 * issued through one does not redeem on another). A secret left unset is generated in each
 * server's own DATA_DIR, so the mistake is easy to make. Each server records a fingerprint of
 * both in its cluster_servers row, and one whose fingerprint differs from a running server's
 * refuses to start, saying which.
 *
 * The fingerprint is an HMAC of a fixed text keyed by each secret: it tells whether two servers
 * hold the same secrets without giving them away (secrets of at least 32 random characters, as
 * the configuration demands, cannot be guessed from it).
 */
export function secretsFingerprint(jwtSecret: Uint8Array, cardPepper: Uint8Array): string {
  const mark = (key: Uint8Array) => createHmac('sha256', key).update('hmi-cluster-secrets-v1').digest();
  return createHash('sha256')
    .update(mark(jwtSecret))
    .update(mark(cardPepper))
    .digest('base64url')
    .slice(0, 22);
}

/** Throws when a server seen since `since` holds other secrets than `fingerprint`. */
export async function assertSharedSecrets(
  repo: PartitionLeaseRepo,
  serverId: string,
  fingerprint: string,
  since: number,
): Promise<void> {
  const others = (await repo.othersSecrets(serverId, since)).filter((s) => s.secrets !== fingerprint);
  if (others.length === 0) return;
  const names = [...new Set(others.map((s) => s.instance))].join(', ');
  throw new Error(
    `JWT_SECRET or CARD_PEPPER differs from the running server(s) ${names}: every server of a cluster needs ` +
      'the same (set both explicitly; when unset each server generates its own in its DATA_DIR)',
  );
}
