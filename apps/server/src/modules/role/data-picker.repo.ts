import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GrantKind } from '../../db/tables/team-access.ts';
import { inScope, whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { likePattern } from '../../lib/sql-like.ts';
import { catalogueDevices, catalogueTemplates } from '../device/index.ts';

/** Whose grants a picker marks: a role's, or a member's own. */
export type GrantHolder = { roleId: number } | { userId: number; teamId: number };

/** `object_id in (the holder's grants of this kind)` as a subquery. */
function heldBy(holder: GrantHolder, kind: GrantKind, column: 'devices.id' | 'templates.id' | 'projects.id') {
  return (eb: ExpressionBuilder<Database, 'devices' | 'templates' | 'projects'>) => {
    const grants =
      'roleId' in holder
        ? eb
            .selectFrom('role_grants')
            .select('object_id')
            .where('role_id', '=', holder.roleId)
            .where('kind', '=', kind)
        : eb
            .selectFrom('member_grants')
            .select('object_id')
            .where('user_id', '=', holder.userId)
            .where('team_id', '=', holder.teamId)
            .where('kind', '=', kind);
    return eb(sql.ref<number>(column), 'in', grants);
  };
}

/** Reads of the data permission pickers: the caller's objects with the holder's grants marked. */
export class DataPickerRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One page of the caller's devices (name or SN matching `search`), marked when the holder
   * grants them; `onlyGranted` keeps those granted directly or through `grantedGroups`.
   */
  async devices(
    scope: DataScope,
    holder: GrantHolder,
    opts: { search?: string | undefined; onlyGranted: boolean; grantedGroups: readonly number[] },
    page: { offset: number; limit: number },
  ) {
    let q = this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .$call((b) => whereInScope(b, scope, 'devices', 'devices.team_id', 'devices.id'));
    if (opts.search) {
      const pattern = likePattern(opts.search);
      q = q.where((eb) =>
        eb.or([
          sql<SqlBool>`lower(${sql.ref('devices.name')}) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(${sql.ref('devices.sn')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (opts.onlyGranted) {
      q = q.where((eb) =>
        eb.or([
          heldBy(holder, 'device', 'devices.id')(eb as never),
          ...(opts.grantedGroups.length > 0 ? [eb('devices.group_id', 'in', [...opts.grantedGroups])] : []),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      q
        .select(['devices.id', 'devices.name', 'devices.sn', 'devices.group_id'])
        .select((eb) => heldBy(holder, 'device', 'devices.id')(eb as never).as('granted'))
        .orderBy('devices.name')
        .orderBy('devices.id')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, granted: Number(r.granted) === 1 || r.granted === true })),
      total: Number(count.n),
    };
  }

  /** Every group of the team (id, parent): the subtree of granted groups is computed from it. */
  teamGroups(teamId: number) {
    return this.db
      .selectFrom('device_groups')
      .select(['id', 'parent_id', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** The caller's templates, marked when the holder grants them. */
  async templates(scope: DataScope, holder: GrantHolder) {
    const rows = await this.db
      .selectFrom(catalogueTemplates(this.db).as('templates'))
      .where(inScope(scope, 'templates', 'templates.team_id', 'templates.id'))
      .select(['templates.id', 'templates.name'])
      .select((eb) => heldBy(holder, 'template', 'templates.id')(eb as never).as('granted'))
      .orderBy('templates.name')
      .orderBy('templates.id')
      .execute();
    return rows.map((r) => ({ ...r, granted: Number(r.granted) === 1 || r.granted === true }));
  }

  /** The caller's projects (the projects table, within its project scope), marked when the holder grants them. */
  async projects(scope: DataScope, holder: GrantHolder) {
    const rows = await this.db
      .selectFrom('projects')
      .where(inScope(scope, 'projects', 'projects.team_id', 'projects.id'))
      .select(['projects.id', 'projects.name'])
      .select((eb) => heldBy(holder, 'project', 'projects.id')(eb as never).as('granted'))
      .orderBy('projects.name')
      .orderBy('projects.id')
      .execute();
    return rows.map((r) => ({ ...r, granted: Number(r.granted) === 1 || r.granted === true }));
  }
}
