import {
  sql,
  type Kysely,
  type Transaction,
  type Expression,
  type ExpressionBuilder,
  type ReferenceExpression,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../db/database.ts';

export type DataKind = 'devices' | 'groups' | 'templates' | 'projects';

/**
 * What team data a caller may touch: always one team; for sub-accounts also the id sets of
 * their data permissions (null = every row of the team, as for the main account), resolved by
 * the role module (modules/role/data-scope.repo.ts): groups = the granted groups and every
 * subgroup; devices = the devices of those groups and the devices granted one by one; templates
 * and projects as granted; each of the role's and the member's own grants. `zones` is what the
 * caller may operate in (security zones; null = every zone).
 */
export interface DataScope {
  teamId: number;
  devices: ReadonlySet<number> | null;
  groups: ReadonlySet<number> | null;
  templates: ReadonlySet<number> | null;
  projects: ReadonlySet<number> | null;
  zones: ReadonlySet<number> | null;
}

/** The scope of a main account: everything of the team. */
export const wholeTeam = (teamId: number): DataScope => ({
  teamId,
  devices: null,
  groups: null,
  templates: null,
  projects: null,
  zones: null,
});

/** A user as the scope is resolved for (is_main 0/1; role_id null for a main account). */
export interface ScopeHolder {
  id: number;
  team_id: number;
  is_main: number;
  role_id: number | null;
}

/** Resolves data scopes (the role module's DataScopeRepo; passed by the composition root). */
export interface ScopeLoader {
  /** The scope of one user: a main account's is wholeTeam. */
  scopeOf(user: ScopeHolder): Promise<DataScope>;
  /** The scopes of several users of one team, by user id (inside `db` when it is a transaction). */
  scopesOf(
    teamId: number,
    users: readonly ScopeHolder[],
    db?: Kysely<Database> | Transaction<Database>,
  ): Promise<Map<number, DataScope>>;
}

/** True when the row (team, id) is inside the scope. */
export function isInScope(scope: DataScope, kind: DataKind, row: { teamId: number; id: number }): boolean {
  const ids = scope[kind];
  return row.teamId === scope.teamId && (ids === null || ids.has(row.id));
}

/**
 * A where-clause restricting any query (select, update, delete) to the scope:
 * `db.selectFrom('devices').where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))`.
 * The returned factory is generic so it takes the query's own table types.
 */
export function inScope(scope: DataScope, kind: DataKind, teamColumn: string, idColumn: string) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const team = teamColumn as ReferenceExpression<DB, TB>;
    const id = idColumn as ReferenceExpression<DB, TB>;
    const sameTeam = eb(team, '=', scope.teamId as never);
    const ids = scope[kind];
    if (ids === null) return sameTeam;
    if (ids.size === 0) return sql<SqlBool>`1 = 0`;
    return eb.and([sameTeam, eb(id, 'in', [...ids] as never)]);
  };
}

/**
 * The same for a select query with its column names checked:
 * `db.selectFrom('devices').selectAll().$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))`.
 */
export function whereInScope<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  scope: DataScope,
  kind: DataKind,
  teamColumn: ReferenceExpression<DB, TB>,
  idColumn: ReferenceExpression<DB, TB>,
): SelectQueryBuilder<DB, TB, O> {
  const ids = scope[kind];
  // The values are plain numbers; Kysely cannot check them against a generic column type.
  const sameTeam = query.where(teamColumn, '=', scope.teamId as never);
  if (ids === null) return sameTeam;
  if (ids.size === 0) return sameTeam.where(sql<SqlBool>`1 = 0`);
  return sameTeam.where(idColumn, 'in', [...ids] as never);
}
