import type { MessagesChangedEvent } from '../messages/index.ts';
import type { AlarmEvent } from './alarm.events.ts';
import type { TestServer, CallOptions, CallResult } from '../../../test/test-server.ts';
import { buildApp } from '../../app.ts';
import type { AlarmRecord, Envelope } from '@hmi/domain';
import { alarmRecordQuery, toAlarmRecord } from './alarm-record.query.ts';
import { InProcessBus } from '../../plugins/bus.ts';
import type { AlarmMailOutbox } from './alarm-mail.ts';
import { AlarmNotifyGate } from './alarm-notify-gate.ts';
import { notifyDefaults } from './alarm-notify-policy.ts';
import { AlarmWriter } from './alarm-writer.ts';
import { AlarmRepo } from './alarm.repo.ts';

/*
 * Helpers of the alarm suites. Rules are inserted directly (their API is another module) and
 * announced on the bus as the rule module does after every change.
 */

export interface RuleSpec {
  teamId: number;
  templateId: number;
  tagId: number;
  type: number;
  value?: string;
  target?: string | null;
  deviation?: string | null;
  deadband?: string | null;
  level?: number;
  name?: string;
  content?: string;
  groupId?: number | null;
}

let sequence = 0;

/** Inserts a rule, publishes 'alarm.rules' and waits until the engine has reloaded it. */
export async function insertRule(server: TestServer, spec: RuleSpec): Promise<number> {
  const now = Date.now();
  const { id } = await server.app.db
    .insertInto('alarm_rules')
    .values({
      team_id: spec.teamId,
      template_id: spec.templateId,
      group_id: spec.groupId ?? null,
      name: spec.name ?? `rule_${++sequence}`,
      level: spec.level ?? 16,
      tag_id: spec.tagId,
      type: spec.type,
      value: spec.value ?? '0',
      target: spec.target ?? null,
      deviation: spec.deviation ?? null,
      deadband: spec.deadband ?? null,
      content: spec.content ?? '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await rulesChanged(server, spec.teamId, spec.templateId);
  return id;
}

/** Publishes 'alarm.rules' and waits for the engine. */
export async function rulesChanged(server: TestServer, teamId: number, templateId: number): Promise<void> {
  server.app.bus.publish('alarm.rules', { teamId, templateId });
  await server.app.services.alarmEngine.idle();
}

/** An alarm group of a team, inserted directly. */
export async function insertGroup(server: TestServer, teamId: number, name = `g_${++sequence}`) {
  const now = Date.now();
  const { id } = await server.app.db
    .insertInto('alarm_groups')
    .values({ team_id: teamId, name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The alarm records of a device straight from the database, oldest first. */
export function recordsOf(server: TestServer, deviceId: number) {
  return server.app.db
    .selectFrom('alarm_records')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute();
}

/** Alarm messages of records of a device, from the database. */
export function messagesOf(server: TestServer, deviceId: number) {
  return server.app.db
    .selectFrom('messages')
    .innerJoin('alarm_records', 'alarm_records.id', 'messages.alarm_record_id')
    .select([
      'messages.id',
      'messages.user_id',
      'messages.title',
      'messages.body',
      'messages.alarm_record_id',
    ])
    .where('alarm_records.device_id', '=', deviceId)
    .where('messages.kind', '=', 'alarm')
    .orderBy('messages.id')
    .execute();
}

/** Records the alarm events and message changes published on the bus from now on. */
export function busRecorder(server: TestServer) {
  const alarms: AlarmEvent[] = [];
  const messages: MessagesChangedEvent[] = [];
  const off = [
    server.app.bus.subscribe('alarm.event', (e) => alarms.push(e)),
    server.app.bus.subscribe('messages.changed', (e) => messages.push(e)),
  ];
  return { alarms, messages, stop: () => off.forEach((f) => f()) };
}

/**
 * Closes the app of a test server and starts a new one on the same configuration (the same
 * SQLite file or PostgreSQL schema): a restart. The returned server replaces the old one; its
 * `close` still removes the data.
 */
export async function restart(server: TestServer): Promise<TestServer> {
  await server.app.close();
  const app = await buildApp(server.config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no listening address');
  const url = `http://127.0.0.1:${address.port}`;
  const oldClose = server.close.bind(server);
  return {
    ...server,
    app,
    url,
    async call<T>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers.authorization = options.token;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}/v1${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? (JSON.parse(text) as Envelope<T>) : (null as never),
        headers: res.headers,
      };
    },
    async close() {
      await app.close();
      // The original close closes its (already closed) app again, then drops the data.
      await oldClose();
    },
  };
}

export interface RecordOverrides {
  level?: number;
  state?: 1 | 2 | 4;
  ruleName?: string;
  tagName?: string;
  content?: string;
  value?: string;
  raisedAt?: number;
}

/** An alarm record of a device (open unless state 4), as the domain shows it. */
export async function insertAlarmRecord(
  server: TestServer,
  teamId: number,
  deviceId: number,
  o: RecordOverrides = {},
): Promise<AlarmRecord> {
  const raisedAt = o.raisedAt ?? Date.now();
  const state = o.state ?? 1;
  const { id } = await server.app.db
    .insertInto('alarm_records')
    .values({
      team_id: teamId,
      device_id: deviceId,
      rule_id: null,
      rule_name: o.ruleName ?? 'High temperature',
      group_id: null,
      level: o.level ?? 16,
      tag_id: 1,
      tag_name: o.tagName ?? 'temp',
      type: 2,
      state,
      content: o.content ?? 'Temperature too high',
      value: o.value ?? '98.5',
      last_value: o.value ?? '98.5',
      times: 1,
      raised_at: raisedAt,
      acked_at: state === 2 ? raisedAt + 1 : null,
      acked_by: null,
      acked_by_name: state === 2 ? 'Operator' : null,
      recovered_at: state === 4 ? raisedAt + 2 : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await alarmRecordQuery(server.app.db)
    .where('alarm_records.id', '=', Number(id))
    .executeTakeFirstOrThrow();
  return toAlarmRecord(row);
}

/**
 * An alarm writer of its own over the server's database (its own bus and notification gate)
 * whose mails go to `mails`: for tests of what a transition writes in its transaction.
 */
export function alarmWriterWith(server: TestServer, mails: AlarmMailOutbox): AlarmWriter {
  const repo = new AlarmRepo(server.app.db, server.app.services.scopes);
  return new AlarmWriter(
    server.app.db,
    repo,
    new InProcessBus(),
    Date.now,
    new AlarmNotifyGate(notifyDefaults),
    mails,
  );
}
