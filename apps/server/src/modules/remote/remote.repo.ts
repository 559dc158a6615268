import type { RemoteEndReason } from '@hmi/domain';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, RemoteSessionsTable } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';

export type SessionRow = Selectable<RemoteSessionsTable>;

/** SQL of remote access: devices in scope, session records, who uses a device now. */
export class RemoteRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A bound device of the scope (undefined: not bound, another team's, out of scope). */
  device(scope: DataScope, id: number) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'team_id', 'name', 'online', 'firmware', 'vnc'])
      .where('id', '=', id)
      .where('team_id', 'is not', null)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
  }

  /** The ids of `ids` that are devices of the scope. */
  async devicesInScope(scope: DataScope, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('devices')
      .select('id')
      .where('id', 'in', ids)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .execute();
    return rows.map((r) => r.id);
  }

  /** The scope's bound devices, for the DIACom app. */
  listDevices(scope: DataScope) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'sn', 'name', 'online', 'firmware', 'vnc'])
      .where('team_id', 'is not', null)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .orderBy('id')
      .execute();
  }

  userName(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['name', 'alias_name', 'email', 'phone', 'diacom'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  setDiacom(userId: number, on: boolean) {
    return this.db
      .updateTable('users')
      .set({ diacom: on ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  /** Inserts an open session; undefined when the device already has an operator (unique index). */
  async insert(row: Insertable<RemoteSessionsTable>): Promise<number | undefined> {
    try {
      const r = await this.db
        .insertInto('remote_sessions')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    } catch (err) {
      if (/unique|duplicate/i.test(String((err as Error).message))) return undefined;
      throw err;
    }
  }

  session(id: number) {
    return this.db.selectFrom('remote_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The open operating VNC session of the device. */
  operator(deviceId: number) {
    return this.db
      .selectFrom('remote_sessions')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('mode', '=', 'operate')
      .where('target', '=', 'vnc')
      .where('ended_at', 'is', null)
      .executeTakeFirst();
  }

  /** Open sessions of the devices. */
  openOf(deviceIds: readonly number[]) {
    if (deviceIds.length === 0) return Promise.resolve([] as SessionRow[]);
    return this.db
      .selectFrom('remote_sessions')
      .selectAll()
      .where('device_id', 'in', deviceIds)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** Open sessions held by a server (its own, at start: left by a crash). */
  openOfInstance(instance: string) {
    return this.db
      .selectFrom('remote_sessions')
      .selectAll()
      .where('instance', '=', instance)
      .where('ended_at', 'is', null)
      .execute();
  }

  async page(deviceId: number, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('remote_sessions')
        .selectAll()
        .where('device_id', '=', deviceId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('remote_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Adds flushed bytes to the record. */
  addBytes(id: number, up: number, down: number) {
    return this.db
      .updateTable('remote_sessions')
      .set((eb) => ({ bytes_up: eb('bytes_up', '+', up), bytes_down: eb('bytes_down', '+', down) }))
      .where('id', '=', id)
      .execute();
  }

  /** Ends an open session (no-op when already ended); true when this call ended it. */
  async end(id: number, reason: RemoteEndReason, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('remote_sessions')
      .set({ ended_at: at, end_reason: reason })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
