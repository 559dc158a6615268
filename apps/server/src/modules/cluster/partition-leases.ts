import type { FastifyBaseLogger } from 'fastify';
import { PARTITIONS, partitionOf, type Ownership } from '../../plugins/bus/ownership.ts';
import type { Runnable } from '../../plugins/runtime.ts';
import type { PartitionLeaseRepo, ServerAddress } from './partition-lease.repo.ts';

export interface PartitionChange {
  gained: number[];
  lost: number[];
}

export interface PartitionLeaseOptions {
  /** How long a lease holds without renewal: a dead server's partitions move after at most this plus `beatMs`. */
  leaseMs?: number;
  /** How often a server beats, renews its leases and takes or gives up its share. */
  beatMs?: number;
  now?: () => number;
  /** This server's name and address, recorded with each beat (read then: the port is known once it listens). */
  address?: () => ServerAddress;
}

/**
 * The device partitions this server owns, leased through the database (docs/architecture.md,
 * "Scale-out: device partitions"). Every beat the server records that it lives, renews its
 * leases, and moves towards its fair share (the partitions divided by the servers seen within a
 * lease time): it gives up what it holds beyond its share at once (ownership first, then the
 * lease, so it has stopped before another starts), and takes partitions nobody holds. A server
 * that dies stops renewing; its partitions are free once their leases run out and are taken at
 * the next beat of the others. A server that stops gives its partitions up at once.
 *
 * Listeners hear what was gained and lost (the alarm engine reads a gained device's open
 * records again: another server may have changed them).
 */
export class PartitionLeases implements Ownership, Runnable {
  private owned = new Set<number>();
  private readonly listeners = new Set<(change: PartitionChange) => void>();
  private readonly leaseMs: number;
  private readonly beatMs: number;
  private readonly now: () => number;
  private readonly address: () => ServerAddress;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly repo: PartitionLeaseRepo,
    readonly serverId: string,
    private readonly log: FastifyBaseLogger,
    options: PartitionLeaseOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 10_000;
    this.beatMs = options.beatMs ?? 2_000;
    this.now = options.now ?? Date.now;
    this.address = options.address ?? (() => ({ instance: this.serverId, url: null }));
  }

  owns(deviceId: number): boolean {
    return this.owned.has(partitionOf(deviceId));
  }

  /** The partitions held now, ascending. */
  get partitions(): number[] {
    return [...this.owned].sort((a, b) => a - b);
  }

  onChange(listener: (change: PartitionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(
      () => void this.beat().catch((err: unknown) => this.log.error({ err }, 'partition lease beat failed')),
      this.beatMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    const mine = [...this.owned];
    this.apply(new Set());
    await this.repo.release(this.serverId, mine);
    await this.repo.leave(this.serverId);
  }

  /** One beat (serialised: a beat still running is awaited, not doubled). */
  beat(): Promise<void> {
    this.beating ??= this.beatOnce().finally(() => {
      this.beating = null;
    });
    return this.beating;
  }

  private async beatOnce(): Promise<void> {
    const now = this.now();
    await this.repo.heartbeat(this.serverId, now, this.address());
    const servers = Math.max(1, await this.repo.liveServers(now - this.leaseMs));
    const share = Math.ceil(PARTITIONS / servers);
    const next = new Set(await this.repo.renew(this.serverId, now + this.leaseMs));
    const extra = [...next].sort((a, b) => b - a).slice(0, Math.max(0, next.size - share));
    for (const p of extra) next.delete(p);
    if (next.size < share) {
      const wanted = Array.from({ length: PARTITIONS }, (_, p) => p).filter((p) => !next.has(p));
      // Start at a place of this server's own so that servers starting together rarely race.
      const offset = hash(this.serverId) % PARTITIONS;
      const free = (await this.repo.free(wanted, now)).sort(
        (a, b) => ((a - offset + PARTITIONS) % PARTITIONS) - ((b - offset + PARTITIONS) % PARTITIONS),
      );
      for (const p of free) {
        if (next.size >= share) break;
        if (await this.repo.claim(this.serverId, p, now, now + this.leaseMs)) next.add(p);
      }
    }
    this.apply(next);
    await this.repo.release(this.serverId, extra);
    if (Math.random() < 0.05) await this.repo.forgetServers(now - 10 * this.leaseMs);
  }

  private apply(next: Set<number>): void {
    const ascending = (a: number, b: number) => a - b;
    const gained = [...next].filter((p) => !this.owned.has(p)).sort(ascending);
    const lost = [...this.owned].filter((p) => !next.has(p)).sort(ascending);
    this.owned = next;
    if (gained.length === 0 && lost.length === 0) return;
    this.log.info({ gained, lost, owned: next.size }, 'device partitions changed');
    for (const l of this.listeners) l({ gained, lost });
  }
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) >>> 0;
  return h;
}
