import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { randomToken } from '../lib/crypto.ts';
import { operatorLog } from '../lib/logging.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /**
   * The Message-ID header, `<id@host>`, when the sender must be able to send the same mail again
   * recognisably (the alarm mail outbox resends after a crash mid-send); else the transport makes one.
   */
  messageId?: string;
}

export interface OutgoingSms {
  /** E.164-like: area code + number. */
  to: string;
  template: string;
  params: Record<string, string>;
  text: string;
}

/** Sends mails and text messages; failures reject (callers map them to 1013 / 1018). */
export interface Mailer {
  sendMail(mail: OutgoingMail): Promise<void>;
  sendSms(sms: OutgoingSms): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * With SMTP_URL mails go out over SMTP; without it each mail is written as an .eml file in
 * DATA_DIR/outbox/ so a newcomer can register with no mail server. Text messages always go to
 * DATA_DIR/outbox/sms.jsonl (an SMS provider adapter plugs in here later). Both are logged.
 */
export const mailPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const outbox = join(config.dataDir, 'outbox');
    await mkdir(outbox, { recursive: true });
    const smtp = config.smtpUrl !== undefined;
    const transport = smtp
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

    // Outbox lines are for the operator: written whatever LOG_LEVEL says (lib/logging.ts).
    const outboxLog = smtp ? app.log : operatorLog(app);
    const mailer: Mailer = {
      async sendMail(mail) {
        const info = await transport.sendMail({
          from: config.smtpFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          textEncoding: 'quoted-printable',
          ...(mail.messageId ? { messageId: mail.messageId } : {}),
        });
        if (smtp) {
          app.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
          return;
        }
        const file = join(outbox, `${Date.now()}-${randomToken(6)}.eml`);
        await writeFile(file, info.message as Buffer);
        // The .eml is quoted-printable (a long link breaks across lines when read with `cat`):
        // its links go to the log as they are, so a newcomer can open them (outbox mode only).
        const links = mailLinks(mail.text);
        outboxLog.info(
          { to: mail.to, subject: mail.subject, file, links },
          links.length > 0
            ? `mail to ${mail.to} written to outbox; its links: ${links.join(' ')}`
            : `mail to ${mail.to} written to outbox`,
        );
      },
      async sendSms(sms) {
        const file = join(outbox, 'sms.jsonl');
        await appendFile(file, JSON.stringify({ ts: Date.now(), ...sms }) + '\n');
        outboxLog.info({ to: sms.to, template: sms.template, file }, 'sms written to outbox');
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mail' },
);

/** The http(s) links of a mail's text, in order, each once (without the punctuation after one). */
export function mailLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((l) => l.replace(/[.,;:!?)\]]+$/, '')))];
}
