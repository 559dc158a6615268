import { randomBytes } from 'node:crypto';
import type { ReadyReply } from '@hmi/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { ReadinessService } from './readiness.service.ts';

/*
 * Liveness (GET /v1/health, unchanged) and readiness (GET /v1/ready and /ready): 200 while the
 * database, the MQTT link and the bus answer; 503 naming the part that does not.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => server?.close());

async function ready(path = '/v1/ready') {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as { code: number; data: ReadyReply; msg: string } };
}

describe('readiness', () => {
  it('answers 200 with every part ok, under /v1 and at the root; /v1/health keeps its reply', async () => {
    const every = { status: 'ready', checks: { db: 'ok', mqtt: 'ok', bus: 'ok' } };
    for (const path of ['/v1/ready', '/ready']) {
      const r = await ready(path);
      expect(r.status, path).toBe(200);
      expect(r.body).toEqual({ code: 0, data: every, msg: 'success' });
    }
    const health = await server.call('GET', '/health');
    expect(health.body).toEqual({ code: 0, data: { status: 'ok', db: 'ok' }, msg: 'success' });
  });

  it('answers 503 (1007) naming the bus when it does not answer', async () => {
    vi.spyOn(server.app.bus, 'ping').mockRejectedValue(new Error('bus down'));
    const r = await ready();
    expect(r.status).toBe(503);
    expect(r.body.code).toBe(1007);
    expect(r.body.data).toEqual({ status: 'not_ready', checks: { db: 'ok', mqtt: 'ok', bus: 'down' } });
    expect(r.body.msg).toMatch(/not ready \(bus\)/);
  });

  it('answers 503 naming the MQTT link once the broker stopped listening', async () => {
    const link = server.app.services.deviceLink;
    expect(link.isReady()).toBe(true);
    vi.spyOn(link, 'isReady').mockReturnValue(false);
    const r = await ready('/ready');
    expect(r.status).toBe(503);
    expect(r.body.data.checks).toEqual({ db: 'ok', mqtt: 'down', bus: 'ok' });
  });

  it('answers 503 (1005) naming the database when it fails', async () => {
    vi.spyOn(server.app.services.health, 'pingDatabase').mockRejectedValue(new Error('connection refused'));
    const r = await ready();
    expect(r.status).toBe(503);
    expect(r.body.code).toBe(1005);
    expect(r.body.data.checks).toEqual({ db: 'down', mqtt: 'ok', bus: 'ok' });
  });

  it('counts a part that hangs as down after its timeout, and checks the parts at once', async () => {
    const service = new ReadinessService(
      { db: () => new Promise<void>(() => undefined), mqtt: () => true, bus: async () => undefined },
      50,
    );
    const started = Date.now();
    expect(await service.check()).toEqual({
      status: 'not_ready',
      checks: { db: 'down', mqtt: 'ok', bus: 'ok' },
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('readiness with BUS_URL', () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let clustered: TestServer;
  beforeAll(async () => {
    clustered = await startTestServer({ BUS_URL: url, BUS_PREFIX: `t${randomBytes(5).toString('hex')}` });
  });
  afterAll(async () => clustered?.close());

  it('is ready while the bus connection answers, and not once it is closed', async () => {
    const res = await fetch(`${clustered.url}/v1/ready`);
    expect(res.status).toBe(200);
    // The bus's connections end (as when Redis goes away for good): its ping fails at once.
    const transport = (clustered.app.bus as unknown as { transport: { close(): Promise<void> } }).transport;
    await transport.close();
    const down = await fetch(`${clustered.url}/v1/ready`);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { data: ReadyReply }).data.checks.bus).toBe('down');
  });
});
