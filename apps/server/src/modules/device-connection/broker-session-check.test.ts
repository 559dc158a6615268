import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { BrokerSessionCheck } from './broker-session-check.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

function recorder() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: object, msg?: string) => lines.push({ level, msg: msg ?? '' });
  const log = { warn: at('warn'), info: at('info'), error: at('error') } as unknown as FastifyBaseLogger;
  return { lines, log };
}

const settled = () => new Promise((r) => setTimeout(r, 100));

describe('the broker session check', () => {
  it('warns when a reconnection finds no session, and says nothing when the session is there', async () => {
    const { lines, log } = recorder();
    const check = new BrokerSessionCheck(server.app.db, 'srv-a', log);
    check.onSession({ present: true, reconnect: true });
    check.onSession({ present: true, reconnect: false });
    await settled();
    expect(lines).toEqual([]);
    check.onSession({ present: false, reconnect: true });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('warn');
    expect(lines[0]!.msg).toMatch(/lost it while the server was disconnected/);
  });

  it('warns at start when this server ran before and the broker lost its session; a first start is only noted', async () => {
    await server.app.db
      .insertInto('history_writers')
      .values({ name: 'srv-ran-before', watermark: 0, flushed_at: Date.now() - 60_000 })
      .execute();
    const before = recorder();
    new BrokerSessionCheck(server.app.db, 'srv-ran-before', before.log).onSession({
      present: false,
      reconnect: false,
    });
    const fresh = recorder();
    new BrokerSessionCheck(server.app.db, 'srv-new', fresh.log).onSession({
      present: false,
      reconnect: false,
    });
    await settled();
    expect(before.lines.map((l) => l.level)).toEqual(['warn']);
    expect(before.lines[0]!.msg).toMatch(/lost it while the server was stopped.*persistence true/);
    expect(fresh.lines.map((l) => l.level)).toEqual(['info']);
  });
});
