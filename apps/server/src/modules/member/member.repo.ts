import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/tables/accounts.ts';
import { likePattern } from '../../lib/sql-like.ts';
import { catalogueDevices, catalogueTemplates } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface MemberRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  is_main: number;
  role_id: number | null;
  role_name: string | null;
  joined_at: number | null;
  created_at: number;
  status: User['status'];
  team_created_at: number;
  last_login_at: number | null;
}

export interface MemberFilter {
  search?: string | undefined;
  roleId?: number | undefined;
}

type RawMemberRow = Omit<MemberRow, 'last_login_at'> & { last_login_at: number | string | null };

const toMemberRow = (r: RawMemberRow): MemberRow => ({
  ...r,
  last_login_at: r.last_login_at === null ? null : Number(r.last_login_at),
});

/** Members of a team and moving people between teams (Kysely only). */
export class MemberRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private members(teamId: number, db: Db = this.db) {
    return db
      .selectFrom('users')
      .innerJoin('teams', 'teams.id', 'users.team_id')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .where('users.team_id', '=', teamId)
      .where('users.status', '!=', 'closed');
  }

  /** Member rows with their role, and their last sign-in (the newest session). */
  private rows(teamId: number) {
    return this.members(teamId)
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.phone',
        'users.area_code',
        'users.is_main',
        'users.role_id',
        'roles.name as role_name',
        'users.joined_at',
        'users.created_at',
        'users.status',
        'teams.created_at as team_created_at',
      ])
      .select((eb) =>
        eb
          .selectFrom('sessions')
          .select((s) => s.fn.max('sessions.created_at').as('at'))
          .whereRef('sessions.user_id', '=', 'users.id')
          .as('last_login_at'),
      );
  }

  /** One page of the team's members (main account first, then by name) and how many match. */
  async page(teamId: number, filter: MemberFilter, page: { offset: number; limit: number }) {
    const matches = (eb: ExpressionBuilder<Database, 'users'>) => {
      const parts: Expression<SqlBool>[] = [];
      if (filter.search) {
        const pattern = likePattern(filter.search);
        parts.push(
          eb.or(
            (['users.name', 'users.email', 'users.phone'] as const).map(
              (c) => sql<SqlBool>`lower(coalesce(${sql.ref(c)}, '')) like ${pattern} escape '\\'`,
            ),
          ),
        );
      }
      if (filter.roleId !== undefined) parts.push(eb('users.role_id', '=', filter.roleId));
      return eb.and(parts);
    };
    const [rows, count] = await Promise.all([
      this.rows(teamId)
        .where(matches)
        .orderBy('users.is_main', 'desc')
        .orderBy('users.name')
        .orderBy('users.id')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.members(teamId)
        .where(matches)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toMemberRow), total: Number(count.n) };
  }

  /** One member row of the team. */
  async one(teamId: number, userId: number): Promise<MemberRow | undefined> {
    const row = await this.rows(teamId).where('users.id', '=', userId).executeTakeFirst();
    return row && toMemberRow(row);
  }

  /** A user of the team who is not closed. */
  findMember(teamId: number, userId: number, db: Db = this.db): Promise<User | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', userId)
      .where('status', '!=', 'closed')
      .executeTakeFirst();
  }

  findUser(userId: number, db: Db = this.db): Promise<User | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  team(teamId: number, db: Db = this.db) {
    return db.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
  }

  async setRole(userId: number, roleId: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('users')
      .set({ role_id: roleId, updated_at: Date.now() })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * Moves a user into a team: as a member with a role (joined_at now), or back as the main
   * account of their own team (role null). Compare-and-set on the team they are in now: false
   * when they moved meanwhile.
   */
  async move(
    userId: number,
    fromTeamId: number,
    to: { teamId: number; isMain: boolean; roleId: number | null; at: number },
    db: Db,
  ): Promise<boolean> {
    const r = await db
      .updateTable('users')
      .set({
        team_id: to.teamId,
        is_main: to.isMain ? 1 : 0,
        role_id: to.roleId,
        joined_at: to.isMain ? null : to.at,
        updated_at: to.at,
      })
      .where('id', '=', userId)
      .where('team_id', '=', fromTeamId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** The team the user owns, other than `exceptTeamId` (their own, kept while they were away). */
  async ownTeam(userId: number, exceptTeamId: number, db: Db): Promise<number | undefined> {
    const row = await db
      .selectFrom('teams')
      .select('id')
      .where('owner_id', '=', userId)
      .where('id', '!=', exceptTeamId)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** A new team owned by the user (a member who never had one of their own). */
  async createTeam(user: { id: number; name: string }, region: string, at: number, db: Db): Promise<number> {
    const row = await db
      .insertInto('teams')
      .values({ name: user.name, region, owner_id: user.id, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** What the user's team holds that joining another team would strand. */
  async holdings(teamId: number, userId: number, db: Db = this.db) {
    const count = async (q: Promise<{ n: number | string | bigint } | undefined>) =>
      Number((await q)?.n ?? 0);
    const [devices, templates, members] = await Promise.all([
      count(
        db
          .selectFrom(catalogueDevices(this.db).as('devices'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('team_id', '=', teamId)
          .executeTakeFirst(),
      ),
      count(
        db
          .selectFrom(catalogueTemplates(this.db).as('templates'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('team_id', '=', teamId)
          .executeTakeFirst(),
      ),
      count(
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('team_id', '=', teamId)
          .where('id', '!=', userId)
          .where('status', '!=', 'closed')
          .executeTakeFirst(),
      ),
    ]);
    return { devices, templates, members };
  }

  /** The main account of a team. */
  async mainOf(teamId: number, db: Db = this.db): Promise<User | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('is_main', '=', 1)
      .executeTakeFirst();
  }
}
