import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { catalogueDevices } from '../device/index.ts';

/** A device the caller may see, as the board shows it. */
export interface BoardDeviceRow {
  id: number;
  name: string | null;
  sn: string;
  online: number;
}

/** SQL of the data board: one row per user, favourite devices, devices of the scope. */
export class BoardRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's stored board in their team, or undefined. */
  find(userId: number, teamId: number) {
    return this.db
      .selectFrom('boards')
      .select(['cards', 'layouts', 'updated_at'])
      .where('user_id', '=', userId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  /** Replaces the user's board (a board of another team is replaced too: one per user). */
  async save(userId: number, teamId: number, cards: string, layouts: string, at: number): Promise<void> {
    await this.db
      .insertInto('boards')
      .values({ user_id: userId, team_id: teamId, cards, layouts, updated_at: at })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ team_id: teamId, cards, layouts, updated_at: at }),
      )
      .execute();
  }

  /** The devices among `ids` inside the scope. */
  async devicesInScope(scope: DataScope, ids: readonly number[]): Promise<BoardDeviceRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'name', 'sn', 'online'])
      .where('id', 'in', [...ids])
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .execute();
  }

  /** Up to `limit` devices of the scope on a template, online first (a suggested board's). */
  devicesOnTemplates(scope: DataScope, limit: number) {
    return this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select(['id', 'name', 'sn', 'online', 'template_id'])
      .where('template_id', 'is not', null)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .orderBy('online', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The user's favourites inside the scope, newest first (others are left out, not deleted). */
  favouritesInScope(userId: number, scope: DataScope): Promise<BoardDeviceRow[]> {
    return this.db
      .selectFrom('favourite_devices')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'favourite_devices.device_id')
      .select(['devices.id', 'devices.name', 'devices.sn', 'devices.online'])
      .where('favourite_devices.user_id', '=', userId)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .orderBy('favourite_devices.created_at', 'desc')
      .orderBy('devices.id', 'desc')
      .execute();
  }

  async favouriteCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('favourite_devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async addFavourite(userId: number, deviceId: number, at: number): Promise<void> {
    await this.db
      .insertInto('favourite_devices')
      .values({ user_id: userId, device_id: deviceId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'device_id']).doNothing())
      .execute();
  }

  async removeFavourite(userId: number, deviceId: number): Promise<void> {
    await this.db
      .deleteFrom('favourite_devices')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .execute();
  }
}
