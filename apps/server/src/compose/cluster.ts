import { PartitionLeaseRepo } from '../modules/cluster/partition-lease.repo.ts';
import { PartitionLeases } from '../modules/cluster/partition-leases.ts';
import { assertSharedSecrets, secretsFingerprint } from '../modules/cluster/shared-secrets.ts';
import { RemoteRepo } from '../modules/remote/remote.repo.ts';
import type { TunnelLocator } from '../modules/remote/tunnel-forward.ts';
import type { Runnable } from '../plugins/runtime.ts';
import type { Infrastructure } from './infrastructure.ts';

/**
 * The cluster (docs/architecture.md, "Scale-out"): with a bus between servers (BUS_URL), device
 * partitions are leased through the database and the bus delivers owner events by them; alone,
 * the server owns every device and nothing is leased.
 */
export function composeCluster({ db, bus, config, log, listenAddress }: Infrastructure) {
  if (!config.busUrl) return { partitions: undefined, runnable: undefined, locateTunnel: undefined };
  const repo = new PartitionLeaseRepo(db);
  const instance = config.ingest.writerName;
  const secrets = secretsFingerprint(config.jwtSecret, config.cardPepper);
  const partitions = new PartitionLeases(repo, bus.serverId, log, {
    leaseMs: config.partitionLeaseMs,
    address: () => ({ instance, url: config.internalUrl ?? listenUrl(listenAddress()), secrets }),
  });
  const remote = new RemoteRepo(db);
  /** The live server holding a tunnel this server does not hold (modules/remote, tunnel-forward.ts). */
  const locateTunnel: TunnelLocator = async (tunnelId) => {
    const holder = await remote.instanceOfTunnel(tunnelId);
    if (holder === null || holder === instance) return null;
    return repo.urlOf(holder, Date.now() - config.partitionLeaseMs);
  };
  const runnable: Runnable = {
    start: async () => {
      await assertSharedSecrets(repo, bus.serverId, secrets, Date.now() - config.partitionLeaseMs);
      await partitions.start();
      bus.ownership = partitions;
    },
    stop: () => partitions.stop(),
  };
  return { partitions, runnable, locateTunnel };
}

/** This server's address as another server on the same host reaches it (INTERNAL_URL for other hosts). */
function listenUrl(address: ReturnType<Infrastructure['listenAddress']>): string | null {
  if (address === null || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export type Cluster = ReturnType<typeof composeCluster>;
