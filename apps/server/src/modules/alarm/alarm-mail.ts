import type { AlarmRecord } from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AlarmMailFacts as MailTextFacts } from '../../mail/notify-mail-texts.ts';

/**
 * What an alarm mail is rendered from, fixed when its cause commits (the outbox row's payload):
 * the mail texts' facts without the link (the sender adds it), and for a digest mail the raises
 * collected within the rule's interval (alarm-notify-policy.ts).
 */
export type AlarmMailFacts = Omit<MailTextFacts, 'link'> & {
  digest?: { count: number; minutes: number; interval: number; flapping: boolean };
};

/**
 * Mails that a transition asks for: one per user of `userIds` who wants mails of `level`
 * (the outbox decides who: active, with an email, the level in their mail levels).
 */
export interface AlarmMailIntent {
  kind: 'alarm' | 'digest';
  teamId: number;
  recordId: number;
  level: number;
  userIds: readonly number[];
  facts: AlarmMailFacts;
}

/**
 * Where the alarm writer puts the mails of a transition, inside the transaction that commits the
 * transition's messages (the notify module's mail outbox), so a mail exists exactly when its
 * alarm committed. Writing the same intent again adds nothing.
 */
export interface AlarmMailOutbox {
  add(db: Kysely<Database> | Transaction<Database>, intent: AlarmMailIntent): Promise<number>;
}

/** The mail facts of a record as the domain shows it (the digest path, tests). */
export const recordMailFacts = (r: AlarmRecord): AlarmMailFacts => ({
  level: r.level,
  device: r.device_name,
  rule: r.rule_name,
  tag: r.tag_name,
  content: r.content,
  value: r.value,
  raisedAt: r.raised_at,
});
