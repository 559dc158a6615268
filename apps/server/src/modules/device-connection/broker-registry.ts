import type { Config } from '../../config.ts';
import {
  DynsecDeviceAccounts,
  type BrokerDeviceAccounts,
} from '../../plugins/mqtt/dynsec-device-accounts.ts';
import { DynsecClient } from '../../plugins/mqtt/mosquitto-dynsec.ts';
import type { DbDeviceRegistry, DeviceRegistration, RegistrationOutcome } from './db-device-registry.ts';

/*
 * The server's device registry (the `devices` table) is the one place devices are registered;
 * an external broker that authenticates devices itself (Mosquitto with dynamic security) gets
 * each device's account from here. The database stays the source of truth: a registration is
 * committed there first and then pushed, because the secret's plaintext exists only during the
 * registration (the table keeps its scrypt hash), and a failed push is reported to the operator
 * instead of rolled back; registering the same SN again with the same secret (or --replace)
 * pushes it again.
 */

/** What happened at the broker: pushed; none configured; left alone; or the push failed. */
export type BrokerPush =
  | { status: 'pushed'; account: 'created' | 'updated' }
  | { status: 'not-configured' }
  | { status: 'kept'; reason: string }
  | { status: 'failed'; error: string };

export interface RegistrationReport {
  outcome: RegistrationOutcome;
  broker: BrokerPush;
}

export interface ReconcileResult {
  /** Accounts at the broker of devices the registry does not know: deleted. */
  deleted: string[];
  /** Registered devices without an account at the broker: only the operator can push them. */
  missing: string[];
}

interface ReconcileLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class BrokerRegistrySync {
  constructor(
    private readonly registry: DbDeviceRegistry,
    private readonly accounts: BrokerDeviceAccounts | undefined,
  ) {}

  /**
   * Registers one device in the database (DbDeviceRegistry.add: throws on an invalid SN or
   * secret, nothing written) and then at the broker. An SN already registered and not replaced
   * is pushed only when the given secret is the one on record, so re-running an import after a
   * broker failure heals the broker without ever putting a secret there that the console would
   * refuse.
   */
  async register(
    entry: DeviceRegistration,
    options: { replaceSecret?: boolean } = {},
  ): Promise<RegistrationReport> {
    const outcome = await this.registry.add(entry, { replaceSecret: options.replaceSecret });
    if (!this.accounts) return { outcome, broker: { status: 'not-configured' } };
    if (outcome === 'exists' && (await this.registry.authenticate(entry.sn, entry.secret)) !== 'ok')
      return {
        outcome,
        broker: { status: 'kept', reason: 'registered with another secret; --replace to change it' },
      };
    try {
      return {
        outcome,
        broker: { status: 'pushed', account: await this.accounts.upsert(entry.sn, entry.secret) },
      };
    } catch (err) {
      return {
        outcome,
        broker: { status: 'failed', error: err instanceof Error ? err.message : String(err) },
      };
    }
  }

  /**
   * Brings the broker's device accounts in line with the registry: deletes those of unknown
   * SNs (only accounts the server created, never the admin or the server's own user) and
   * reports registered SNs that have none. The broker is listed before the database: a device
   * registered meanwhile is then at worst reported missing, never deleted.
   */
  async reconcile(log: ReconcileLog): Promise<ReconcileResult> {
    if (!this.accounts) return { deleted: [], missing: [] };
    const atBroker = await this.accounts.list();
    const registered = new Set(await this.registry.registeredSns());
    const deleted: string[] = [];
    for (const sn of atBroker) {
      if (registered.has(sn)) continue;
      if (await this.accounts.remove(sn)) deleted.push(sn);
    }
    const brokerSet = new Set(atBroker);
    const missing = [...registered].filter((sn) => !brokerSet.has(sn)).sort();
    if (deleted.length > 0)
      log.info({ count: deleted.length, sns: deleted }, 'broker accounts of unregistered devices deleted');
    if (missing.length > 0)
      log.warn(
        { count: missing.length, sns: missing.slice(0, 1000) },
        'registered devices have no account at the broker and cannot connect: register them again ' +
          'with their secret (npm run devices:register -- --sn SN --secret SECRET --replace)',
      );
    return { deleted, missing };
  }

  close(): Promise<void> {
    return this.accounts?.close() ?? Promise.resolve();
  }
}

/**
 * The broker's device accounts when MQTT_URL and MQTT_DYNSEC_USER are set (undefined otherwise).
 * The dynsec admin and the server's own MQTT_URL user are never treated as devices.
 */
export async function openBrokerAccounts(
  config: Pick<Config, 'mqttUrl' | 'mqttDynsec'>,
  options: { timeoutMs?: number } = {},
): Promise<BrokerDeviceAccounts | undefined> {
  if (!config.mqttUrl || !config.mqttDynsec) return undefined;
  const dynsec = await DynsecClient.connect({ url: config.mqttUrl, ...config.mqttDynsec, ...options });
  const cloudUser = decodeURIComponent(new URL(config.mqttUrl).username);
  return new DynsecDeviceAccounts(dynsec, [config.mqttDynsec.username, cloudUser]);
}

/**
 * Server start with an external broker and MQTT_DYNSEC_USER: one reconciliation, then the
 * connection is closed (registrations come from the CLI, which opens its own). Never throws: a
 * broker that cannot be reached is logged, and devices keep whatever accounts they have.
 */
export async function reconcileBrokerAtStart(
  config: Pick<Config, 'mqttUrl' | 'mqttDynsec'>,
  registry: DbDeviceRegistry,
  log: ReconcileLog & { error(obj: object, msg: string): void },
): Promise<ReconcileResult | undefined> {
  let sync: BrokerRegistrySync | undefined;
  try {
    const accounts = await openBrokerAccounts(config);
    if (!accounts) return undefined;
    sync = new BrokerRegistrySync(registry, accounts);
    return await sync.reconcile(log);
  } catch (err) {
    log.error({ err }, 'device accounts at the broker not reconciled');
    return undefined;
  } finally {
    await sync?.close().catch(() => undefined);
  }
}
