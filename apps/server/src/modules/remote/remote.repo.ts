import type { RemoteEndReason } from '@hmi/domain';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RemoteSessionsTable } from '../../db/tables/remote.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { catalogueDevices } from '../device/index.ts';

export type SessionRow = Selectable<RemoteSessionsTable>;

/** The sessions open now that count against each cap (remote.service, open). */
export interface OpenCounts {
  device: number;
  user: number;
  team: number;
}

/**
 * SQL of remote access: devices in scope, session records, who uses a device now. Session
 * records are per binding: BindingWall purges a device's rows (`remote_sessions` is one of
 * `DEVICE_DATA_TABLES`) when a binding ends and when one begins, and the readers here also keep
 * to the caller's team.
 */
export class RemoteRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A bound device of the scope (undefined: not bound, another team's, out of scope). */
  device(scope: DataScope, id: number) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'sn', 'team_id', 'name', 'online', 'firmware', 'vnc', 'bound_at'])
      .where('id', '=', id)
      .where('team_id', 'is not', null)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
  }

  /** The binding (team, bound_at) of each of the devices, by id (absent: no such device). */
  async bindings(
    ids: readonly number[],
  ): Promise<Map<number, { teamId: number | null; boundAt: number | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'team_id', 'bound_at'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, { teamId: r.team_id, boundAt: r.bound_at }]));
  }

  /** The ids of `ids` that are devices of the scope. */
  async devicesInScope(scope: DataScope, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select('id')
      .where('id', 'in', ids)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .execute();
    return rows.map((r) => r.id);
  }

  /** The scope's bound devices, for the DIACom app. */
  listDevices(scope: DataScope) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
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

  /**
   * Open sessions counted against the caps for a session just inserted (`id`): those of the
   * device, of the user and of the team opened up to it (ids grow: of two racing opens, the
   * later one is the one beyond a cap).
   */
  async openCounts(
    id: number,
    at: { deviceId: number; userId: number; teamId: number },
  ): Promise<OpenCounts> {
    const count = async (column: 'device_id' | 'user_id' | 'team_id', value: number) => {
      const r = await this.db
        .selectFrom('remote_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', value)
        .where('ended_at', 'is', null)
        .where('id', '<=', id)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    return {
      device: await count('device_id', at.deviceId),
      user: await count('user_id', at.userId),
      team: await count('team_id', at.teamId),
    };
  }

  /** Deletes a record (a session refused after its insert: beyond a cap). */
  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('remote_sessions').where('id', '=', id).execute();
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

  /** Open sessions of the team's devices. */
  openOf(teamId: number, deviceIds: readonly number[]) {
    if (deviceIds.length === 0) return Promise.resolve([] as SessionRow[]);
    return this.db
      .selectFrom('remote_sessions')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('device_id', 'in', deviceIds)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** The server holding an open session's tunnel (its instance name), if the tunnel is open. */
  async instanceOfTunnel(tunnelId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('remote_sessions')
      .select('instance')
      .where('tunnel_id', '=', tunnelId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return row?.instance ?? null;
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

  /** The team's records of the device (this binding's: BindingWall purged the others). */
  async page(teamId: number, deviceId: number, offset: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('remote_sessions')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('device_id', '=', deviceId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('remote_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', teamId)
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
