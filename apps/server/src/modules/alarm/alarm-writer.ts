import type { Insertable, Kysely } from 'kysely';
import type { Database, MessagesTable } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { AlarmEvent } from './alarm.events.ts';
import { recipientsOf, type AlarmRepo, type Recipient } from './alarm.repo.ts';
import { alarmContent, alarmTimeText, alarmTitle, type AlarmTextParams } from './alarm-texts.ts';

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

/**
 * The database side of transitions: each commits in one transaction and is published after the
 * commit as bus 'alarm.event' (and 'messages.changed' for a raise), with the users whose data
 * scope holds the device.
 */
export class AlarmWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AlarmRepo,
    private readonly bus: Bus,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A new record (state 1, times 1) and one alarm message per user whose scope holds the device,
   * titled in the user's language. Returns the record's id; when the device already has an open
   * record of the rule (the unique index of open records), returns that one and writes nothing.
   */
  async raise(device: RaiseDevice, rule: EngineRule, value: unknown, ts: number): Promise<number> {
    let recipients: Recipient[] = [];
    let id: number;
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
            content: alarmContent(rule.content, params, ownerLang),
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
        await this.repo.insertMessages(messages, trx);
        return recordId;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const existing = await this.repo.openIdOf(device.id, rule.id);
      if (existing === undefined) throw err;
      return existing;
    }
    const userIds = recipients.map((u) => u.id);
    await this.publish(device.teamId, 'raised', [id], userIds);
    if (userIds.length > 0) this.bus.publish('messages.changed', { teamId: device.teamId, userIds });
    return id;
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
  ): Promise<void> {
    const records = await this.repo.records(recordIds);
    if (records.length === 0) return;
    const users = userIds === undefined ? await this.repo.recipients(teamId) : null;
    for (const record of records) {
      const deviceId = record.device_id;
      const ids = users ? recipientsOf(users, teamId, deviceId).map((u) => u.id) : userIds!;
      this.bus.publish('alarm.event', { teamId, deviceId, event, record, userIds: ids });
    }
  }
}
