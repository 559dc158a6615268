import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  WebhookPaths,
  type AlarmRecord,
  type RemoteSession,
  type WebhookCreated,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookListReply,
} from '@hmi/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { WebhookSender, webhookSendDefaults } from './webhook-sender.ts';
import { WebhookRepo } from './webhook.repo.ts';
import { buildDevice, startDeviceTestServer } from '../device/device-test-factories.ts';
import { KeyVault } from '../../lib/key-vault.ts';
import { createActiveUserDirect } from '../messages/message-test-helpers.ts';
import { fakeHmi, tcpServer, withTraffic } from '../remote/remote-test-helpers.ts';

/*
 * Webhooks through HTTP against a loopback receiver (WEBHOOK_ALLOW_PRIVATE=true, as on premises):
 * signatures, retries after a 500 and a timeout, one effect per event id, events from the bus and
 * the device connection, a failing endpoint paused and its owner told; and a server without the
 * setting refusing loopback, private and metadata targets, by address and by name.
 */

type Behaviour = 'ok' | 'error' | 'hang';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver that verifies like docs/api.md says and answers what the test queues (then 'ok'). */
async function startReceiver() {
  const received: Received[] = [];
  const effects = new Map<string, number>();
  const queue: Behaviour[] = [];
  let fallback: Behaviour = 'ok';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body });
      const behaviour = queue.shift() ?? fallback;
      if (behaviour === 'hang') return; // the sender's timeout ends it
      if (behaviour === 'error') {
        res.writeHead(500).end('receiver broke');
        return;
      }
      // The effect happens once per event id, however often the event comes.
      const id = String(req.headers['x-hmi-event-id']);
      effects.set(id, (effects.get(id) ?? 0) + (effects.has(id) ? 0 : 1));
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok ${id}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    effects,
    queue,
    fail: (always: boolean) => (fallback = always ? 'error' : 'ok'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** docs/api.md's recipe: the signature of `t.body` under the secret, and a timestamp within 5 minutes. */
function verify(secret: string, r: Received, nowMs = Date.now()): boolean {
  const header = String(r.headers['x-hmi-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${r.body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const endpointBody = (url: string, events: string[] = ['alarm.raised']) => ({
  name: 'Line 1',
  url,
  format: 'json',
  events,
  enabled: true,
});

describe('webhooks', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let user: Awaited<ReturnType<typeof createActiveUserDirect>>;

  beforeAll(async () => {
    server = await startDeviceTestServer({
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_TIMEOUT_MS: '500',
    });
    receiver = await startReceiver();
    user = await createActiveUserDirect(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const add = async (body: object) => {
    const res = await server.call<WebhookCreated>('POST', WebhookPaths.add, { token: user.token, body });
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const test = async (id: number) => {
    const res = await server.call<WebhookDelivery>('POST', WebhookPaths.test, {
      token: user.token,
      body: { id },
    });
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const log = async (endpointId: number) => {
    const res = await server.call<WebhookDeliveriesPage>(
      'GET',
      `${WebhookPaths.deliveries}?endpoint_id=${endpointId}`,
      { token: user.token },
    );
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const settled = (endpointId: number, eventId: string) =>
    vi.waitFor(
      async () => {
        const d = (await log(endpointId)).list.find((x) => x.event_id === eventId);
        // Not yet queued (the event is heard after its cause) is not settled either.
        expect(d).toBeDefined();
        expect(d!.state).not.toBe('pending');
        return d!;
      },
      { timeout: 10_000, interval: 50 },
    );

  it('creates an endpoint with a secret shown once, and a test delivery the receiver verifies', async () => {
    const { endpoint, secret } = await add(endpointBody(receiver.url));
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint.secret_hint).toBe(secret.slice(-4));
    const list = await server.call<WebhookListReply>('GET', WebhookPaths.list, { token: user.token });
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const queued = await test(endpoint.id);
    const done = await settled(endpoint.id, queued.event_id);
    expect(done).toMatchObject({
      state: 'delivered',
      status: 200,
      attempts: 1,
      excerpt: `ok ${queued.event_id}`,
    });
    expect(done.latency_ms).toBeGreaterThanOrEqual(0);
    const got = receiver.received.filter((r) => r.headers['x-hmi-event-id'] === queued.event_id);
    expect(got).toHaveLength(1);
    expect(verify(secret, got[0]!)).toBe(true);
    expect(verify('whsec_other', got[0]!)).toBe(false);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ id: queued.event_id, type: 'webhook.test' });
  });

  it('retries after a 500 and after a timeout, with the same event id, and the effect happens once', async () => {
    const { endpoint, secret } = await add(endpointBody(receiver.url));
    receiver.queue.push('error', 'hang');
    const queued = await test(endpoint.id);
    const done = await settled(endpoint.id, queued.event_id);
    expect(done).toMatchObject({ state: 'delivered', attempts: 3, status: 200 });
    const got = receiver.received.filter((r) => r.headers['x-hmi-event-id'] === queued.event_id);
    expect(got).toHaveLength(3);
    expect(got.every((r) => verify(secret, r))).toBe(true);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    expect(receiver.effects.get(queued.event_id)).toBe(1);
  });

  it('enqueues an event once per endpoint however often it is heard (alarm.event from the bus)', async () => {
    const { endpoint, secret } = await add(endpointBody(receiver.url, ['alarm.raised', 'alarm.recovered']));
    const record = {
      id: 987_654,
      device_id: 1,
      device_name: 'Press 4',
      rule_name: 'Oil temperature',
      content: 'Oil too hot',
      raised_at: Date.now(),
      acked_at: null,
      recovered_at: null,
    } as unknown as AlarmRecord;
    const event = { teamId: user.teamId, deviceId: 1, event: 'raised' as const, record, userIds: [] };
    server.app.bus.publish('alarm.event', event);
    server.app.bus.publish('alarm.event', event);
    server.app.bus.publish('alarm.event', { ...event, event: 'acked' }); // not subscribed
    const done = await settled(endpoint.id, 'alarm.987654.raised');
    expect(done.state).toBe('delivered');
    await server.app.services.webhookSender.wake();
    const page = await log(endpoint.id);
    expect(page.list.map((d) => d.event_id)).toEqual(['alarm.987654.raised']);
    // The endpoints of the earlier tests take alarm.raised too: one request each, this one's signed with its secret.
    const all = receiver.received.filter((r) => r.headers['x-hmi-event-id'] === 'alarm.987654.raised');
    const got = all.filter((r) => verify(secret, r));
    expect(all).toHaveLength(3);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({
      type: 'alarm.raised',
      data: { record_id: 987_654, device_name: 'Press 4', rule_name: 'Oil temperature' },
    });
  });

  it('sends a device going online, in the Slack format', async () => {
    const { endpoint } = await add({ ...endpointBody(receiver.url, ['device.online']), format: 'slack' });
    const device = await buildDevice(server, user.token);
    const at = Date.now();
    await server.app.services.deviceConnections.record(device.id, 0, 1, 'state', at);
    const done = await settled(endpoint.id, `device.online.${device.id}.${at}`);
    expect(done.state).toBe('delivered');
    const got = receiver.received.find((r) => r.headers['x-hmi-event-id'] === done.event_id);
    expect(JSON.parse(got!.body)).toEqual({ text: expect.stringContaining('Device online') });
  });

  it('sends a device going online and offline over MQTT, and a remote session starting and ending', async () => {
    const { endpoint } = await add(
      endpointBody(receiver.url, ['device.online', 'device.offline', 'remote.start', 'remote.end']),
    );
    const echo = await tcpServer();
    const h = await fakeHmi(server, user.token, echo.port);
    try {
      await withTraffic(server, user.token, h.id);
      const opened = await server.call<RemoteSession>('POST', '/remote/open', {
        token: user.token,
        body: { device_id: h.id },
      });
      expect(opened.body.code).toBe(0);
      const id = opened.body.data.session_id;
      await server.call('POST', '/remote/close', { token: user.token, body: { session_id: id } });
      expect(await settled(endpoint.id, `remote.${id}.start`)).toMatchObject({ state: 'delivered' });
      expect(await settled(endpoint.id, `remote.${id}.end`)).toMatchObject({ state: 'delivered' });
    } finally {
      await h.end();
      await echo.close();
    }
    await vi.waitFor(
      async () => {
        const events = (await log(endpoint.id)).list
          .filter((d) => d.state === 'delivered')
          .map((d) => d.event);
        expect(events).toEqual(expect.arrayContaining(['device.online', 'device.offline']));
      },
      { timeout: 15_000, interval: 100 },
    );
    const end = receiver.received.find((r) => r.headers['x-hmi-event'] === 'remote.end');
    expect(JSON.parse(end!.body)).toMatchObject({ data: { device_id: h.id, reason: 'closed' } });
  });

  it('pauses an endpoint after 10 failures in a row and tells its owner in the message centre', async () => {
    const { endpoint } = await add(endpointBody(`http://127.0.0.1:${receiver.port}/broken`));
    receiver.fail(true);
    try {
      for (let i = 0; i < 10; i++) await test(endpoint.id);
      await vi.waitFor(
        async () => {
          const list = await server.call<WebhookListReply>('GET', WebhookPaths.list, { token: user.token });
          const e = list.body.data.list.find((x) => x.id === endpoint.id);
          expect(e?.paused_at).not.toBeNull();
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      receiver.fail(false);
    }
    const notices = await server.app.db
      .selectFrom('messages')
      .select(['title', 'body'])
      .where('user_id', '=', user.userId)
      .where('kind', '=', 'notice')
      .execute();
    expect(notices.some((m) => m.title === 'Webhook paused' && m.body.includes('Line 1'))).toBe(true);
    // A paused endpoint takes no events; saving it enabled resumes it.
    const res = await server.call('POST', WebhookPaths.edit, {
      token: user.token,
      body: { id: endpoint.id, ...endpointBody(receiver.url) },
    });
    expect(res.body).toMatchObject({ code: 0, data: { paused_at: null, consecutive_failures: 0 } });
  });

  it('counts the outbox backlog for the metrics (every server’s, from the database)', async () => {
    const res = await fetch(`${server.url}/metrics`);
    const text = await res.text();
    expect(text).toMatch(/^hmi_webhook_outbox_backlog\{[^}]*state="pending"[^}]*\} \d+$/m);
    expect(text).toMatch(/^hmi_webhook_outbox_backlog\{[^}]*state="claimed"[^}]*\} \d+$/m);
  });

  it('answers 1003 for another team’s endpoint', async () => {
    const { endpoint } = await add(endpointBody(receiver.url));
    const other = await createActiveUserDirect(server);
    for (const [method, path, body] of [
      ['POST', WebhookPaths.test, { id: endpoint.id }],
      ['POST', WebhookPaths.delete, { id: endpoint.id }],
      ['POST', WebhookPaths.edit, { id: endpoint.id, ...endpointBody(receiver.url) }],
      ['GET', `${WebhookPaths.deliveries}?endpoint_id=${endpoint.id}`, undefined],
    ] as const) {
      const res = await server.call(method, path, { token: other.token, body });
      expect(res.body.code, path).toBe(1003);
    }
  });
});

describe('webhooks without WEBHOOK_ALLOW_PRIVATE', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let user: Awaited<ReturnType<typeof createActiveUserDirect>>;

  beforeAll(async () => {
    server = await startTestServer({ WEBHOOK_RETRY_BASE_MS: '100' });
    receiver = await startReceiver();
    user = await createActiveUserDirect(server);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it.each([
    'http://127.0.0.1:9/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest',
    'http://[::1]/x',
  ])('refuses the address %s when it is saved (1006)', async (url) => {
    const res = await server.call('POST', WebhookPaths.add, { token: user.token, body: endpointBody(url) });
    expect(res.body).toMatchObject({ code: 1006, data: { field: 'url', reason: 'address' } });
  });

  it('refuses a name that resolves to loopback at delivery, and connects nowhere', async () => {
    const res = await server.call<WebhookCreated>('POST', WebhookPaths.add, {
      token: user.token,
      body: endpointBody(`http://localhost:${receiver.port}/hook`),
    });
    expect(res.body.code).toBe(0);
    const id = res.body.data.endpoint.id;
    const queued = await server.call<WebhookDelivery>('POST', WebhookPaths.test, {
      token: user.token,
      body: { id },
    });
    await vi.waitFor(
      async () => {
        const page = await server.call<WebhookDeliveriesPage>(
          'GET',
          `${WebhookPaths.deliveries}?endpoint_id=${id}`,
          {
            token: user.token,
          },
        );
        const d = page.body.data.list.find((x) => x.event_id === queued.body.data.event_id);
        expect(d?.attempts).toBeGreaterThanOrEqual(1);
        expect(d?.status).toBeNull();
        expect(d?.error).toMatch(/^refused: localhost: private address not allowed/);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(receiver.received).toHaveLength(0);
  });

  it('gives up a delivery whose claimers kept dying mid-attempt, without sending it again', async () => {
    await server.app.services.webhookSender.stop(); // only this test's claims
    // No other delivery in this server's outbox (the earlier test's retries go with their endpoint).
    const before = await server.call<WebhookListReply>('GET', WebhookPaths.list, { token: user.token });
    for (const e of before.body.data.list)
      await server.call('POST', WebhookPaths.delete, { token: user.token, body: { id: e.id } });
    const res = await server.call<WebhookCreated>('POST', WebhookPaths.add, {
      token: user.token,
      body: endpointBody(`http://localhost:${receiver.port}/hook`),
    });
    const id = res.body.data.endpoint.id;
    const queued = await server.call<WebhookDelivery>('POST', WebhookPaths.test, {
      token: user.token,
      body: { id },
    });
    const repo = new WebhookRepo(server.app.db);
    const maxAttempts = 2;
    // Two claims whose lease ran out at once: their claimers died before recording anything.
    for (let i = 0; i < maxAttempts; i++) expect(await repo.claim(`dead-${i}`, 10, 0)).toHaveLength(1);
    const [last] = await repo.claim('alive', 10, 60_000);
    expect(last!.row.attempts).toBe(maxAttempts + 1);
    const sender = new WebhookSender(
      {
        repo,
        vault: new KeyVault(server.config.jwtSecret, 'webhook-secret-vault'),
        resolve: () => Promise.reject(new Error('not asked')),
        paused: async () => undefined,
        claimer: 'alive',
        log: server.app.log,
      },
      { ...webhookSendDefaults, maxAttempts },
    );
    await sender.deliver(last!);
    const page = await server.call<WebhookDeliveriesPage>(
      'GET',
      `${WebhookPaths.deliveries}?endpoint_id=${id}`,
      {
        token: user.token,
      },
    );
    const d = page.body.data.list.find((x) => x.event_id === queued.body.data.event_id);
    expect(d).toMatchObject({ state: 'failed', attempts: maxAttempts, status: null });
    expect(d?.error).toMatch(/^gave up: claimed 2 times/);
  });
});
