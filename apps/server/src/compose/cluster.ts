import { PartitionLeaseRepo } from '../modules/cluster/partition-lease.repo.ts';
import { PartitionLeases } from '../modules/cluster/partition-leases.ts';
import type { Runnable } from '../plugins/runtime.ts';
import type { Infrastructure } from './infrastructure.ts';

/**
 * The cluster (docs/architecture.md, "Scale-out"): with a bus between servers (BUS_URL), device
 * partitions are leased through the database and the bus delivers owner events by them; alone,
 * the server owns every device and nothing is leased.
 */
export function composeCluster({ db, bus, config, log }: Infrastructure) {
  if (!config.busUrl) return { partitions: undefined, runnable: undefined };
  const partitions = new PartitionLeases(new PartitionLeaseRepo(db), bus.serverId, log, {
    leaseMs: config.partitionLeaseMs,
  });
  const runnable: Runnable = {
    start: async () => {
      await partitions.start();
      bus.ownership = partitions;
    },
    stop: () => partitions.stop(),
  };
  return { partitions, runnable };
}

export type Cluster = ReturnType<typeof composeCluster>;
