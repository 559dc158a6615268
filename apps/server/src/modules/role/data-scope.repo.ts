import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { wholeTeam, type DataScope, type ScopeHolder, type ScopeLoader } from '../../lib/data-scope.ts';
import { catalogueDevices, catalogueTemplates } from '../device/index.ts';

interface ScopeRow {
  user_id: number;
  kind: 'device' | 'group' | 'template' | 'project' | 'zone';
  id: number;
}

const ids = (list: readonly number[]): RawBuilder<unknown> => sql.join(list.map((n) => sql`${n}`));

/**
 * Resolves the data scope of sub-accounts in one query per call, on SQLite and PostgreSQL alike:
 * the granted groups (the role's and the member's own) and, recursively, every subgroup; the
 * devices in those groups; the devices, templates and projects granted one by one; the role's
 * zones. Every object must be the team's (a grant left on an object that moved to another team
 * is ignored). Main accounts get wholeTeam without a query.
 */
export class DataScopeRepo implements ScopeLoader {
  constructor(private readonly db: Kysely<Database>) {}

  async scopeOf(user: ScopeHolder): Promise<DataScope> {
    return (await this.scopesOf(user.team_id, [user])).get(user.id) ?? wholeTeam(user.team_id);
  }

  async scopesOf(
    teamId: number,
    users: readonly ScopeHolder[],
    db: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<Map<number, DataScope>> {
    const scopes = new Map<number, DataScope>();
    const subs: number[] = [];
    for (const u of users) {
      if (u.is_main === 1) scopes.set(u.id, wholeTeam(teamId));
      else {
        subs.push(u.id);
        scopes.set(u.id, {
          teamId,
          devices: new Set(),
          groups: new Set(),
          templates: new Set(),
          projects: new Set(),
          zones: new Set(),
        });
      }
    }
    if (subs.length === 0) return scopes;
    for (const row of await this.rows(teamId, subs, db)) {
      const scope = scopes.get(Number(row.user_id))!;
      const set = {
        device: scope.devices,
        group: scope.groups,
        template: scope.templates,
        project: scope.projects,
        zone: scope.zones,
      }[row.kind] as Set<number>;
      set.add(Number(row.id));
    }
    return scopes;
  }

  /** (user, kind, id) of every object in the scope of these sub-accounts of the team. */
  private async rows(
    teamId: number,
    userIds: readonly number[],
    db: Kysely<Database> | Transaction<Database>,
  ): Promise<ScopeRow[]> {
    const users = ids(userIds);
    // The catalogue's devices and templates (modules/device), as subqueries both engines fold in.
    const devices = catalogueDevices(db);
    const templates = catalogueTemplates(db);
    const result = await sql<ScopeRow>`
      with recursive
      seeds(user_id, id) as (
        select u.id, rg.object_id from users u
          join role_grants rg on rg.role_id = u.role_id and rg.kind = 'group'
          where u.id in (${users}) and u.team_id = ${teamId}
        union
        select mg.user_id, mg.object_id from member_grants mg
          where mg.user_id in (${users}) and mg.team_id = ${teamId} and mg.kind = 'group'
      ),
      granted(user_id, id) as (
        select s.user_id, g.id from seeds s join device_groups g on g.id = s.id and g.team_id = ${teamId}
        union
        select p.user_id, g.id from device_groups g join granted p on g.parent_id = p.id
          where g.team_id = ${teamId}
      ),
      direct(user_id, kind, id) as (
        select u.id, rg.kind, rg.object_id from users u
          join role_grants rg on rg.role_id = u.role_id and rg.kind <> 'group'
          where u.id in (${users}) and u.team_id = ${teamId}
        union
        select mg.user_id, mg.kind, mg.object_id from member_grants mg
          where mg.user_id in (${users}) and mg.team_id = ${teamId} and mg.kind <> 'group'
      )
      select user_id, 'group' as kind, id from granted
      union all
      select p.user_id, 'device' as kind, d.id from granted p
        join (${devices}) d on d.group_id = p.id and d.team_id = ${teamId}
      union all
      select x.user_id, 'device' as kind, d.id from direct x
        join (${devices}) d on d.id = x.id and d.team_id = ${teamId} where x.kind = 'device'
      union all
      select x.user_id, 'template' as kind, t.id from direct x
        join (${templates}) t on t.id = x.id and t.team_id = ${teamId} where x.kind = 'template'
      union all
      select x.user_id, 'project' as kind, x.id from direct x where x.kind = 'project'
      union all
      select u.id, 'zone' as kind, rz.zone_id from users u
        join role_zones rz on rz.role_id = u.role_id
        join zones z on z.id = rz.zone_id and z.team_id = ${teamId}
        where u.id in (${users}) and u.team_id = ${teamId}
    `.execute(db);
    return result.rows;
  }
}
