import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followActivation, login, uniqueEmail } from '../../test/factories.ts';
import { activationLink, parseMail, readMails, readSms, type ReadMail } from '../../test/outbox.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const received: { from: string; to: string[]; mail: ReadMail }[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          mail: parseMail(Buffer.concat(chunks).toString('utf8')),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'Console <noreply@console.test>',
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP (SMTP_URL set)', () => {
  it('delivers the activation mail to a real SMTP server, not to the outbox', async () => {
    const email = uniqueEmail('smtp');
    const reg = await server.call('POST', '/global/register?type=1', {
      body: { username: email, passwd: 'abc12345', lang: 'zh-cn' },
    });
    expect(reg.body.code).toBe(0);
    expect(received).toHaveLength(1);
    const [first] = received;
    expect(first!.from).toBe('noreply@console.test');
    expect(first!.to).toEqual([email.toLowerCase()]);
    expect(first!.mail.subject).toBe('HMI 云平台：请激活您的账号');
    expect(await readMails(server.dataDir)).toEqual([]);

    const res = await followActivation(server, activationLink(first!.mail));
    expect(res.headers.get('location')).toBe('/#/activeresult?code=0');
    await login(server, email, 'abc12345');
  });

  it('text messages still go to the outbox file', async () => {
    await server.call('POST', '/global/phoneverify?phone=13700000001');
    const sms = await readSms(server.dataDir);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: '+8613700000001', template: 'verify_register' });
    expect(sms[0]!.text).toMatch(/【HMI 云平台】.*\d{6}/);
  });

  it('an SMS that cannot be written gives 1018', async () => {
    const broken = await startTestServer();
    try {
      // The outbox file is a directory: appending to it fails like a provider outage would.
      await mkdir(join(broken.dataDir, 'outbox', 'sms.jsonl'), { recursive: true });
      const res = await broken.call('POST', '/global/phoneverify?phone=13700000002');
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 502, code: 1018 });
    } finally {
      await broken.close();
    }
  });

  it('a failing SMTP server gives 1013', async () => {
    const broken = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const res = await broken.call('POST', '/global/register?type=1', {
        body: { username: uniqueEmail(), passwd: 'abc12345' },
      });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 502, code: 1013 });
    } finally {
      await broken.close();
    }
  });
});
