import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { mailLinks } from '../plugins/mail.ts';
import { mailDestination, startBanner } from './start-banner.ts';

/*
 * What `npm start` prints: one line per request at a level by outcome (successes only at debug),
 * tokens redacted, outbox mails with their links in plain form, and the start banner.
 */
const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function appLogging(level: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'hmi-log-'));
  dirs.push(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    MQTT_PORT: '0',
    WEB_DIST: join(dataDir, 'none'),
    LOG_LEVEL: level,
  });
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n'))
        if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const app = await buildApp(config, { logger: { level, stream } });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, config, lines, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

const requestLines = (lines: Record<string, unknown>[]) => lines.filter((l) => 'status' in l && 'ms' in l);

describe('request logging', () => {
  it('logs nothing for successful requests at info, one line for a refusal, with tokens redacted', async () => {
    const { lines, url } = await appLogging('info');
    await fetch(`${url}/v1/health`);
    await fetch(`${url}/v1/global/getUserInfo?token=secret-token`);
    await new Promise((r) => setTimeout(r, 50));
    const logged = requestLines(lines);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, method: 'GET', status: 401 });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
    // Fastify's own two lines a request are off.
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('logs every request at debug, one line each', async () => {
    const { lines, url } = await appLogging('debug');
    await fetch(`${url}/v1/health`);
    await fetch(`${url}/v1/health`);
    await new Promise((r) => setTimeout(r, 50));
    const logged = requestLines(lines).filter((l) => l.url === '/v1/health');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: 20, status: 200, msg: 'GET /v1/health 200' });
  });

  it('prints where to open the console, where devices connect, and where mail goes', async () => {
    const { app, config } = await appLogging('warn');
    const banner = startBanner(app, config);
    const port = (app.server.address() as { port: number }).port;
    expect(banner.lines.join('\n')).toContain(`open        http://localhost:${port}`);
    expect(banner.fields.mqtt).toMatch(/^mqtt:\/\/localhost:\d+ \(embedded broker/);
    expect(banner.fields.mail).toContain(join(config.dataDir, 'outbox'));
    expect(port).toBeGreaterThan(0);
  });
});

describe('where mail goes', () => {
  it('names the outbox directory, or the SMTP host without its credentials', () => {
    const outbox = mailDestination({ dataDir: '/srv/hmi', smtpUrl: undefined });
    expect(outbox.startsWith(`${join('/srv/hmi', 'outbox')} (mail and SMS are written here`)).toBe(true);
    const smtp = mailDestination({
      dataDir: '/srv/hmi',
      smtpUrl: 'smtps://mailer:s3cret@mail.example.com:465',
    });
    expect(smtp).toBe('SMTP mail.example.com:465');
    expect(smtp).not.toContain('s3cret');
    expect(smtp).not.toContain('mailer');
  });

  it.each(['warn', 'error'])(
    'prints an outbox mail with its links in plain form at LOG_LEVEL=%s (npm run demo runs at warn)',
    async (level) => {
      const { app, lines, url } = await appLogging(level);
      const link = 'http://localhost:8080/v1/global/activate?token=' + 'a'.repeat(90);
      await app.mailer.sendMail({ to: 'new@example.com', subject: 'Activate', text: `Open ${link} now.` });
      const mail = lines.find(
        (l) => typeof l.msg === 'string' && l.msg.startsWith('mail to new@example.com'),
      );
      expect(mail).toMatchObject({ level: 30, links: [link] });
      expect(mail!.msg).toContain(link);
      await app.mailer.sendSms({
        to: '8613800000000',
        template: 'code',
        params: { code: '1234' },
        text: '1234',
      });
      expect(lines.some((l) => l.msg === 'sms written to outbox')).toBe(true);
      // Other info lines stay quiet at this level.
      await fetch(`${url}/v1/global/getUserInfo`);
      await new Promise((r) => setTimeout(r, 50));
      expect(requestLines(lines)).toEqual([]);
    },
  );

  it('prints nothing at LOG_LEVEL=silent', async () => {
    const { app, lines } = await appLogging('silent');
    await app.mailer.sendMail({ to: 'x@example.com', subject: 'S', text: 'http://localhost/x' });
    expect(lines).toEqual([]);
  });
});

describe('outbox mail links', () => {
  it('finds each link of a mail once, whole', () => {
    const text =
      'Open http://localhost:8080/v1/global/activate?token=abc_DEF-123&x=1 to activate.\nOr https://h.example/a.\n(http://localhost:8080/v1/global/activate?token=abc_DEF-123&x=1)';
    expect(mailLinks(text)).toEqual([
      'http://localhost:8080/v1/global/activate?token=abc_DEF-123&x=1',
      'https://h.example/a',
    ]);
  });
});
