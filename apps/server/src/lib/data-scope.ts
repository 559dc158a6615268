import { sql, type Expression, type ExpressionBuilder, type ReferenceExpression, type SqlBool } from 'kysely';

export type DataKind = 'devices' | 'groups' | 'templates' | 'projects';

/**
 * What team data a caller may touch: always one team; for sub-accounts also the id sets of
 * their role's data permissions (null = every row of the team, as for the main account).
 */
export interface DataScope {
  teamId: number;
  devices: ReadonlySet<number> | null;
  groups: ReadonlySet<number> | null;
  templates: ReadonlySet<number> | null;
  projects: ReadonlySet<number> | null;
}

/** True when the row (team, id) is inside the scope. */
export function isInScope(scope: DataScope, kind: DataKind, row: { teamId: number; id: number }): boolean {
  const ids = scope[kind];
  return row.teamId === scope.teamId && (ids === null || ids.has(row.id));
}

/**
 * A where-clause restricting a query to the scope:
 * `db.selectFrom('devices').where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))`.
 */
export function inScope<DB, TB extends keyof DB>(
  scope: DataScope,
  kind: DataKind,
  teamColumn: ReferenceExpression<DB, TB>,
  idColumn: ReferenceExpression<DB, TB>,
) {
  return (eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const sameTeam = eb(teamColumn, '=', scope.teamId as never);
    const ids = scope[kind];
    if (ids === null) return sameTeam;
    if (ids.size === 0) return sql<SqlBool>`1 = 0`;
    return eb.and([sameTeam, eb(idColumn, 'in', [...ids] as never)]);
  };
}
