import { createHash } from 'node:crypto';
import { isSerialNumber } from '@hmi/domain';
import type { SparkplugDevice, SparkplugIdentity, SparkplugRepo } from './sparkplug.repo.ts';

/** Devices one edge node may register (a DBIRTH of one more is ignored, with a warning). */
export const MAX_DEVICES_PER_NODE = 1_000;

/** How long an SN found not to be Sparkplug is taken as such without asking the database again. */
const PLAIN_RECHECK_MS = 10_000;

/** Why an SN may not speak for a Sparkplug identity. */
export type ClaimRefusal = 'identity-taken' | 'not-a-node';

/**
 * Which SN speaks for which Sparkplug identity, cached (rows never change identity once made).
 *
 * - An edge node is the device of its SN (the MQTT client id it authenticates with on the
 *   embedded broker, or the SN an operator registered for it with `npm run devices:register`).
 *   On the embedded broker an SN without an identity claims the first (group id, edge node id)
 *   it uses, if no other SN has it: trust on first use, like the SN itself.
 * - A device under a node gets an SN of its own, `{node SN}-{device id}` when the device id is
 *   made of SN characters and fits, else `{node SN}-{12 hex of a hash of the identity}`; it is
 *   registered with the node's secret, so it binds with the node's PIN.
 */
export class SparkplugIdentities {
  private readonly bySn = new Map<string, SparkplugDevice>();
  private readonly byKey = new Map<string, SparkplugDevice>();
  /** SNs found not to be Sparkplug devices -> when (so a config or command of any device costs no query). */
  private readonly plain = new Map<string, number>();

  constructor(
    private readonly repo: SparkplugRepo,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether `sn` is a Sparkplug node or device: whether the host carries its config and commands.
   * A "no" is kept for PLAIN_RECHECK_MS. A device that becomes Sparkplug meanwhile on another
   * server has its config published again when its birth sets it online.
   */
  async isSparkplug(sn: string): Promise<boolean> {
    if (this.bySn.has(sn)) return true;
    const at = this.plain.get(sn);
    if (at !== undefined && this.now() - at < PLAIN_RECHECK_MS) return false;
    const row = await this.ofSn(sn);
    if (!row) this.plain.set(sn, this.now());
    return row !== undefined;
  }

  /** The identity of an SN from the cache (the fast path of the broker's checks). */
  cached(sn: string): SparkplugDevice | undefined {
    return this.bySn.get(sn);
  }

  /** The row of an identity from the cache. */
  cachedIdentity(id: SparkplugIdentity): SparkplugDevice | undefined {
    return this.byKey.get(keyOf(id));
  }

  async ofSn(sn: string): Promise<SparkplugDevice | undefined> {
    const hit = this.bySn.get(sn);
    if (hit) return hit;
    const row = await this.repo.bySn(sn);
    if (row) this.remember(row);
    return row;
  }

  async ofIdentity(id: SparkplugIdentity): Promise<SparkplugDevice | undefined> {
    const hit = this.byKey.get(keyOf(id));
    if (hit) return hit;
    const row = await this.repo.byIdentity(id);
    if (row) this.remember(row);
    return row;
  }

  /** The node identity of `sn`, claimed for it when it has none and nobody else has this one. */
  async claimNode(sn: string, groupId: string, edgeNodeId: string): Promise<SparkplugDevice | ClaimRefusal> {
    const id = { groupId, edgeNodeId, deviceId: '' };
    let row = await this.ofSn(sn);
    if (!row) {
      await this.repo.insert(sn, sn, id);
      row = await this.ofSn(sn);
      if (!row) return 'identity-taken';
    }
    if (row.device_id !== '') return 'not-a-node';
    return row.group_id === groupId && row.edge_node_id === edgeNodeId ? row : 'identity-taken';
  }

  /** The device `deviceId` under the node, registered on its first birth; undefined when no SN is free. */
  async deviceOf(node: SparkplugDevice, deviceId: string): Promise<SparkplugDevice | undefined> {
    const id = { groupId: node.group_id, edgeNodeId: node.edge_node_id, deviceId };
    const known = await this.ofIdentity(id);
    if (known) return known;
    // What one node can register is capped, as self-registration is per address (docs/protocol.md).
    if ((await this.repo.devicesOf(node.sn)).length >= MAX_DEVICES_PER_NODE) return undefined;
    for (const sn of childSns(node.sn, id)) {
      if (!(await this.repo.registerChild(sn, node.sn))) continue;
      if (await this.repo.insert(sn, node.sn, id)) break;
    }
    return this.ofIdentity(id);
  }

  /** A row changed (its birth or template). */
  update(row: SparkplugDevice): void {
    this.remember(row);
  }

  private remember(row: SparkplugDevice): void {
    this.plain.delete(row.sn);
    this.bySn.set(row.sn, row);
    this.byKey.set(
      keyOf({ groupId: row.group_id, edgeNodeId: row.edge_node_id, deviceId: row.device_id }),
      row,
    );
  }
}

function keyOf(id: SparkplugIdentity): string {
  return `${id.groupId}/${id.edgeNodeId}/${id.deviceId}`;
}

/** The SNs a device under a node may get, the readable one first. */
export function childSns(nodeSn: string, id: SparkplugIdentity): string[] {
  const hash = createHash('sha256').update(keyOf(id)).digest('hex').slice(0, 12);
  const readable = `${nodeSn}-${id.deviceId}`;
  const hashed = `${nodeSn.slice(0, 64 - 13)}-${hash}`;
  return isSerialNumber(readable) ? [readable, hashed] : [hashed];
}
