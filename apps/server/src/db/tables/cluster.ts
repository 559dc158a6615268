import type { Ms } from './columns.ts';

// The servers of a cluster and their device partitions (modules/cluster).

/** A running server and its heartbeat (migration 0020). */
export interface ClusterServersTable {
  server_id: string;
  started_at: Ms;
  seen_at: Ms;
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
