import type { Config } from '../../config.ts';
import { createDatabase } from '../../db/create-database.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { BrokerRegistrySync, openBrokerAccounts, type BrokerPush } from './broker-registry.ts';
import { registerSparkplugNode } from '../sparkplug/index.ts';
import { DbDeviceRegistry, type DeviceRegistration } from './db-device-registry.ts';

/** Where the run writes its lines: `out` for what was done, `err` for what was not. */
export interface RegisterOutput {
  out(line: string): void;
  err(line: string): void;
}

/** The broker's part of one line of output. */
function describePush(push: BrokerPush): string {
  switch (push.status) {
    case 'pushed':
      return `, broker account ${push.account}`;
    case 'kept':
      return `, broker account not changed (${push.reason})`;
    case 'failed':
      return `; NOT at the broker: ${push.error}`;
    case 'not-configured':
      return '';
  }
}

/**
 * The operator's registration run (`npm run devices:register`): each entry in the database and,
 * with MQTT_DYNSEC_USER, at the broker. Returns the exit code: 0, or 1 when an entry failed or
 * a device is registered but not at the broker. The broker is connected first: when it cannot
 * be reached nothing is registered, rather than devices in the database that cannot connect.
 */
export async function registerDevices(
  config: Config,
  entries: DeviceRegistration[],
  options: {
    replaceSecret: boolean;
    /** The Sparkplug B edge node these SNs are (one entry): its identity, for an external broker. */
    sparkplug?: { groupId: string; edgeNodeId: string };
  },
  output: RegisterOutput,
): Promise<number> {
  let accounts;
  try {
    accounts = await openBrokerAccounts(config);
  } catch (err) {
    output.err(`${err instanceof Error ? err.message : String(err)}\nnothing registered`);
    return 1;
  }
  const { db } = createDatabase(config);
  const counts = { created: 0, exists: 0, updated: 0, failed: 0, brokerFailed: 0 };
  try {
    await migrateToLatest(db, config.databaseSchema);
    const sync = new BrokerRegistrySync(new DbDeviceRegistry(db), accounts);
    for (const entry of entries) {
      try {
        const { outcome, broker } = await sync.register(entry, options);
        let node = '';
        if (options.sparkplug) {
          const { groupId, edgeNodeId } = options.sparkplug;
          const claim = await registerSparkplugNode(db, entry.sn, groupId, edgeNodeId);
          if (claim !== 'ok')
            throw new Error(
              claim === 'not-a-node'
                ? 'this SN is a Sparkplug device, not an edge node'
                : `the edge node ${groupId}/${edgeNodeId} belongs to another SN (or this SN is another node)`,
            );
          node = `, Sparkplug edge node ${groupId}/${edgeNodeId}`;
          if (accounts && broker.status === 'pushed')
            await accounts.allowSparkplugNode(entry.sn, groupId, edgeNodeId);
        }
        counts[outcome]++;
        if (broker.status === 'failed') counts.brokerFailed++;
        (broker.status === 'failed' ? output.err : output.out)(
          `${outcome}: ${entry.sn}${node}${describePush(broker)}`,
        );
      } catch (err) {
        counts.failed++;
        output.err(`failed: ${entry.sn}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  } finally {
    await accounts?.close().catch(() => undefined);
    await db.destroy();
  }
  output.out(
    `${counts.created} registered, ${counts.updated} updated, ${counts.exists} already registered, ${counts.failed} failed` +
      (accounts ? `, ${counts.brokerFailed} not at the broker` : ''),
  );
  return counts.failed > 0 || counts.brokerFailed > 0 ? 1 : 0;
}
