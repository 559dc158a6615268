import type { Ms } from './columns.ts';

// The servers of a cluster and their device partitions (modules/cluster).

/** A running server and its heartbeat (migration 0020). */
export interface ClusterServersTable {
  server_id: string;
  /** Its name in remote session records (remote_sessions.instance). */
  instance: string;
  /** Where the other servers reach it (INTERNAL_URL); null until it listens. */
  url: string | null;
  started_at: Ms;
  seen_at: Ms;
  /** Fingerprint of its JWT_SECRET and CARD_PEPPER (migration 0023); null from earlier versions. */
  secrets: string | null;
}

/** Who owns a device partition, until when (migration 0020). */
export interface PartitionLeasesTable {
  part: number;
  owner: string;
  expires_at: Ms;
}

export interface ClusterTables {
  cluster_servers: ClusterServersTable;
  partition_leases: PartitionLeasesTable;
}
