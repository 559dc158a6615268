import type { NotifyDelivery } from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A delivery to log: one mail attempt (or one skipped by the per-user cap) and its result. */
export interface NewDelivery {
  teamId: number;
  userId: number;
  kind: 'alarm' | 'test';
  destination: string;
  subject: string;
  ok: boolean;
  error: string | null;
  alarmRecordId: number | null;
}

/** The text logged for a failed send. */
export const deliveryError = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)) || 'send failed';

/** A user as the notifications need them. */
export interface Recipient {
  id: number;
  teamId: number;
  email: string | null;
  lang: string;
  mailLevels: number;
}

const num = (v: number | string): number => Number(v);
const RECIPIENT = ['id', 'team_id', 'email', 'lang', 'alarm_mail_levels'] as const;
const toRecipient = (r: {
  id: number;
  team_id: number;
  email: string | null;
  lang: string;
  alarm_mail_levels: number;
}): Recipient => ({
  id: num(r.id),
  teamId: num(r.team_id),
  email: r.email,
  lang: r.lang,
  mailLevels: num(r.alarm_mail_levels),
});
/** Error texts of transports can be long (SMTP transcripts): the log keeps the start. */
const ERROR_MAX = 500;

/** The log row of a mail attempt (the error cut to its column's size). */
function deliveryRow(d: NewDelivery, now: number) {
  return {
    team_id: d.teamId,
    user_id: d.userId,
    channel: 'email' as const,
    kind: d.kind,
    destination: d.destination,
    subject: d.subject,
    ok: d.ok ? 1 : 0,
    error: d.error === null ? null : d.error.slice(0, ERROR_MAX),
    alarm_record_id: d.alarmRecordId,
    created_at: now,
  };
}

/** The notification delivery log and the users' notification settings (Kysely only). */
export class DeliveryRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(d: NewDelivery, now = Date.now()): Promise<NotifyDelivery> {
    const row = deliveryRow(d, now);
    const error = row.error;
    const { id } = await this.db
      .insertInto('notify_deliveries')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      id: num(id),
      channel: 'email',
      kind: d.kind,
      destination: d.destination,
      subject: d.subject,
      ok: d.ok,
      error,
      alarm_record_id: d.alarmRecordId,
      created_at: now,
    };
  }

  /**
   * Logs an alarm mail's attempt (in the outbox's transaction that marks it done): at most one
   * row per user and record (a unique index, migration 0021), a second is ignored.
   */
  async logAlarm(d: NewDelivery, db: Kysely<Database> | Transaction<Database> = this.db, now = Date.now()) {
    await db
      .insertInto('notify_deliveries')
      .values(deliveryRow(d, now))
      .onConflict((oc) => oc.columns(['user_id', 'alarm_record_id', 'kind']).doNothing())
      .execute();
  }

  /** A page of one user's log, newest first. */
  async page(userId: number, page: { offset: number; limit: number }) {
    const q = this.db.selectFrom('notify_deliveries').where('user_id', '=', userId);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return {
      total: num(total.n),
      list: rows.map((r): NotifyDelivery => ({
        id: num(r.id),
        channel: 'email',
        kind: r.kind,
        destination: r.destination,
        subject: r.subject,
        ok: num(r.ok) === 1,
        error: r.error,
        alarm_record_id: r.alarm_record_id === null ? null : num(r.alarm_record_id),
        created_at: num(r.created_at),
      })),
    };
  }

  /** Active users of a team among these ids, with what their notifications need. */
  async recipients(teamId: number, userIds: readonly number[]): Promise<Recipient[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .select(RECIPIENT)
      .where('team_id', '=', teamId)
      .where('status', '=', 'active')
      .where('id', 'in', [...new Set(userIds)])
      .execute();
    return rows.map(toRecipient);
  }

  async recipient(userId: number): Promise<Recipient | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(RECIPIENT)
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && toRecipient(row);
  }

  async setMailLevels(userId: number, mask: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ alarm_mail_levels: mask, updated_at: Date.now() })
      .where('id', '=', userId)
      .execute();
  }
}
