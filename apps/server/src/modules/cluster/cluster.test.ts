import { randomBytes } from 'node:crypto';
import {
  AlarmType,
  deviceTopic,
  TunnelCloseCode,
  type DeviceCommand,
  type LiveServerMessage,
  type RemoteSession,
} from '@hmi/domain';
import { DataType } from '@hmi/domain/sparkplug';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startMosquitto } from '../../../test/mosquitto.ts';
import { readMails } from '../../../test/outbox.ts';
import { NO_BILLING, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { insertRule, messagesOf, recordsOf } from '../alarm/alarm-test-helpers.ts';
import { clientSocket, fakeHmi, tcpServer } from '../remote/remote-test-helpers.ts';
import { bind, deviceRow, RawEdgeNode, registerNode } from '../sparkplug/sparkplug-test-helpers.ts';
import {
  connectDevice,
  eventually,
  teamWithTemplate,
  type TestDevice,
} from '../ingest/live-data-test-helpers.ts';

/*
 * Three servers of one cluster (issue 27): one PostgreSQL schema, one Mosquitto of the suite's
 * own with a shared subscription splitting the devices' messages between them, and the bus on
 * Redis, then on NATS. What one server ingests, a socket on another sees; a command sent from one
 * is answered whichever server the broker hands the answer to; an alarm is raised once, by the
 * owner of the device's partition. The scale-out column runs on PostgreSQL only: these run in
 * the PostgreSQL pass of the tests (DATABASE_URL).
 */

const DATABASE_URL = process.env.DATABASE_URL;
const BUSES = [
  ['Redis', process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'],
  ['NATS', process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222'],
] as const;

describe.runIf(DATABASE_URL).each(BUSES)('three servers on a %s bus', (_name, busUrl) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let servers: [TestServer, TestServer, TestServer];
  let team: Awaited<ReturnType<typeof teamWithTemplate>>;
  const received = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];

  beforeAll(async () => {
    const broker = await startMosquitto();
    cleanups.push(broker.stop);
    const schema = `test_${randomBytes(6).toString('hex')}`;
    cleanups.push(async () => {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
      await pool.query(`drop schema if exists "${schema}" cascade`);
      await pool.end();
    });
    // Servers of one cluster share their secrets (a token signed by one is good on all).
    const secrets = {
      JWT_SECRET: randomBytes(24).toString('hex'),
      CARD_PEPPER: randomBytes(24).toString('hex'),
    };
    const env = (i: number) => ({
      ...secrets,
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `hmi-cluster-${i}-${randomBytes(3).toString('hex')}`,
      MQTT_SHARE_GROUP: 'cluster',
      BUS_URL: busUrl,
      BUS_PREFIX: `c${randomBytes(4).toString('hex')}`,
      DATABASE_SCHEMA: schema,
      INGEST_BATCH_MS: '10',
      LIVE_COALESCE_MS: '50',
      // No rollup flush during the suite: last values stay in the memory of the server that ingested them.
      INGEST_FLUSH_MS: '600000',
      ...NO_BILLING,
    });
    const prefix = `c${randomBytes(4).toString('hex')}`;
    // The first migrates the schema; the others join it.
    const a = await startTestServer({ ...env(0), BUS_PREFIX: prefix });
    cleanups.push(() => a.close());
    const rest = await Promise.all([1, 2].map((i) => startTestServer({ ...env(i), BUS_PREFIX: prefix })));
    rest.forEach((s) => cleanups.push(() => s.close()));
    servers = [a, rest[0]!, rest[1]!];
    // What each server's link receives, by device (to see the broker split them).
    for (const [i, s] of servers.entries()) {
      const off = s.app.services.deviceLink.onMessage((m) => {
        if (m.channel === 'data') received[i]!.set(m.sn, (received[i]!.get(m.sn) ?? 0) + 1);
      });
      cleanups.push(async () => off());
    }
    team = await teamWithTemplate(a);
    // Each server takes its share of the device partitions within a few beats.
    await eventually(
      async () => servers.map((s) => ownedCount(s)),
      (counts) => counts.every((n) => n > 0) && counts.reduce((x, y) => x + y, 0) === 64,
      'partitions shared',
      15_000,
    );
  }, 60_000);

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  /** A device bound through server A, connected to the broker the servers share, online and synced. */
  async function device(answer?: (cmd: DeviceCommand) => object): Promise<TestDevice> {
    const d = await connectDevice(servers[0], team.token, team.template.id);
    cleanups.push(() => d.client.endAsync(true));
    if (answer)
      d.client.on('message', (topic, payload) => {
        if (topic !== deviceTopic(d.sn, 'cmd')) return;
        const resp = answer(JSON.parse(payload.toString()) as DeviceCommand);
        void d.client.publishAsync(deviceTopic(d.sn, 'cmd/resp'), JSON.stringify(resp), { qos: 1 });
      });
    await d.goOnlineAndSync();
    return d;
  }

  it('a socket on one server sees every value, whichever server ingested it', async () => {
    const d = await device();
    const ws = new WebSocket(
      `${servers[1].url.replace('http', 'ws')}/v1/ws/device?token=${encodeURIComponent(team.token)}&page=0`,
    );
    cleanups.push(async () => ws.terminate());
    const messages: LiveServerMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveServerMessage));
    await eventually(async () => messages.some((m) => m.type === 'ready'), Boolean, 'ready');
    ws.send(JSON.stringify({ type: 'subscribe', device_ids: [d.id], page_size: 5 }));
    await eventually(async () => messages.some((m) => m.type === 'subscribed'), Boolean, 'subscribed');
    const base = Date.now();
    // Spaced beyond the coalescing window, so that each value is a message of its own.
    for (let i = 1; i <= 12; i++) {
      await d.client.publishAsync(
        deviceTopic(d.sn, 'data'),
        JSON.stringify({ ts: base + i, v: { [team.tags.speed]: i } }),
        { qos: 1 },
      );
      await new Promise((r) => setTimeout(r, 120));
    }
    const seen = () => messages.flatMap((m) => (m.type === 'data' ? m.items : [])).map((i) => i.value);
    await eventually(
      async () => seen(),
      (v) => v.includes(12),
      'the last value',
    );
    expect(seen()).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // The broker did split them between the servers (else this proves nothing of the bus).
    const ingested = received.map((r) => r.get(d.sn) ?? 0);
    expect(ingested.reduce((x, y) => x + y, 0)).toBe(12);
    expect(ingested.filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it('every server reads the newest value at once, whichever server ingested it and has not flushed it', async () => {
    const d = await device();
    const ts = Date.now();
    for (let i = 1; i <= 3; i++)
      await d.client.publishAsync(
        deviceTopic(d.sn, 'data'),
        JSON.stringify({ ts: ts + i, v: { [team.tags.temp]: 20 + i } }),
        { qos: 1 },
      );
    for (const s of servers)
      await eventually(
        () => s.app.services.historyStore.lastValues.ofTag(d.id, team.tags.temp),
        (v) => v?.num === 23,
        'the newest value on every server',
      );
  });

  it('a command sent from one server gets its answer, whichever server the broker hands it to', async () => {
    const d = await device((cmd) => ({ id: cmd.id, ok: true }));
    const replies = [];
    for (let i = 0; i < 6; i++) {
      const res = await servers[2].call<{ value: unknown }>('POST', '/device/settag', {
        token: team.token,
        body: { id: d.id, tag_id: team.tags.speed, value: 100 + i },
      });
      replies.push(res.body.code);
    }
    expect(replies).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('joins a tunnel whose device and browser reach two other servers than the one holding it', async () => {
    const echo = await tcpServer();
    cleanups.push(echo.close);
    const [a, b, c] = servers;
    // Opened through A (A holds the tunnel); the device is sent to C, the browser to B.
    const hmi = await fakeHmi(a, team.token, echo.port, { firmware: '3.0.0' }, (url) =>
      url.replace(a.url, c.url),
    );
    cleanups.push(hmi.end);
    const opened = await a.call<RemoteSession>('POST', '/remote/open', {
      token: team.token,
      body: { device_id: hmi.id },
    });
    expect(opened.body.code).toBe(0);
    const browser = await clientSocket(b, opened.body.data);
    const hello = Buffer.from('hello through three servers');
    browser.ws.send(hello);
    expect((await browser.until(hello.length)).equals(hello)).toBe(true);
    // A token presented twice (a replay through another server) is refused by the holder.
    const replay = await clientSocket(c, opened.body.data).catch(() => null);
    if (replay) expect((await replay.closed).code).toBe(TunnelCloseCode.BadToken);
    browser.ws.close();
  });

  it('raises an alarm once, by the owner of the device: one record, one message per user', async () => {
    const d = await device();
    await insertRule(servers[0], {
      teamId: team.main.profile.team_id,
      templateId: team.template.id,
      tagId: team.tags.speed,
      type: AlarmType.High,
      value: '80',
      level: 16,
      name: 'overspeed',
    });
    // Every engine reloads its rules from the bus event.
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all(servers.map((s) => s.app.services.alarmEngine.idle()));
    const owners = servers.filter((s) => ownsDevice(s, d.id));
    expect(owners).toHaveLength(1);
    const base = Date.now();
    for (let i = 0; i < 6; i++)
      await d.client.publishAsync(
        deviceTopic(d.sn, 'data'),
        JSON.stringify({ ts: base + i * 10, v: { [team.tags.speed]: 90 + i } }),
        { qos: 1 },
      );
    await eventually(
      () => recordsOf(servers[0], d.id),
      (r) => r.length > 0,
      'the alarm record',
    );
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(servers.map((s) => s.app.services.alarmEngine.idle()));
    expect(await recordsOf(servers[0], d.id)).toHaveLength(1);
    const messages = await messagesOf(servers[0], d.id);
    expect(messages.map((m) => m.user_id)).toEqual([team.main.profile.dbuser_id]);
    const mails = (await Promise.all(servers.map((s) => readMails(s.dataDir)))).flat();
    expect(mails.filter((m) => m.subject.includes('overspeed')).length).toBeLessThanOrEqual(1);
  });

  it('a Sparkplug edge node is handled by the owner of its partition alone; a write from any server reaches it', async () => {
    const node = await registerNode(servers[0]);
    const edge = await RawEdgeNode.connect(servers[0], node);
    cleanups.push(() => edge.client.endAsync(true));
    await edge.publish('NBIRTH', {
      timestamp: Date.now(),
      seq: 0,
      metrics: [{ name: 'bdSeq', datatype: DataType.UInt64, value: '0' }],
    });
    await edge.publish(
      'DBIRTH',
      {
        timestamp: Date.now(),
        seq: 1,
        metrics: [{ name: 'Flow', alias: '1', datatype: DataType.Double, value: 0 }],
      },
      'Pump',
    );
    const sn = `${node.sn}-Pump`;
    await eventually(
      () => deviceRow(servers[0], sn),
      (d) => d?.online === 1,
      'the device born',
    );
    await bind(servers[1], team.token, sn, node.secret);
    // Bound, the device first acknowledges the binding server's config without a template; then
    // the owner of the node's partition makes its template from the birth.
    await eventually(
      () => deviceRow(servers[2], sn),
      (d) => d?.template_id != null && d.sync_state === 1,
      'its template',
    );
    const N = 12;
    for (let i = 0; i < N; i++)
      await edge.publish(
        'DDATA',
        {
          timestamp: Date.now() + i,
          seq: 2 + i,
          metrics: [{ alias: '1', datatype: DataType.Double, value: i }],
        },
        'Pump',
      );
    // Every server hears every node (spBv1.0/# is not shared); one of them hands the data on.
    await eventually(
      async () => received.map((r) => r.get(sn) ?? 0),
      (counts) => counts.reduce((x, y) => x + y, 0) >= N,
      'the data handled',
    );
    await new Promise((r) => setTimeout(r, 300));
    const counts = received.map((r) => r.get(sn) ?? 0);
    expect(counts.filter((c) => c > 0)).toEqual([N]);
    expect(edge.rebirths()).toBe(0);
    const id = (await deviceRow(servers[0], sn))!.id;
    const tag = (
      await servers[0].app.db.selectFrom('template_tags').select('id').where('name', '=', 'Flow').execute()
    )
      .map((t) => t.id)
      .at(-1)!;
    const other = servers.findIndex((_, i) => counts[i] === 0);
    const write = await servers[other]!.call('POST', '/device/settag', {
      token: team.token,
      body: { id, tag_id: tag, value: 7.5 },
    });
    expect(write.body).toMatchObject({ code: 0 });
    await eventually(
      async () => edge.commands.filter((c) => c.topic.includes('/DCMD/')).length,
      (n) => n === 1,
      'the DCMD',
    );
  });
});

function ownedCount(s: TestServer): number {
  let n = 0;
  for (let id = 0; id < 64; id++) if (ownsDevice(s, id)) n++;
  return n;
}

/** Whether this server's alarm engine takes the device's values (the bus's ownership). */
function ownsDevice(s: TestServer, deviceId: number): boolean {
  return s.app.bus.ownership.owns(deviceId);
}
