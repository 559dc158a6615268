import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DevicesTable } from '../../db/tables/catalogue.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A device's registration and connection state as the device-connection module keeps it (the
 * registry, the broker's state and config/ack messages, config versions): the catalogue's
 * writes of the columns that module owns the meaning of, so that its SQL stays here.
 */

/** The scrypt hash of a registered device's secret (undefined: unknown SN). */
export async function deviceSecretHash(db: Db, sn: string): Promise<string | undefined> {
  const row = await db.selectFrom('devices').select('secret_hash').where('sn', '=', sn).executeTakeFirst();
  return row?.secret_hash;
}

/** Registers a device; false when its SN is registered already (nothing changes then). */
export async function insertDevice(db: Db, values: Insertable<DevicesTable>): Promise<boolean> {
  const result = await db
    .insertInto('devices')
    .values(values)
    .onConflict((oc) => oc.column('sn').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets columns of the device of `sn`; returns what a state message needs of it after the change. */
export function updateDeviceBySn(db: Db, sn: string, values: Updateable<DevicesTable>) {
  return db
    .updateTable('devices')
    .set(values)
    .where('sn', '=', sn)
    .returning(['id', 'team_id', 'config_version', 'acked_version'])
    .executeTakeFirst();
}

/**
 * A device acknowledged config `version` of template `templateId`: synced when those are its
 * current ones and it is bound (else nothing changes).
 */
export async function acknowledgeConfig(
  db: Db,
  sn: string,
  ack: { version: number; templateId: number | null },
  at: number,
): Promise<void> {
  await db
    .updateTable('devices')
    .set({ sync_state: 1, acked_version: ack.version, last_seen_at: at, updated_at: at })
    .where('sn', '=', sn)
    .where('team_id', 'is not', null)
    .where('config_version', '=', ack.version)
    .where('template_id', ack.templateId === null ? 'is' : '=', ack.templateId)
    .execute();
}

/** A new config for these devices: its version goes up and they are out of sync until they acknowledge it. */
export async function bumpConfigVersions(db: Db, deviceIds: readonly number[]): Promise<void> {
  for (let i = 0; i < deviceIds.length; i += 500) {
    await db
      .updateTable('devices')
      .set((eb) => ({ config_version: eb('config_version', '+', 1), sync_state: 0, updated_at: Date.now() }))
      .where('id', 'in', deviceIds.slice(i, i + 500))
      .execute();
  }
}

/** Every device offline (no connection survives a broker restart). */
export async function setAllOffline(db: Db): Promise<void> {
  await db.updateTable('devices').set({ online: 0 }).where('online', '=', 1).execute();
}
