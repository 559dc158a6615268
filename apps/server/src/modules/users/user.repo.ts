import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewUser, User, UserUpdate } from '../../db/tables/accounts.ts';
import type { LoginName } from './login-name.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The signed-in principal as loaded on every authenticated request. */
export interface PrincipalRow {
  id: number;
  team_id: number;
  is_main: number;
  status: User['status'];
  session_revoked_at: number | null;
  role_id: number | null;
  role_permissions: string | null;
}

/** Users, teams and roles (Kysely only). */
/** What a principal is made of besides its session: the user, its team and role. */
const PRINCIPAL_COLUMNS = [
  'users.id',
  'users.team_id',
  'users.is_main',
  'users.status',
  'users.role_id',
  'roles.permissions as role_permissions',
] as const;

export class UserRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number, db: Db = this.db): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByLoginName(name: LoginName, db: Db = this.db): Promise<User | undefined> {
    const q = db.selectFrom('users').selectAll();
    return (
      name.kind === 'email'
        ? q.where('email', '=', name.email)
        : q.where('area_code', '=', name.areaCode).where('phone', '=', name.phone)
    ).executeTakeFirst();
  }

  /** Creates a team and its main account together. */
  async createTeamWithMain(
    team: { name: string; region: string },
    user: Omit<NewUser, 'team_id' | 'is_main' | 'role_id' | 'created_at' | 'updated_at'>,
    now: number,
    db: Db,
  ): Promise<User> {
    const { id: teamId } = await db
      .insertInto('teams')
      .values({ name: team.name, region: team.region, owner_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await db
      .insertInto('users')
      .values({ ...user, team_id: teamId, is_main: 1, role_id: null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db.updateTable('teams').set({ owner_id: created.id }).where('id', '=', teamId).execute();
    return created;
  }

  async update(id: number, values: UserUpdate, db: Db = this.db): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...values, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  async renameTeam(teamId: number, name: string, db: Db = this.db): Promise<void> {
    await db.updateTable('teams').set({ name, updated_at: Date.now() }).where('id', '=', teamId).execute();
  }

  /** The profile of SPEC section 3: the user with its team. */
  profile(userId: number) {
    return this.db
      .selectFrom('users')
      .innerJoin('teams', 'teams.id', 'users.team_id')
      .select([
        'users.id',
        'users.data_center',
        'users.name',
        'users.created_at',
        'users.contact',
        'users.alias_name',
        'users.is_main',
        'users.member_ext',
        'users.diacom',
        'users.role_id',
        'teams.id as team_id',
        'teams.name as team_name',
        'teams.owner_id',
        'teams.dgroup_id',
        'teams.template_max_num',
        'teams.template_max_id',
        'teams.project_max_id',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  /** The user of an access token with its session and role, in one query. */
  findPrincipal(userId: number, sessionId: string): Promise<PrincipalRow | undefined> {
    return this.db
      .selectFrom('users')
      .innerJoin('sessions', (j) =>
        j.onRef('sessions.user_id', '=', 'users.id').on('sessions.id', '=', sessionId),
      )
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select([...PRINCIPAL_COLUMNS, 'sessions.revoked_at as session_revoked_at'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  /** A region: the account the directory knows as `globalId` (migration 0024). */
  findByGlobalId(globalId: number, db: Db = this.db): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('global_id', '=', globalId).executeTakeFirst();
  }

  /** A user's principal row without a session (session_revoked_at null): what a user may do now. */
  findMember(userId: number): Promise<PrincipalRow | undefined> {
    return this.db
      .selectFrom('users')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .select([...PRINCIPAL_COLUMNS, sql<number | null>`null`.as('session_revoked_at')])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }
}
