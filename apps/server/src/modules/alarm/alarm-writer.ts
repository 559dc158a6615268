import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MessagesTable } from '../../db/tables/messages.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { AlarmEvent } from './alarm.events.ts';
import { recordMailFacts, type AlarmMailOutbox } from './alarm-mail.ts';
import { recipientsOf, type AlarmRepo, type Recipient } from './alarm.repo.ts';
import type { AlarmNotifyGate, DueDigest } from './alarm-notify-gate.ts';
import {
  alarmContent,
  alarmDigestText,
  alarmTimeText,
  alarmTitle,
  type AlarmTextParams,
} from './alarm-texts.ts';

/** A rule as the engine keeps it (see AlarmEngine). */
export interface EngineRule {
  id: number;
  teamId: number;
  groupId: number | null;
  name: string;
  level: number;
  tagId: number;
  tagName: string;
  type: number;
  content: string;
}

/** What a raise needs to know of its device. */
export interface RaiseDevice {
  id: number;
  teamId: number;
  name: string;
}

/** The text of a reported value as records keep it. */
export function valueText(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value === null || value === undefined) return '';
  return String(value);
}

const MINUTE = 60_000;

/**
 * The database side of transitions: each commits in one transaction and is published after the
 * commit as bus 'alarm.event' (and 'messages.changed' for a raise), with the users whose data
 * scope holds the device. Whether a raise also writes messages (and is mailed) is the notify
 * gate's decision (alarm-notify-policy.ts): raises within a rule's interval are recorded and
 * collected into one digest (`sendDigests`) when the interval ends. The mails of a raise or a
 * digest are written to the mail outbox in the transaction of its messages (any server's mailer
 * sends them: docs/architecture.md, "Scale-out: side effects exactly once"); the bus events
 * after the commit only wake this server's mailer.
 */
export class AlarmWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AlarmRepo,
    private readonly bus: Bus,
    private readonly now: () => number,
    readonly gate: AlarmNotifyGate,
    /** Where the mails go; without one nothing is mailed (the engine's own tests). */
    private readonly mails?: AlarmMailOutbox,
  ) {}

  /**
   * A new record (state 1, times 1) and one alarm message per user whose scope holds the device,
   * titled in the user's language. Returns the record's id; when the device already has an open
   * record of the rule (the unique index of open records), returns that one and writes nothing.
   */
  async raise(device: RaiseDevice, rule: EngineRule, value: unknown, ts: number): Promise<number> {
    let recipients: Recipient[] = [];
    let id: number;
    const gate = this.gate.raise(device.teamId, rule.id, device.id, this.now());
    try {
      id = await this.db.transaction().execute(async (trx) => {
        const users = await this.repo.recipients(device.teamId, trx);
        recipients = recipientsOf(users, device.teamId, device.id);
        const text = valueText(value);
        const params: AlarmTextParams = {
          device: device.name,
          tag: rule.tagName,
          value: text,
          name: rule.name,
          time: alarmTimeText(ts),
        };
        // The record's own content: the rule's, or the default text in the main account's language.
        const ownerLang = users.find((u) => u.scope.devices === null)?.lang;
        const content = alarmContent(rule.content, params, ownerLang);
        const recordId = await this.repo.insertRecord(
          {
            team_id: device.teamId,
            device_id: device.id,
            rule_id: rule.id,
            rule_name: rule.name,
            group_id: rule.groupId,
            level: rule.level,
            tag_id: rule.tagId,
            tag_name: rule.tagName,
            type: rule.type,
            state: 1,
            content,
            value: text,
            last_value: text,
            times: 1,
            raised_at: ts,
            acked_at: null,
            acked_by: null,
            acked_by_name: null,
            recovered_at: null,
          },
          trx,
        );
        const now = this.now();
        const messages: Insertable<MessagesTable>[] = recipients.map((u) => ({
          team_id: device.teamId,
          user_id: u.id,
          kind: 'alarm',
          title: alarmTitle(u.lang, { level: rule.level, device: device.name, name: rule.name }),
          body: alarmContent(rule.content, params, u.lang),
          read_at: null,
          created_at: now,
          alarm_record_id: recordId,
        }));
        if (gate.notify) {
          await this.repo.insertMessages(messages, trx);
          await this.mails?.add(trx, {
            kind: 'alarm',
            teamId: device.teamId,
            recordId,
            level: rule.level,
            userIds: recipients.map((u) => u.id),
            facts: {
              level: rule.level,
              device: device.name,
              rule: rule.name,
              tag: rule.tagName,
              content,
              value: text,
              raisedAt: ts,
            },
          });
        }
        return recordId;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const existing = await this.repo.openIdOf(device.id, rule.id);
      if (existing === undefined) throw err;
      return existing;
    }
    gate.commit(id);
    const userIds = recipients.map((u) => u.id);
    await this.publish(device.teamId, 'raised', [id], userIds, gate.notify);
    if (gate.notify && userIds.length > 0)
      this.bus.publish('messages.changed', { teamId: device.teamId, userIds });
    return id;
  }

  /**
   * The digests due at `at` (the engine calls it every few seconds): for each, one alarm message
   * per user whose scope holds the device now and the digest mails in the outbox (one
   * transaction), then bus 'alarm.digest' (wakes the mailer) and 'messages.changed'. Returns how
   * many were sent.
   */
  async sendDigests(at: number = this.now()): Promise<number> {
    const due = this.gate.due(at);
    for (const d of due) await this.sendDigest(d, at);
    return due.length;
  }

  private async sendDigest(d: DueDigest, at: number): Promise<void> {
    const [record] = await this.repo.records([d.recordId]);
    if (!record) return; // purged with its device's binding
    const minutes = Math.max(1, Math.round((d.to - d.from) / MINUTE));
    const interval = Math.max(1, Math.round(this.gate.settings.intervalMs / MINUTE));
    const recipients = await this.db.transaction().execute(async (trx) => {
      const users = recipientsOf(await this.repo.recipients(d.teamId, trx), d.teamId, d.deviceId);
      const messages: Insertable<MessagesTable>[] = users.map((u) => ({
        team_id: d.teamId,
        user_id: u.id,
        kind: 'alarm',
        ...alarmDigestText(u.lang, {
          level: record.level,
          device: record.device_name,
          name: record.rule_name,
          count: d.raises,
          minutes,
          time: alarmTimeText(record.raised_at),
          value: record.value,
          interval,
          flapping: d.flapping,
        }),
        read_at: null,
        created_at: at,
        alarm_record_id: record.id,
      }));
      await this.repo.insertMessages(messages, trx);
      await this.mails?.add(trx, {
        kind: 'digest',
        teamId: d.teamId,
        recordId: record.id,
        level: record.level,
        userIds: users.map((u) => u.id),
        facts: {
          ...recordMailFacts(record),
          digest: { count: d.raises, minutes, interval, flapping: d.flapping },
        },
      });
      return users;
    });
    const userIds = recipients.map((u) => u.id);
    if (userIds.length === 0) return;
    this.bus.publish('alarm.digest', {
      teamId: d.teamId,
      deviceId: d.deviceId,
      record,
      userIds,
      count: d.raises,
      minutes,
      interval,
      flapping: d.flapping,
    });
    this.bus.publish('messages.changed', { teamId: d.teamId, userIds });
  }

  /** times + 1 of an open record; published as 'repeated'. */
  async repeat(teamId: number, recordId: number, value: unknown): Promise<void> {
    if (await this.repo.repeat(recordId, valueText(value))) {
      await this.publish(teamId, 'repeated', [recordId]);
    }
  }

  /**
   * Closes open records as recovered at `ts` (with the value that recovered them, when there is
   * one); each record closed is published as 'recovered'. Returns the ids closed.
   */
  async recover(
    teamId: number,
    recordIds: readonly number[],
    ts: number,
    value?: unknown,
  ): Promise<number[]> {
    const closed = await this.repo.recover(recordIds, ts, value === undefined ? null : valueText(value));
    if (closed.length > 0) await this.publish(teamId, 'recovered', closed);
    return closed;
  }

  /**
   * Publishes 'alarm.event' for records of a team after their commit; the users are those whose
   * scope holds each record's device (read when not given).
   */
  async publish(
    teamId: number,
    event: AlarmEvent['event'],
    recordIds: readonly number[],
    userIds?: number[],
    notified?: boolean,
  ): Promise<void> {
    const records = await this.repo.records(recordIds);
    if (records.length === 0) return;
    const users = userIds === undefined ? await this.repo.recipients(teamId) : null;
    for (const record of records) {
      const deviceId = record.device_id;
      const ids = users ? recipientsOf(users, teamId, deviceId).map((u) => u.id) : userIds!;
      this.bus.publish('alarm.event', {
        teamId,
        deviceId,
        event,
        record,
        userIds: ids,
        ...(notified === undefined ? {} : { notified }),
      });
    }
  }
}
