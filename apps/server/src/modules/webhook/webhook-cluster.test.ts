import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlarmType, deviceTopic, WebhookPaths, type WebhookCreated } from '@hmi/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto } from '../../../test/mosquitto.ts';
import { NO_BILLING, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { insertRule, recordsOf } from '../alarm/alarm-test-helpers.ts';
import { connectDevice, eventually, teamWithTemplate } from '../ingest/live-data-test-helpers.ts';

/*
 * Two servers of one cluster (PostgreSQL schema, Mosquitto sharing the devices' messages, the bus
 * on Redis), each running the webhook feed and sender: a device coming online and an alarm raised
 * on it reach the receiver once each, whichever server heard them and whichever sent them.
 * PostgreSQL pass only (DATABASE_URL).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const BUS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(DATABASE_URL)('webhooks on two servers', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  const received: { event: string; id: string }[] = [];
  let servers: [TestServer, TestServer];
  let receiverUrl = '';

  beforeAll(async () => {
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push({
          event: String(req.headers['x-hmi-event']),
          id: String(req.headers['x-hmi-event-id']),
        });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));
    const broker = await startMosquitto();
    cleanups.push(broker.stop);
    const schema = `test_${randomBytes(6).toString('hex')}`;
    cleanups.push(async () => {
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
      await pool.query(`drop schema if exists "${schema}" cascade`);
      await pool.end();
    });
    const shared = {
      JWT_SECRET: randomBytes(24).toString('hex'),
      CARD_PEPPER: randomBytes(24).toString('hex'),
      MQTT_URL: broker.url,
      MQTT_SHARE_GROUP: 'cluster',
      BUS_URL,
      BUS_PREFIX: `w${randomBytes(4).toString('hex')}`,
      DATABASE_SCHEMA: schema,
      INGEST_BATCH_MS: '10',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '100',
      ...NO_BILLING,
    };
    const clientId = (i: number) => `hmi-webhook-${i}-${randomBytes(3).toString('hex')}`;
    const a = await startTestServer({ ...shared, MQTT_CLIENT_ID: clientId(0) });
    cleanups.push(() => a.close());
    const b = await startTestServer({ ...shared, MQTT_CLIENT_ID: clientId(1) });
    cleanups.push(() => b.close());
    servers = [a, b];
    await eventually(
      async () =>
        servers.map((s) => [...Array(64).keys()].filter((id) => s.app.bus.ownership.owns(id)).length),
      (counts) => counts.every((n) => n > 0) && counts[0]! + counts[1]! === 64,
      'partitions shared',
      15_000,
    );
  }, 60_000);

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('sends a device coming online and an alarm raised on it once each', async () => {
    const [a, b] = servers;
    const team = await teamWithTemplate(a);
    const added = await b.call<WebhookCreated>('POST', WebhookPaths.add, {
      token: team.token,
      body: {
        name: 'Cluster',
        url: receiverUrl,
        format: 'json',
        events: ['alarm.raised', 'device.online'],
        enabled: true,
      },
    });
    expect(added.body.code).toBe(0);
    await insertRule(a, {
      teamId: team.main.profile.team_id,
      templateId: team.template.id,
      tagId: team.tags.speed,
      type: AlarmType.High,
      value: '80',
      level: 16,
      name: 'overspeed',
    });
    await new Promise((r) => setTimeout(r, 300)); // every engine reloads its rules from the bus
    const d = await connectDevice(a, team.token, team.template.id);
    cleanups.push(() => d.client.endAsync(true));
    // It says it is online (handled by whichever server the broker hands the message to).
    await d.client.publishAsync(deviceTopic(d.sn, 'state'), JSON.stringify({ online: true }), {
      qos: 1,
      retain: true,
    });
    const base = Date.now();
    for (let i = 0; i < 6; i++)
      await d.client.publishAsync(
        deviceTopic(d.sn, 'data'),
        JSON.stringify({ ts: base + i * 10, v: { [team.tags.speed]: 90 + i } }),
        { qos: 1 },
      );
    const [record] = await eventually(
      () => recordsOf(a, d.id),
      (r) => r.length > 0,
      'the alarm record',
    );
    const alarmId = `alarm.${record!.id}.raised`;
    await eventually(
      async () => received.map((r) => r.event),
      (events) => events.includes('alarm.raised') && events.includes('device.online'),
      'both deliveries',
      15_000,
    );
    // Time for a second server's copy, were there one.
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.filter((r) => r.id === alarmId)).toHaveLength(1);
    const online = received.filter((r) => r.event === 'device.online');
    expect(online).toHaveLength(1);
    expect(online[0]!.id).toMatch(new RegExp(`^device\\.online\\.${d.id}\\.\\d+$`));
    const rows = await a.app.db.selectFrom('webhook_deliveries').select(['event_id', 'state']).execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.state === 'delivered')).toBe(true);
  });
});
