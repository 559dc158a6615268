import type { Generated } from 'kysely';
import type { Flag, JsonText, Ms } from './columns.ts';

// Notification deliveries (the notify module).

/** Every notification mail sent, with its result (migration 0006). */
export interface NotifyDeliveriesTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  channel: 'email';
  kind: 'alarm' | 'test';
  destination: string;
  subject: string;
  ok: Flag;
  error: string | null;
  alarm_record_id: number | null;
  created_at: Ms;
}

/** Where an outbox mail is (migration 0021): waiting, leased to a server, or done. */
export type MailOutboxState = 'pending' | 'claimed' | 'sent' | 'failed' | 'dropped';

/** A mail that must go out, written with its cause; claimed, sent and marked by any server (migration 0021). */
export interface MailOutboxTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  /** 'alarm': the mail of a raise; 'digest': the digest of raises collected in an interval. */
  kind: 'alarm' | 'digest';
  alarm_record_id: number;
  /** JSON: what the mail is rendered from (modules/alarm/alarm-mail.ts, AlarmMailFacts). */
  payload: JsonText;
  state: MailOutboxState;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_until: Ms | null;
  created_at: Ms;
  sent_at: Ms | null;
  finished_at: Ms | null;
  error: string | null;
}

export interface NotifyTables {
  notify_deliveries: NotifyDeliveriesTable;
  mail_outbox: MailOutboxTable;
}
