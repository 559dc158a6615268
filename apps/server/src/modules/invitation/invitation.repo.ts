import { Limits } from '@hmi/domain';
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/tables/accounts.ts';
import type { Invitation, InvitationState } from '../../db/tables/team-access.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An invitation with the names the views show. */
export interface InvitationRow extends Invitation {
  team_name: string;
  inviter_name: string;
  invitee_name: string;
  role_name: string | null;
  role_permissions: string | null;
}

/** Who an account is, as an invitation looks it up. */
export type AccountKey = { email: string } | { areaCode: string; phone: string };

type Eb = ExpressionBuilder<Database, 'invitations'>;

/** A stored pending invitation that still reads as pending at `now` (not expired, role still there). */
const livePending = (now: number) => (eb: Eb) =>
  eb.and([
    eb('invitations.state', '=', 'pending'),
    eb('invitations.created_at', '>', now - Limits.invitationExpiryMs),
    eb('invitations.role_id', 'is not', null),
  ]);

/** The filter of a state as it reads at `now` (InvitationOutcome order: pending ... voided). */
function readsAs(state: InvitationState, now: number) {
  return (eb: Eb): Expression<SqlBool> => {
    if (state === 'pending') return livePending(now)(eb);
    if (state !== 'voided') return eb('invitations.state', '=', state);
    return eb.or([
      eb('invitations.state', '=', 'voided'),
      eb.and([eb('invitations.state', '=', 'pending'), eb.not(livePending(now)(eb))]),
    ]);
  };
}

/** Invitations (Kysely only). Transitions are compare-and-set from a live pending state. */
export class InvitationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findAccount(key: AccountKey): Promise<User | undefined> {
    const q = this.db.selectFrom('users').selectAll();
    return (
      'email' in key
        ? q.where('email', '=', key.email)
        : q.where('area_code', '=', key.areaCode).where('phone', '=', key.phone)
    ).executeTakeFirst();
  }

  private withNames(db: Db = this.db) {
    return db
      .selectFrom('invitations')
      .innerJoin('teams', 'teams.id', 'invitations.team_id')
      .innerJoin('users as inviter', 'inviter.id', 'invitations.inviter_id')
      .innerJoin('users as invitee', 'invitee.id', 'invitations.invitee_id')
      .leftJoin('roles', 'roles.id', 'invitations.role_id')
      .selectAll('invitations')
      .select([
        'teams.name as team_name',
        'inviter.name as inviter_name',
        'invitee.name as invitee_name',
        'roles.name as role_name',
        'roles.permissions as role_permissions',
      ]);
  }

  find(id: number, db: Db = this.db): Promise<InvitationRow | undefined> {
    return this.withNames(db).where('invitations.id', '=', id).executeTakeFirst();
  }

  /** One page of invitations (of a team, or to a person), newest first, filtered by the state they read as. */
  async page(
    by: { teamId: number } | { inviteeId: number },
    state: InvitationState | undefined,
    now: number,
    page: { offset: number; limit: number },
  ) {
    let q = this.withNames();
    let count = this.db.selectFrom('invitations');
    if ('teamId' in by) {
      q = q.where('invitations.team_id', '=', by.teamId);
      count = count.where('invitations.team_id', '=', by.teamId);
    } else {
      q = q.where('invitations.invitee_id', '=', by.inviteeId);
      count = count.where('invitations.invitee_id', '=', by.inviteeId);
    }
    if (state !== undefined) {
      q = q.where(readsAs(state, now));
      count = count.where(readsAs(state, now));
    }
    const [rows, n] = await Promise.all([
      q
        .orderBy('invitations.created_at', 'desc')
        .orderBy('invitations.id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(n.n) };
  }

  /** Live pending invitations to a person (all teams, or other than one). */
  async countPending(inviteeId: number, now: number, exceptId?: number): Promise<number> {
    let q = this.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('invitee_id', '=', inviteeId)
      .where(livePending(now));
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** True when the team has a live pending invitation to the user. */
  async isInvited(teamId: number, userId: number, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('invitations')
      .select('id')
      .where('team_id', '=', teamId)
      .where('invitee_id', '=', userId)
      .where(livePending(now))
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(
    values: Pick<Invitation, 'team_id' | 'inviter_id' | 'invitee_id' | 'role_id' | 'channel' | 'account'>,
    now: number,
    db: Db,
  ): Promise<number> {
    const row = await db
      .insertInto('invitations')
      .values({
        ...values,
        state: 'pending',
        void_reason: null,
        created_at: now,
        expires_at: now + Limits.invitationExpiryMs,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The team's live pending invitation to the person, refreshed as if sent now (inviter, role,
   * channel, a new 7 days); its id, or undefined when there is none.
   */
  async refreshPending(
    teamId: number,
    inviteeId: number,
    values: Pick<Invitation, 'inviter_id' | 'role_id' | 'channel' | 'account'>,
    now: number,
    db: Db,
  ): Promise<number | undefined> {
    const row = await db
      .updateTable('invitations')
      .set({ ...values, created_at: now, expires_at: now + Limits.invitationExpiryMs })
      .where('team_id', '=', teamId)
      .where('invitee_id', '=', inviteeId)
      .where(livePending(now))
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Serialises the invitations to one person: a no-op update of their row, which PostgreSQL
   * holds locked until the transaction ends (SQLite runs one writing transaction at a time).
   */
  async lockInvitee(userId: number, db: Transaction<Database>): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', userId)
      .execute();
  }

  /** pending -> `to`, only while it reads as pending at `now`; false when it does not. */
  async transition(
    id: number,
    to: Exclude<InvitationState, 'pending'>,
    reason: string | null,
    now: number,
    db: Db = this.db,
  ): Promise<boolean> {
    const r = await db
      .updateTable('invitations')
      .set({ state: to, void_reason: reason, decided_at: now })
      .where('id', '=', id)
      .where(livePending(now))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Voids the live pending invitations matching `where` (a person's others, a team's earlier one
   * to the same person, those an inviter sent); returns them for their notices.
   */
  voidPending(
    where: { inviteeId: number; exceptId?: number; teamId?: number } | { inviterId: number; teamId: number },
    reason: string,
    now: number,
    db: Db,
  ) {
    let q = db
      .updateTable('invitations')
      .set({ state: 'voided', void_reason: reason, decided_at: now })
      .where(livePending(now));
    if ('inviterId' in where) {
      q = q.where('inviter_id', '=', where.inviterId).where('team_id', '=', where.teamId);
    } else {
      q = q.where('invitee_id', '=', where.inviteeId);
      if (where.exceptId !== undefined) q = q.where('id', '!=', where.exceptId);
      if (where.teamId !== undefined) q = q.where('team_id', '=', where.teamId);
    }
    return q.returning(['id', 'team_id', 'inviter_id', 'invitee_id']).execute();
  }
}
