import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_BILLING, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { startDeviceTestServer } from '../device/device-test-factories.ts';
import { connectDevice, eventually, teamWithTemplate } from '../ingest/live-data-test-helpers.ts';
import { isPrivateAddress, metricsGuard } from '../../plugins/metrics.ts';
import { getMetrics, parseExposition, scrape, valueOf } from './metrics-test-helpers.ts';

/*
 * GET /metrics (plugins/metrics.ts, compose/operations.ts): who may read it, that it is the
 * Prometheus text format, and that the values move with what devices send.
 */
const TOKEN = 'metrics-test-token-0123456789';
const external = Boolean(process.env.MQTT_URL);

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    server = await startDeviceTestServer({ METRICS_TOKEN: TOKEN, INGEST_BATCH_MS: '5', ...NO_BILLING });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await server?.close();
  });

  it('refuses a scrape without the token (1008) or with another one (1001), from loopback too', async () => {
    const none = await getMetrics(server);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await none.json()) as { code: number }).code).toBe(1008);
    const wrong = await getMetrics(server, `${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: number }).code).toBe(1001);
    const basic = await getMetrics(server, undefined, { authorization: `Basic ${TOKEN}` });
    expect(basic.status).toBe(401);
  });

  it('serves the Prometheus text format with the token: process metrics and every metric of docs/metrics.md', async () => {
    const samples = await scrape(server, TOKEN);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'hmi_ingest_points_total',
      'hmi_ingest_dropped_total',
      'hmi_history_commit_seconds_bucket',
      'hmi_history_commit_failures_total',
      'hmi_history_pending_points',
      'hmi_browser_sockets',
      'hmi_alarm_transitions_total',
      'hmi_mail_outbox_backlog',
      'hmi_remote_sessions_open',
      'hmi_remote_bytes_total',
      ...(external ? [] : ['hmi_devices_connected']),
    ])
      expect(names, name).toContain(name);
    // Every sample names its server (the history writer's name).
    expect(samples.every((s) => s.labels.server === server.config.ingest.writerName)).toBe(true);
    // No bus lag on the in-process bus.
    expect(names).not.toContain('hmi_bus_lag_seconds_bucket');
  });

  it('counts what a device sends: points accepted, drops by reason, commits, connected devices', async () => {
    const before = await scrape(server, TOKEN);
    const points0 = valueOf(before, 'hmi_ingest_points_total') ?? 0;
    const unknown0 = valueOf(before, 'hmi_ingest_dropped_total', { reason: 'unknown_tag' }) ?? 0;
    const commits0 = valueOf(before, 'hmi_history_commit_seconds_count') ?? 0;
    const connected0 = valueOf(before, 'hmi_devices_connected') ?? 0;

    const team = await teamWithTemplate(server);
    const d = await connectDevice(server, team.token, team.template.id);
    clients.push(d.client);
    const t0 = Date.now() - 10_000;
    await d.data({ ts: t0, v: { [team.tags.speed]: 1, [team.tags.temp]: 2.5 } });
    await d.data([
      { ts: t0 + 1_000, v: { [team.tags.speed]: 2 } },
      { ts: t0 + 2_000, v: { [team.tags.speed]: 3, 999_999: 7 } },
    ]);

    const after = await eventually(
      () => scrape(server, TOKEN),
      (s) => (valueOf(s, 'hmi_ingest_points_total') ?? 0) >= points0 + 4,
      'the ingest counter',
    );
    expect(valueOf(after, 'hmi_ingest_points_total')).toBe(points0 + 4);
    expect(valueOf(after, 'hmi_ingest_dropped_total', { reason: 'unknown_tag' })).toBe(unknown0 + 1);
    expect(valueOf(after, 'hmi_ingest_dropped_total', { reason: 'wrong_type' })).toBe(0);
    expect(valueOf(after, 'hmi_history_commit_seconds_count')).toBeGreaterThan(commits0);
    expect(valueOf(after, 'hmi_history_pending_points')).toBe(0);
    if (!external) expect(valueOf(after, 'hmi_devices_connected')).toBe(connected0 + 1);

    await d.client.endAsync(true);
    if (!external)
      await eventually(
        () => scrape(server, TOKEN),
        (s) => valueOf(s, 'hmi_devices_connected') === connected0,
        'the device gone from the gauge',
      );
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('serves a loopback scrape and hides itself (404 of an unknown route) from public and proxied requests', async () => {
    expect((await getMetrics(server)).status).toBe(200);
    const proxied = await getMetrics(server, undefined, { 'x-forwarded-for': '127.0.0.1' });
    expect(proxied.status).toBe(404);
    expect(((await proxied.json()) as { code: number }).code).toBe(1003);
    const fromPublic = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
    });
    expect(fromPublic.statusCode).toBe(404);
    const fromPrivate = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
    });
    expect(fromPrivate.statusCode).toBe(200);
    expect(parseExposition(fromPrivate.body).length).toBeGreaterThan(10);
  });
});

describe('who may read /metrics', () => {
  it('private addresses: loopback, RFC 1918, unique and link local IPv6, IPv4-mapped', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '::1',
      'fd12::1',
      'fe80::1%eth0',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '203.0.113.7', '2001:db8::1', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('behind a trusted proxy the forwarded address decides; with a token, only the token does', () => {
    const req = (ip: string, headers: Record<string, string> = {}) =>
      ({ ip, headers }) as unknown as Parameters<ReturnType<typeof metricsGuard>>[0];
    const trusted = metricsGuard({ metricsToken: undefined, trustProxy: true });
    expect(trusted(req('10.0.0.2', { 'x-forwarded-for': '10.0.0.2' }))).toBe('allowed');
    expect(trusted(req('198.51.100.1', { 'x-forwarded-for': '198.51.100.1' }))).toBe('hidden');
    const withToken = metricsGuard({ metricsToken: TOKEN, trustProxy: false });
    expect(withToken(req('198.51.100.1', { authorization: `Bearer ${TOKEN}` }))).toBe('allowed');
    expect(withToken(req('127.0.0.1', {}))).toBe('missing');
    expect(withToken(req('127.0.0.1', { authorization: 'Bearer short' }))).toBe('wrong');
  });
});
