import { AlarmRecordState } from '@hmi/domain';
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MessageKind } from '../../db/tables/messages.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { likePattern } from '../../lib/sql-like.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whose messages: every message belongs to one user of one team. Team-wide rows (user_id null)
 * are not created and not shown: read state is per user, which a shared row cannot hold, so a
 * notice for a whole team is written once per member (`insertMany`).
 */
export interface MessageOwner {
  teamId: number;
  userId: number;
  /** The caller's data scope: the alarm record of a message shows only while its device is in it. */
  scope: DataScope;
}

export interface MessageFilter {
  /** The kinds the caller may see (billing only with MsgBillingView); `kind` narrows further. */
  kinds: readonly MessageKind[];
  /** 1 or 4: alarm messages whose record is in that state now; 2: whose record was acknowledged; 0 = no filter. */
  state: number;
  /** Mask of alarm levels (alarm messages whose record has one of them); 0 or absent = all. */
  level?: number | undefined;
  unread?: boolean | undefined;
  /** created_at window, ms, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
  search?: string | undefined;
}

export interface MessageRow {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  read_at: number | null;
  created_at: number;
  /** The linked alarm record while it exists and its device is in the caller's scope. */
  record_id: number | null;
}

const num = (v: number | string): number => Number(v);

/** Messages (Kysely only). */
export class MessageRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(
    m: {
      teamId: number;
      userId: number;
      kind: MessageKind;
      title: string;
      body: string;
      alarmRecordId?: number | null;
    },
    db: Db = this.db,
  ): Promise<void> {
    await this.insertMany(m.teamId, [m.userId], m, db);
  }

  /** One message per user (a notice for several members: each has its own read state). */
  async insertMany(
    teamId: number,
    userIds: readonly number[],
    m: { kind: MessageKind; title: string; body: string; alarmRecordId?: number | null },
    db: Db = this.db,
  ): Promise<void> {
    if (userIds.length === 0) return;
    const now = Date.now();
    await db
      .insertInto('messages')
      .values(
        userIds.map((userId) => ({
          team_id: teamId,
          user_id: userId,
          kind: m.kind,
          title: m.title,
          body: m.body,
          read_at: null,
          created_at: now,
          alarm_record_id: m.alarmRecordId ?? null,
        })),
      )
      .execute();
  }

  /** The user's own messages of the given kinds, with their alarm record when visible. */
  private visible(owner: MessageOwner, kinds: readonly MessageKind[], db: Db = this.db) {
    const q = db
      .selectFrom('messages')
      .leftJoin('alarm_records', (join) =>
        join
          .onRef('alarm_records.id', '=', 'messages.alarm_record_id')
          .on(inScope(owner.scope, 'devices', 'alarm_records.team_id', 'alarm_records.device_id')),
      )
      .where('messages.team_id', '=', owner.teamId)
      .where('messages.user_id', '=', owner.userId);
    return kinds.length > 0 ? q.where('messages.kind', 'in', [...kinds]) : q.where(sql<SqlBool>`1 = 0`);
  }

  /** Totals and unread counts per kind of the user's own messages. */
  countByKind(teamId: number, userId: number) {
    return this.db
      .selectFrom('messages')
      .select((eb) => [
        'kind',
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
      ])
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .groupBy('kind')
      .execute();
  }

  /** One page of the user's messages matching the filter, newest first, and the number matching. */
  async page(
    owner: MessageOwner,
    filter: MessageFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: MessageRow[]; total: number }> {
    let q = this.visible(owner, filter.kinds);
    // "Acknowledged" (2) is every record somebody answered, also once it recovered (state 4
    // then, acked_at kept); "alarm" (1) and "recovered" (4) are the record's state now.
    if (filter.state === AlarmRecordState.Response) q = q.where('alarm_records.acked_at', 'is not', null);
    else if (filter.state !== 0) q = q.where('alarm_records.state', '=', filter.state);
    if (filter.level) {
      const mask = filter.level;
      q = q.where(sql<SqlBool>`(${sql.ref('alarm_records.level')} & cast(${mask} as integer)) <> 0`);
    }
    if (filter.unread !== undefined) {
      q = q.where('messages.read_at', filter.unread ? 'is' : 'is not', null);
    }
    if (filter.from !== undefined) q = q.where('messages.created_at', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('messages.created_at', '<=', filter.to);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      q = q.where((eb) =>
        eb.or([
          sql<SqlBool>`lower(${sql.ref('messages.title')}) like ${pattern} escape '\\'`,
          sql<SqlBool>`lower(${sql.ref('messages.body')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select([
        'messages.id',
        'messages.kind',
        'messages.title',
        'messages.body',
        'messages.read_at',
        'messages.created_at',
        'alarm_records.id as record_id',
      ])
      .orderBy('messages.created_at', 'desc')
      .orderBy('messages.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return {
      rows: rows.map((r) => ({
        id: num(r.id),
        kind: r.kind,
        title: r.title,
        body: r.body,
        read_at: r.read_at === null ? null : num(r.read_at),
        created_at: num(r.created_at),
        record_id: r.record_id === null ? null : num(r.record_id),
      })),
      total: num(total.n),
    };
  }

  /**
   * Marks these messages read when every one is the user's own message of the given kinds, in
   * one transaction; null (and nothing changed) when any is not. Returns how many became read.
   */
  markOwnRead(
    owner: MessageOwner,
    kinds: readonly MessageKind[],
    ids: readonly number[],
    now: number,
  ): Promise<number | null> {
    const unique = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const own = await this.visible(owner, kinds, trx)
        .select('messages.id')
        .where('messages.id', 'in', unique)
        .execute();
      if (own.length !== unique.length) return null;
      return this.markRead(owner, { ids: unique }, now, trx);
    });
  }

  /**
   * Marks unread messages of the user read: the given ids, or all of the given kinds. Returns how
   * many changed (messages read already are left as they were).
   */
  async markRead(
    owner: { teamId: number; userId: number },
    target: { ids: readonly number[] } | { kinds: readonly MessageKind[] },
    now: number,
    db: Db = this.db,
  ): Promise<number> {
    let q = db
      .updateTable('messages')
      .set({ read_at: now })
      .where('team_id', '=', owner.teamId)
      .where('user_id', '=', owner.userId)
      .where('read_at', 'is', null);
    if ('ids' in target) q = q.where('id', 'in', [...target.ids]);
    else if (target.kinds.length > 0) q = q.where('kind', 'in', [...target.kinds]);
    else return 0;
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
