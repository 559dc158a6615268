import { deviceSecretSchema, isSerialNumber, type DeviceKind } from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceAuthResult, DeviceRegistry } from '../../plugins/mqtt/device-registry.ts';
import { hashDeviceSecret, verifyDeviceSecret } from '../../plugins/mqtt/device-secret.ts';
import { catalogueDevices, deviceSecretHash, insertDevice, updateDeviceBySn } from '../device/index.ts';

export interface DeviceRegistration {
  sn: string;
  secret: string;
  kind?: DeviceKind | undefined;
  model?: string | undefined;
}

export type RegistrationOutcome = 'created' | 'exists' | 'updated';

/**
 * The device registry over the `devices` table: serial numbers with the scrypt hash of their
 * secret. Used by the broker to authenticate devices (and to register unknown ones on first
 * use), by binding to check the PIN, and by the operator CLI.
 */
export class DbDeviceRegistry implements DeviceRegistry {
  constructor(private readonly db: Kysely<Database>) {}

  async authenticate(sn: string, secret: string): Promise<DeviceAuthResult> {
    const hash = await deviceSecretHash(this.db, sn);
    if (hash === undefined) return 'unknown';
    return (await verifyDeviceSecret(secret, hash)) ? 'ok' : 'wrong-secret';
  }

  async isBound(sn: string): Promise<boolean> {
    const row = await this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select('team_id')
      .where('sn', '=', sn)
      .executeTakeFirst();
    return row !== undefined && row.team_id !== null;
  }

  /** Every registered serial number (the broker accounts are reconciled against them). */
  async registeredSns(): Promise<string[]> {
    const rows = await this.db.selectFrom(catalogueDevices(this.db).as('devices')).select('sn').execute();
    return rows.map((r) => r.sn);
  }

  /** Trust on first use (the broker calls this only when DEVICE_AUTO_REGISTER is on). */
  async register(sn: string, secret: string): Promise<'created' | 'exists'> {
    const outcome = await this.add({ sn, secret }, { registeredBy: 'auto' });
    return outcome === 'created' ? 'created' : 'exists';
  }

  /**
   * Registers one device. An existing SN is left alone ('exists') unless `replaceSecret`, which
   * sets its new secret, kind and model ('updated'); binding and team are never touched.
   */
  async add(
    entry: DeviceRegistration,
    options: { registeredBy?: 'operator' | 'auto'; replaceSecret?: boolean } = {},
  ): Promise<RegistrationOutcome> {
    if (!isSerialNumber(entry.sn)) throw new Error(`invalid serial number: ${entry.sn}`);
    const secretCheck = deviceSecretSchema.safeParse(entry.secret);
    if (!secretCheck.success)
      throw new Error(`invalid secret for ${entry.sn}: ${secretCheck.error.issues[0]?.message}`);
    const hash = await hashDeviceSecret(entry.secret);
    const now = Date.now();
    const kind = entry.kind ?? 'hmi';
    const created = await insertDevice(this.db, {
      sn: entry.sn,
      secret_hash: hash,
      kind,
      model: entry.model ?? '',
      registered_by: options.registeredBy ?? 'operator',
      team_id: null,
      name: null,
      group_id: null,
      template_id: null,
      last_seen_at: null,
      bound_at: null,
      hmi_sn: kind === 'hmi' ? entry.sn : '',
      gateway_sn: kind === 'gateway' ? entry.sn : '',
      created_at: now,
      updated_at: now,
    });
    if (created) return 'created';
    if (!options.replaceSecret) return 'exists';
    await updateDeviceBySn(this.db, entry.sn, {
      secret_hash: hash,
      ...(entry.kind ? { kind: entry.kind } : {}),
      ...(entry.model !== undefined ? { model: entry.model } : {}),
      updated_at: now,
    });
    return 'updated';
  }
}
