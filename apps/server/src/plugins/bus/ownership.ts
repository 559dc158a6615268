/**
 * Which devices this server owns: their alarm evaluation, digests and other per-device state run
 * here and nowhere else. Devices are split into a fixed number of partitions (`partitionOf`);
 * one server alone owns them all (`OWN_ALL`); with several servers, partitions are leased
 * through the database (modules/cluster, `PartitionLeases`).
 */
export interface Ownership {
  owns(deviceId: number): boolean;
}

/** Fixed for the life of a cluster: every server must agree on it. */
export const PARTITIONS = 64;

export function partitionOf(deviceId: number): number {
  return deviceId % PARTITIONS;
}

/** A single server owns every device. */
export const OWN_ALL: Ownership = { owns: () => true };
