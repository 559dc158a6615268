import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { type TokenPair } from '@hmi/domain';
import { Aedes } from 'aedes';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followActivation, registerByEmail, uniqueEmail } from '../../test/factories.ts';
import { activationLink, parseMail, type ReadMail } from '../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { issueTestCard } from '../modules/billing/billing-test-helpers.ts';
import { registerDevice, uniqueDeviceName } from '../modules/device/device-test-factories.ts';
import { configuredSecrets, redactCredentials, scrubber } from './logging.ts';
import { startBanner } from './start-banner.ts';

/*
 * No secret reaches a log line (issue 23, item 13): a console with every secret setting set
 * (fake values: JWT_SECRET, CARD_PEPPER, MQTT_URL and SMTP_URL with user and password, and
 * DATABASE_URL with a password on PostgreSQL) logs at debug level while it starts and while a user
 * registers, signs in, refreshes, activates a card and binds a device with its PIN; neither the
 * start banner nor any log line may hold a configured secret or a secret of those requests.
 */
const fake = (name: string) => `${name}${randomBytes(12).toString('hex')}`;
const secrets = {
  jwt: fake('jwt-secret-fake-'),
  pepper: fake('card-pepper-fake-'),
  mqtt: fake('mqttPw'),
  smtp: fake('smtpPw'),
  db: fake('dbPw'),
};
const lines: string[] = [];
const mails: ReadMail[] = [];
let server: TestServer;
let smtp: SMTPServer;
let broker: Aedes;
let brokerServer: Server;

beforeAll(async () => {
  smtp = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, done) =>
      auth.password === secrets.smtp ? done(null, { user: auth.username }) : done(new Error('bad login')),
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) =>
      done(null, username === 'hmi-cloud' && password?.toString() === secrets.mqtt),
  });
  brokerServer = createServer(broker.handle);
  await new Promise<void>((resolve) => brokerServer.listen(0, '127.0.0.1', resolve));
  const port = (s: { address(): unknown }) => (s.address() as AddressInfo).port;
  const databaseUrl = process.env.DATABASE_URL;
  const withPassword = databaseUrl
    ? (() => {
        const u = new URL(databaseUrl);
        u.password = secrets.db;
        return u.toString();
      })()
    : undefined;
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer(
    {
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      JWT_SECRET: secrets.jwt,
      CARD_PEPPER: secrets.pepper,
      MQTT_URL: `mqtt://hmi-cloud:${secrets.mqtt}@127.0.0.1:${port(brokerServer)}`,
      MQTT_CLIENT_ID: fake('cloud-'),
      MQTT_SHARE_GROUP: fake('share-'),
      SMTP_URL: `smtp://mailer:${secrets.smtp}@127.0.0.1:${port(smtp.server)}`,
      ...(withPassword ? { DATABASE_URL: withPassword } : {}),
    },
    { logStream: stream },
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await new Promise<void>((resolve) => brokerServer.close(() => resolve()));
  await new Promise<void>((resolve) => broker.close(() => resolve()));
});

describe('secrets in the log', () => {
  it('the start banner and a debug request log hold no configured secret and no request secret', async () => {
    const banner = startBanner(server.app, server.config);
    server.app.log.info(banner.fields, 'console started');
    expect(banner.fields.mqtt).toMatch(/^mqtt:\/\/hmi-cloud:\*\*\*@127\.0\.0\.1:\d+ \(external broker\)$/);

    // Register (the activation link comes by SMTP), sign in, refresh, activate a card, bind.
    const email = uniqueEmail('logs');
    const { password } = await registerByEmail(server, { email });
    await expect.poll(() => mails.some((m) => m.to.includes(email)), { timeout: 10_000 }).toBe(true);
    const link = activationLink(mails.find((m) => m.to.includes(email))!);
    expect((await followActivation(server, link)).status).toBe(302);
    const login = await server.call<TokenPair>('POST', '/global/login?type=1', {
      body: { user: email, passwd: password },
    });
    expect(login.body.code).toBe(0);
    const refreshed = await server.call<TokenPair>('POST', '/refreshtoken?from=web', {
      token: login.body.data.refresh_token,
      body: {},
    });
    expect(refreshed.body.code).toBe(0);
    const token = refreshed.body.data.token;
    // A token in a query string (sockets do that) and a refused one.
    await server.call('GET', `/global/getUserInfo?token=${login.body.data.token}`);
    await server.call('GET', '/global/getUserInfo', { token: login.body.data.token.slice(0, -2) });
    const card = await issueTestCard(server, { type: 'ca' });
    const activation = await server.call('POST', '/billing/ca/activate', {
      token,
      body: { number: card.number.slice(-8), password: card.password },
    });
    expect(activation.body.code).toBe(0);
    const device = await registerDevice(server);
    const bind = await server.call('POST', '/device/bind', {
      token,
      body: { sn: device.sn, pin: device.secret, name: uniqueDeviceName() },
    });
    expect(bind.body.code).toBe(0);
    const wrongPin = await server.call('POST', '/device/bind', {
      token,
      body: { sn: device.sn, pin: `${device.secret}x`, name: uniqueDeviceName() },
    });
    expect(wrongPin.body.code).not.toBe(0);
    await new Promise((r) => setTimeout(r, 100));

    const log = [...lines, banner.lines.join('\n')].join('\n');
    // The log did record those requests (at debug, one line each).
    for (const path of [
      '/v1/global/login',
      '/v1/refreshtoken',
      '/v1/billing/ca/activate',
      '/v1/device/bind',
    ]) {
      expect(log).toContain(path);
    }
    expect(log).toContain('console started');
    const requestSecrets = {
      password,
      access: login.body.data.token,
      refresh: login.body.data.refresh_token,
      newAccess: token,
      newRefresh: refreshed.body.data.refresh_token,
      activation: new URL(link).searchParams.get('token')!,
      cardPassword: card.password,
      pin: device.secret,
    };
    const all = { ...secrets, ...requestSecrets };
    if (!process.env.DATABASE_URL) delete (all as Partial<typeof all>).db;
    for (const [name, value] of Object.entries(all)) {
      expect(log.includes(value), `${name} in the log`).toBe(false);
      expect(log.toLowerCase().includes(value.toLowerCase()), `${name} in the log (any case)`).toBe(false);
    }
  }, 60_000);
});

describe('redaction', () => {
  it('blanks URL credentials, configured secrets in any form, and keeps the rest', () => {
    expect(
      redactCredentials('mqtt://hmi-cloud:pa55@broker:1883 and redis://:tok3n@r:6379/0 nats://t0ken@n'),
    ).toBe('mqtt://hmi-cloud:***@broker:1883 and redis://:***@r:6379/0 nats://***@n');
    expect(redactCredentials('https://example.com/a@b and postgres://db/x')).toBe(
      'https://example.com/a@b and postgres://db/x',
    );
    const scrub = scrubber(['p"q\\secret', 'abcdefgh']);
    expect(scrub(JSON.stringify({ v: 'x p"q\\secret y', w: 'zabcdefghz', u: 'a%20abcdefgh' }))).toBe(
      JSON.stringify({ v: 'x *** y', w: 'z***z', u: 'a%20***' }),
    );
  });

  it('collects the keys and the URL passwords (or tokens) of the configuration', () => {
    const config = {
      ...server.config,
      busUrl: 'redis://:busTokenFake1@127.0.0.1:6379',
      mqttDynsec: { username: 'registry', password: 'dynsecPwFake1' },
    };
    const found = configuredSecrets(config);
    expect(found).toEqual(
      expect.arrayContaining([
        secrets.jwt,
        secrets.pepper,
        secrets.mqtt,
        secrets.smtp,
        'busTokenFake1',
        'dynsecPwFake1',
      ]),
    );
  });
});
