import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { likePattern } from '../../lib/sql-like.ts';
import { catalogueDevices } from '../device/index.ts';

/** Reads of the effective-access view (Kysely only). */
export class MemberAccessRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** One page of the devices inside both scopes (the member's and the caller's), with their zone. */
  async devices(
    member: DataScope,
    caller: DataScope,
    search: string | undefined,
    page: { offset: number; limit: number },
  ) {
    let q = this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .$call((b) => whereInScope(b, member, 'devices', 'devices.team_id', 'devices.id'))
      .$call((b) => whereInScope(b, caller, 'devices', 'devices.team_id', 'devices.id'));
    if (search) {
      const pattern = likePattern(search);
      q = q.where((eb) =>
        eb.or([
          sql<SqlBool>`lower(${sql.ref('devices.name')}) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(${sql.ref('devices.sn')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      q
        .leftJoin('device_zones', (j) =>
          j
            .onRef('device_zones.device_id', '=', 'devices.id')
            .onRef('device_zones.team_id', '=', 'devices.team_id'),
        )
        .leftJoin('zones', 'zones.id', 'device_zones.zone_id')
        .select([
          'devices.id',
          'devices.name',
          'devices.sn',
          'devices.group_id',
          'zones.id as zone_id',
          'zones.name as zone_name',
        ])
        .orderBy('devices.name')
        .orderBy('devices.id')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Every group of the team (names and parents: why a group grant covers a device). */
  groups(teamId: number) {
    return this.db
      .selectFrom('device_groups')
      .select(['id', 'parent_id', 'name'])
      .where('team_id', '=', teamId)
      .execute();
  }

  /** Zones of the team by id, with names (the member's zones are named from it). */
  zones(teamId: number) {
    return this.db
      .selectFrom('zones')
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }
}
