/**
 * Alarm engine cost on ingest, measured side by side in one run (issue 6): the durable ingest
 * rate of the 60-tag ingest benchmark (bench/ingest.ts: QoS 1, PUBACK after the commit, embedded
 * broker, SQLite, 200 devices with 4 messages in flight each) with 300 alarm rules on the
 * devices' template, divided by the rate with no rules. Target: at least 0.9 (the engine loses at
 * most 10 % of the rate).
 *
 * The rules: 5 per tag, every type on the tag kinds that take it (limit and deviation rules on the
 * REAL and UINT16 tags). Most limits sit outside what the devices send so they are evaluated on
 * every value without firing; the HighHigh rules of the REAL tags (values uniform in 0..1000,
 * limit 999.9) fire and recover now and then, so records, messages and their commits are part
 * of the run. Runs alternate: none, rules, none, rules, none; each ratio is the rules run over the
 * mean of the runs around it.
 *
 * The end-to-end ratio moves with the machine's load (other processes take the cores the server
 * and the devices share), so the bench also measures the engine alone in the same run: a second
 * engine on its own in-process bus, on the same database and rules, fed the same values as
 * 'device.data' events; its CPU time per data point, added to the server's CPU per point of the
 * no-rules runs, gives the rate ratio the engine's work allows on a CPU-bound server.
 *
 *   npx tsx bench/alarm-engine.ts          (about a minute and a half on 2 cores)
 */
import { AlarmLevel, AlarmType } from '@hmi/domain';
import type { FastifyInstance } from 'fastify';
import { notifyDefaults } from '../apps/server/src/modules/alarm/alarm-notify-policy.ts';
import { AlarmEngine } from '../apps/server/src/modules/alarm/alarm-engine.ts';
import { AlarmNotifyGate } from '../apps/server/src/modules/alarm/alarm-notify-gate.ts';
import { AlarmWriter } from '../apps/server/src/modules/alarm/alarm-writer.ts';
import { AlarmRepo } from '../apps/server/src/modules/alarm/alarm.repo.ts';
import type { DeviceDataEvent } from '../apps/server/src/modules/history-store/index.ts';
import { InProcessBus } from '../apps/server/src/plugins/bus.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  startBenchServer,
} from './helpers/live-data-fixtures.ts';
import { runPublisher, type PublisherJob } from './helpers/run-publisher.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 4);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const TAGS = 60;
const RULES = 300;

interface Run {
  pointsPerSec: number;
  cpuPerMillion: number;
}

async function measure(job: PublisherJob): Promise<Run> {
  if (WARMUP_MS > 0) await runPublisher({ ...job, durationMs: WARMUP_MS });
  let cpu0 = process.cpuUsage();
  const result = await runPublisher(job, () => (cpu0 = process.cpuUsage()));
  const cpu = process.cpuUsage(cpu0);
  const points = result.acked * TAGS;
  return {
    pointsPerSec: points / (result.elapsedMs / 1000),
    cpuPerMillion: ((cpu.user + cpu.system) / 1e6 / points) * 1e6,
  };
}

type Rule = { type: number; value: string; target?: string; deviation?: string; level: number };

/** Five rules for a tag of `dataType` (7 REAL: 0..1000 uniform; 1 UINT16: a slow sawtooth 0..59,999). */
function rulesFor(dataType: number): Rule[] {
  if (dataType === 7) {
    return [
      { type: AlarmType.HighHigh, value: '999.9', level: AlarmLevel.Critical },
      { type: AlarmType.High, value: '2000', level: AlarmLevel.Severe },
      { type: AlarmType.Low, value: '-1', level: AlarmLevel.Moderate },
      { type: AlarmType.LargeDeviation, value: '0', target: '500', deviation: '600', level: AlarmLevel.Mild },
      { type: AlarmType.LowLow, value: '-100', level: AlarmLevel.Minor },
    ];
  }
  return [
    { type: AlarmType.HighHigh, value: '65000', level: AlarmLevel.Critical },
    { type: AlarmType.High, value: '64000', level: AlarmLevel.Severe },
    { type: AlarmType.LowLow, value: '0', level: AlarmLevel.Moderate },
    { type: AlarmType.SmallDeviation, value: '0', target: '70000', deviation: '1', level: AlarmLevel.Mild },
    { type: AlarmType.Low, value: '0', level: AlarmLevel.Minor },
  ];
}

async function addRules(
  app: FastifyInstance,
  teamId: number,
  templateId: number,
  tags: PublisherJob['devices'][number]['tagIds'],
) {
  const now = Date.now();
  const rows = tags.flatMap((tag) =>
    rulesFor(tag.type).map((r, i) => ({
      team_id: teamId,
      template_id: templateId,
      group_id: null,
      name: `r${tag.id}_${i}`,
      level: r.level,
      tag_id: tag.id,
      type: r.type,
      value: r.value,
      target: r.target ?? null,
      deviation: r.deviation ?? null,
      deadband: null,
      content: '{device} {tag} = {value}',
      created_at: now,
      updated_at: now,
    })),
  );
  if (rows.length !== RULES) throw new Error(`expected ${RULES} rules, built ${rows.length}`);
  await app.db.insertInto('alarm_rules').values(rows).execute();
  app.bus.publish('alarm.rules', { teamId, templateId });
}

async function removeRules(app: FastifyInstance, teamId: number, templateId: number) {
  await app.db.deleteFrom('alarm_rules').where('template_id', '=', templateId).execute();
  app.bus.publish('alarm.rules', { teamId, templateId });
}

/**
 * CPU microseconds per data point of a standalone engine evaluating `messages` messages of every
 * device (values as the bench devices send them) against the template's current rules.
 */
async function engineAlone(
  app: FastifyInstance,
  teamId: number,
  deviceIds: number[],
  tags: PublisherJob['devices'][number]['tagIds'],
  messages: number,
) {
  const bus = new InProcessBus();
  const repo = new AlarmRepo(app.db, app.services.scopes);
  // Every raise writes its messages, as the measurements before the interval did.
  const gate = new AlarmNotifyGate({ ...notifyDefaults, intervalMs: 0 });
  const writer = new AlarmWriter(app.db, repo, bus, Date.now, gate);
  const engine = new AlarmEngine({ repo, writer, bus, log: { error: () => undefined } });
  await engine.start();
  // One frame per message, as ingest publishes them.
  const ids = tags.map((t) => t.id);
  const event = (deviceId: number, ts: number): DeviceDataEvent => ({
    deviceId,
    teamId,
    frames: [
      {
        ts,
        ids,
        nums: tags.map((t) =>
          t.type === 7 ? Math.round(Math.random() * 1e5) / 100 : ((ts / 7) % 60_000) | 0,
        ),
        txts: null,
      },
    ],
  });
  // First values load each device's template and rules (database reads), outside the clock.
  for (const id of deviceIds) bus.publish('device.data', event(id, Date.now()));
  await engine.idle();
  const batch = deviceIds.flatMap((id) =>
    Array.from({ length: messages }, (_, i) => event(id, Date.now() + i)),
  );
  const cpu0 = process.cpuUsage();
  for (const e of batch) bus.publish('device.data', e);
  const cpu = process.cpuUsage(cpu0);
  await engine.stop();
  return (cpu.user + cpu.system) / (batch.length * tags.length);
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  console.log(`machine: ${machine()}`);
  console.log(
    `${DEVICES} devices, ${TAGS}-tag messages, ${INFLIGHT} QoS 1 messages in flight each, ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s per run, devices in a child process\n`,
  );
  const server = await startBenchServer();
  try {
    const { app } = server;
    const team = await benchTeam(app);
    const t = await benchTemplate(app, team.teamId, TAGS);
    const devices = await benchDevices(app, team.teamId, t.templateId, DEVICES);
    const job: PublisherJob = {
      url: server.mqttUrl,
      devices: devices.map((d) => ({ ...d, tagIds: t.tags })),
      mode: 'max',
      inflight: INFLIGHT,
      durationMs: DURATION_MS,
    };
    const none: Run[] = [await measure(job)];
    const rules: Run[] = [];
    for (let i = 0; i < 2; i++) {
      await addRules(app, team.teamId, t.templateId, t.tags);
      rules.push(await measure(job));
      await removeRules(app, team.teamId, t.templateId);
      none.push(await measure(job));
    }
    await addRules(app, team.teamId, t.templateId, t.tags);
    const engineUs = await engineAlone(
      app,
      team.teamId,
      devices.map((d) => d.id),
      t.tags,
      50,
    );
    const ingestUs = none.reduce((a, r) => a + r.cpuPerMillion, 0) / none.length;
    console.log(
      `engine alone: ${engineUs.toFixed(3)} CPU-us per data point with ${RULES} rules (${fmt(DEVICES * 50 * TAGS)} points); server ingest without rules ${ingestUs.toFixed(2)} CPU-us per point -> CPU-bound rate ratio ${(ingestUs / (ingestUs + engineUs)).toFixed(2)} (target >= 0.9)`,
    );
    const records = await app.db
      .selectFrom('alarm_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const messages = await app.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'alarm')
      .executeTakeFirstOrThrow();
    rules.forEach((r, i) => {
      const base = (none[i]!.pointsPerSec + none[i + 1]!.pointsPerSec) / 2;
      console.log(
        `run ${i + 1}: ${RULES} rules ${fmt(r.pointsPerSec)} points/s vs no rules ${fmt(base)} (${fmt(none[i]!.pointsPerSec)} before, ${fmt(none[i + 1]!.pointsPerSec)} after) -> ratio ${(r.pointsPerSec / base).toFixed(2)} (target >= 0.9); server CPU ${fmt(r.cpuPerMillion, 1)} vs ${fmt(none[i + 1]!.cpuPerMillion, 1)} CPU-s per million points`,
      );
    });
    console.log(`alarm records written ${fmt(Number(records.n))}, alarm messages ${fmt(Number(messages.n))}`);
  } finally {
    await server.close();
  }
}

await main();
process.exit(0);
