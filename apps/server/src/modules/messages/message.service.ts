import {
  ErrorCode,
  MessageLimits,
  messageTexts,
  Perm,
  resolveLocale,
  type AlarmRecord,
  type MessageQueryParsed,
  type MessageCounts,
  type MessageItem,
  type MessageListReply,
  type MessageSetReadBody,
} from '@hmi/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MessageKind } from '../../db/tables/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { MessageFilter, MessageOwner, MessageRepo, MessageRow } from './message.repo.ts';

const DAY_MS = 24 * 3600_000;

/** The kinds of messages a caller sees: system notices and alarms always, billing with MsgBillingView (23). */
export function visibleKinds(user: CurrentUser): MessageKind[] {
  return user.permissions.has(Perm.MsgBillingView) ? ['notice', 'billing', 'alarm'] : ['notice', 'alarm'];
}

/** Start of the day that holds `now` for a caller `tzHours` from UTC (the server's zone when absent). */
export function startOfDay(now: number, tzHours?: number): number {
  const offset =
    tzHours === undefined ? -new Date(now).getTimezoneOffset() * 60_000 : Math.round(tzHours * 3600_000);
  return Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
}

const owner = (user: CurrentUser): MessageOwner => ({
  teamId: user.teamId,
  userId: user.id,
  scope: user.scope,
});

/** The alarm records alarm messages carry (the alarm module's AlarmRecordRepo). */
export interface MessageAlarmRecords {
  /** The records of these ids, as the domain shows them. */
  byIds(ids: readonly number[]): Promise<AlarmRecord[]>;
}

/**
 * The message centre (SPEC sections 2, 7): every user's own notices, billing and alarm messages,
 * their counts and read state. An alarm message carries its record as it is now (state, ack),
 * while the record's device stays in the caller's data scope.
 */
export class MessageService {
  constructor(
    private readonly repo: MessageRepo,
    private readonly bus: Bus,
    private readonly records: MessageAlarmRecords,
  ) {}

  /** Real counts from the messages table; billing counts only for callers allowed to see billing messages. */
  async counts(user: CurrentUser): Promise<MessageCounts> {
    const counts: MessageCounts = {
      total: { notice: 0, billing: 0, alarm: 0 },
      unread: { notice: 0, billing: 0, alarm: 0 },
    };
    const kinds = visibleKinds(user);
    for (const row of await this.repo.countByKind(user.teamId, user.id)) {
      if (!kinds.includes(row.kind)) continue;
      counts.total[row.kind] = Number(row.total);
      counts.unread[row.kind] = Number(row.unread);
    }
    return counts;
  }

  /** GET /msg/notify: filters, paging, newest first. Billing asked for without 23: 1002. */
  async query(user: CurrentUser, q: MessageQueryParsed): Promise<MessageListReply> {
    const filter: MessageFilter = {
      kinds: this.kindsFor(user, q.kind),
      state: q.state,
      level: q.level,
      unread: q.unread,
      from: q.from,
      to: q.to,
      search: q.search,
    };
    const { rows, total } = await this.repo.page(owner(user), filter, {
      offset: (q.page - 1) * q.page_size,
      limit: q.page_size,
    });
    return { list: await this.items(rows), total };
  }

  /** GET /msg/notify/today: the caller's messages since their midnight, newest first (at most 50). */
  async today(user: CurrentUser, tzHours: number | undefined, now = Date.now()): Promise<MessageListReply> {
    const { rows, total } = await this.repo.page(
      owner(user),
      { kinds: visibleKinds(user), state: 0, from: startOfDay(now, tzHours) },
      { offset: 0, limit: MessageLimits.todayMax },
    );
    return { list: await this.items(rows), total };
  }

  /**
   * POST /msg/setread. Ids: every one must be the caller's own message of a kind they may see,
   * else 1003 and nothing changes. All: every unread message of the caller (of `kind`).
   * Returns how many became read; when any did, the caller's unread counts changed (bus).
   */
  async setRead(user: CurrentUser, body: MessageSetReadBody): Promise<number> {
    const now = Date.now();
    let updated: number;
    if ('ids' in body) {
      const marked = await this.repo.markOwnRead(owner(user), visibleKinds(user), body.ids, now);
      if (marked === null) throw new AppError(ErrorCode.E1003_NO_DATA);
      updated = marked;
    } else {
      updated = await this.repo.markRead(owner(user), { kinds: this.kindsFor(user, body.kind) }, now);
    }
    if (updated > 0) this.bus.publish('messages.changed', { teamId: user.teamId, userIds: [user.id] });
    return updated;
  }

  /**
   * A system notice to one user (team events: invitations, members leaving), written inside
   * `db` when it is a transaction; `changed` tells their sockets once it is committed.
   */
  notice(
    to: { teamId: number; userId: number },
    text: { title: string; body: string },
    db?: Transaction<Database>,
  ): Promise<void> {
    return this.repo.insert({ ...to, kind: 'notice', ...text }, db);
  }

  /**
   * Billing messages (kind 'billing': the billing messages job), one per user in that user's
   * language, written inside `db` when it is a transaction; `changed` after the commit.
   */
  async billing(
    teamId: number,
    messages: readonly { userId: number; title: string; body: string }[],
    db?: Transaction<Database>,
  ): Promise<void> {
    for (const m of messages) {
      await this.repo.insert({ teamId, userId: m.userId, kind: 'billing', title: m.title, body: m.body }, db);
    }
  }

  /** The unread counts of these users changed (after the commit of what changed them). */
  changed(teamId: number, userIds: number[]): void {
    if (userIds.length > 0) this.bus.publish('messages.changed', { teamId, userIds });
  }

  /** The welcome notice of a newly active account, in its language. */
  welcome(user: { id: number; team_id: number; lang: string }, trx: Transaction<Database>): Promise<void> {
    const { title, body } = messageTexts[resolveLocale(user.lang)].welcome;
    return this.repo.insert({ teamId: user.team_id, userId: user.id, kind: 'notice', title, body }, trx);
  }

  private kindsFor(user: CurrentUser, kind: MessageKind | undefined): MessageKind[] {
    const kinds = visibleKinds(user);
    if (kind === undefined) return kinds;
    if (!kinds.includes(kind)) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    return [kind];
  }

  /** Rows as items, with the alarm records of the page loaded in one query. */
  private async items(rows: MessageRow[]): Promise<MessageItem[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.record_id === null ? [] : [r.record_id])))];
    const records = new Map((await this.records.byIds(ids)).map((r) => [r.id, r]));
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      read: r.read_at !== null,
      created_at: r.created_at,
      alarm: r.record_id === null ? null : (records.get(r.record_id) ?? null),
    }));
  }
}
