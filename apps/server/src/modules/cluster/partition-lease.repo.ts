import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A server's name in remote session records and where the other servers reach it. */
export interface ServerAddress {
  instance: string;
  url: string | null;
  /** Fingerprint of its shared secrets (shared-secrets.ts). */
  secrets?: string;
}

/** The cluster's servers and partition leases (migration 0020). */
export class PartitionLeaseRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records that this server is alive at `now`, with its name and address. */
  async heartbeat(serverId: string, now: number, self: ServerAddress): Promise<void> {
    await this.db
      .insertInto('cluster_servers')
      .values({
        server_id: serverId,
        instance: self.instance,
        url: self.url,
        started_at: now,
        seen_at: now,
        secrets: self.secrets ?? null,
      })
      .onConflict((oc) => oc.column('server_id').doUpdateSet({ seen_at: now, url: self.url }))
      .execute();
  }

  /** Where a live server of this instance name answers (seen since `since`), if any. */
  async urlOf(instance: string, since: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('cluster_servers')
      .select('url')
      .where('instance', '=', instance)
      .where('seen_at', '>=', since)
      .orderBy('seen_at', 'desc')
      .executeTakeFirst();
    return row?.url ?? null;
  }

  /** The other servers seen since `since` whose secrets fingerprint is known. */
  othersSecrets(serverId: string, since: number) {
    return this.db
      .selectFrom('cluster_servers')
      .select(['instance', 'secrets'])
      .where('server_id', '!=', serverId)
      .where('seen_at', '>=', since)
      .where('secrets', 'is not', null)
      .execute();
  }

  /** The servers seen since `since` (this one included once it beat). */
  async liveServers(since: number): Promise<number> {
    const row = await this.db
      .selectFrom('cluster_servers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seen_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Forgets servers gone since `before` (their leases run out by themselves). */
  async forgetServers(before: number): Promise<void> {
    await this.db.deleteFrom('cluster_servers').where('seen_at', '<', before).execute();
  }

  async leave(serverId: string): Promise<void> {
    await this.db.deleteFrom('cluster_servers').where('server_id', '=', serverId).execute();
  }

  /** Extends this server's leases that are still its own; returns their partitions. */
  async renew(serverId: string, until: number): Promise<number[]> {
    const rows = await this.db
      .updateTable('partition_leases')
      .set({ expires_at: until })
      .where('owner', '=', serverId)
      .returning('part')
      .execute();
    return rows.map((r) => r.part);
  }

  /** The partitions nobody holds at `now` (never leased, or run out), among `parts`. */
  async free(parts: readonly number[], now: number): Promise<number[]> {
    const held = await this.db
      .selectFrom('partition_leases')
      .select('part')
      .where('expires_at', '>=', now)
      .execute();
    const taken = new Set(held.map((r) => r.part));
    return parts.filter((p) => !taken.has(p));
  }

  /**
   * Takes a partition if nobody holds it at `now`: one statement (insert, or update where run
   * out), so of two servers racing for it exactly one wins. True when this server holds it.
   */
  async claim(serverId: string, part: number, now: number, until: number): Promise<boolean> {
    const rows = await this.db
      .insertInto('partition_leases')
      .values({ part, owner: serverId, expires_at: until })
      .onConflict((oc) =>
        oc
          .column('part')
          .doUpdateSet({ owner: serverId, expires_at: until })
          .where('partition_leases.expires_at', '<', now),
      )
      .returning('owner')
      .execute();
    return rows.length === 1 && rows[0]!.owner === serverId;
  }

  /** Gives partitions up at once (a server leaving, or holding more than its share). */
  async release(serverId: string, parts: readonly number[]): Promise<void> {
    if (parts.length === 0) return;
    await this.db
      .deleteFrom('partition_leases')
      .where('owner', '=', serverId)
      .where('part', 'in', [...parts])
      .execute();
  }
}
