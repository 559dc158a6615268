/**
 * The cost of billing's TAG enforcement on the ingest hot path (docs/api.md, Billing): the same
 * data messages of the same devices go through the console's link (as bench/ingest-pipeline.ts
 * drives it: publish authorisation, ingest, batch commit) with
 *  - enforcement off: the device cache reads no quota (`unlimited`, as before billing), and
 *  - enforcement on: the devices hold a level-5 allocation (1000 TAGs, 1 s), so every message
 *    passes through the interval check, the OVER_QUOTA-aware frame builder and the lock flag.
 * Each device's samples are 1 s apart (its level's interval): nothing is thinned, so both sides
 * store the same frames and the ratio is the checks' overhead. Prints CPU-µs per message per
 * round and the median ratio off/on (1.00: free; 0.95: enforcement costs 5%).
 *
 *   npx tsx bench/ingest-enforcement.ts   (BENCH_TAGS=60, BENCH_DEVICES=100, BENCH_DURATION_MS=3000, BENCH_ROUNDS=3)
 */
import { unlimited, type IngestQuotas } from '../apps/server/src/modules/ingest/device-tags.cache.ts';
import {
  benchDevices,
  benchTeam,
  benchTemplate,
  machine,
  startBenchServer,
} from './helpers/live-data-fixtures.ts';
import { summarize } from './lib/stats.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100);
const TAGS = Number(process.env.BENCH_TAGS ?? 60);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Authorize = (
  client: { id: string; closed: boolean },
  packet: { cmd: 'publish'; topic: string; payload: Buffer; qos: 1; retain: boolean; dup: boolean },
  done: (err?: Error | null) => void,
) => void;

/** Each device's next sample time: 1 s apart, increasing over the whole run. */
const nextTs = new Map<string, number>();

async function drive(authorize: Authorize, sns: string[], tagIds: { id: number }[], ms: number) {
  const values = tagIds.map(() => (Math.random() * 60_000) | 0);
  const body = JSON.stringify(Object.fromEntries(tagIds.map((t, i) => [t.id, values[i]])));
  const end = Date.now() + ms;
  let messages = 0;
  const cpu0 = process.cpuUsage();
  await Promise.all(
    sns.map(async (sn) => {
      const client = { id: sn, closed: false };
      while (Date.now() < end) {
        const ts = (nextTs.get(sn) ?? Date.now() - 86_400_000) + 1_000;
        nextTs.set(sn, ts);
        const payload = Buffer.from(`{"ts":${ts},"v":${body}}`);
        await new Promise<void>((resolve, reject) =>
          authorize(
            client,
            { cmd: 'publish', topic: `hmi/v1/${sn}/data`, payload, qos: 1, retain: false, dup: false },
            (err) => (err ? reject(err) : resolve()),
          ),
        );
        messages++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { perMsg: (cpu.user + cpu.system) / messages, messages };
}

async function main() {
  console.log(`machine: ${machine()}`);
  console.log(
    `${DEVICES} devices, ${TAGS}-tag messages, ${ROUNDS} rounds of ${DURATION_MS / 1000} s per side\n`,
  );
  const server = await startBenchServer({ BILLING_ENABLED: 'true' });
  try {
    const { app } = server;
    const team = await benchTeam(app);
    const t = await benchTemplate(app, team.teamId, TAGS);
    const devices = await benchDevices(app, team.teamId, t.templateId, DEVICES);
    await allocateLevel5(
      app,
      team.teamId,
      devices.map((d) => d.id),
    );
    const sns = devices.map((d) => d.sn);
    const link = app.services.deviceLink as unknown as { authorizePublish: Authorize };
    const authorize = link.authorizePublish.bind(link);
    // The device cache's quota port, swapped between the sides (then every entry is read again).
    const cache = app.services.ingest.cache as unknown as { quotas: IngestQuotas; invalidate(): void };
    const enforced = cache.quotas;
    const side = async (quotas: IngestQuotas, ms: number) => {
      cache.quotas = quotas;
      cache.invalidate();
      await drive(authorize, sns, t.tags, 300); // reload the entries, not measured
      return drive(authorize, sns, t.tags, ms);
    };
    await side(unlimited, 1_000);
    await side(enforced, 1_000);
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const off = await side(unlimited, DURATION_MS);
      const on = await side(enforced, DURATION_MS);
      ratios.push(off.perMsg / on.perMsg);
      console.log(
        `round ${r + 1}: off ${off.perMsg.toFixed(1)} CPU-µs/msg (${off.messages} msgs), ` +
          `on ${on.perMsg.toFixed(1)} CPU-µs/msg (${on.messages} msgs), ratio off/on ${(off.perMsg / on.perMsg).toFixed(2)}`,
      );
    }
    const stored = await app.db
      .selectFrom('ingest_drops')
      .select((eb) => eb.fn.sum<number>('tag_quota').as('n'))
      .executeTakeFirst();
    console.log(
      `median ratio off/on ${summarize(ratios).p50.toFixed(2)} (tag_quota drops: ${Number(stored?.n ?? 0)})`,
    );
  } finally {
    await server.close();
  }
}

/** A level-5 CA card of the team funding a 1000-TAG allocation for each device. */
async function allocateLevel5(
  app: Awaited<ReturnType<typeof startBenchServer>>['app'],
  teamId: number,
  ids: number[],
) {
  const now = Date.now();
  const db = app.db;
  const batch = await db
    .insertInto('card_batches')
    .values({
      name: `bench-${now}`,
      type: 'ca',
      prefix: 'BNCH',
      templates: 0,
      tags: 1000 * ids.length,
      level: 5,
      gigabytes: 0,
      activate_before: now + 86_400_000,
      card_count: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const card = await db
    .insertInto('cards')
    .values({
      batch_id: batch.id,
      type: 'ca',
      number: `BNCH${String(now).slice(-8)}`,
      tail: String(now).slice(-8),
      password_hash: 'x',
      team_id: teamId,
      activated_at: now,
      expires_at: now + 365 * 86_400_000,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('device_tag_allocations')
    .values(
      ids.map((device_id) => ({
        device_id,
        team_id: teamId,
        card_id: card.id,
        level: 5,
        tags: 1000,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

await main();
process.exit(0);
