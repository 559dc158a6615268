import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReadMail {
  to: string;
  subject: string;
  /** The decoded message (quoted-printable undone, UTF-8). */
  text: string;
  /** The Message-ID header, with its angle brackets. */
  messageId: string;
}

/** Decodes a quoted-printable message (what nodemailer writes) to text. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words of a header (=?UTF-8?B?...?= / =?UTF-8?Q?...?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

export function parseMail(raw: string): ReadMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    decodeHeader(new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '');
  return {
    to: header('To'),
    subject: header('Subject'),
    text: decodeQuotedPrintable(rest.join('\n\n')),
    messageId: header('Message-ID'),
  };
}

/** Every mail written to DATA_DIR/outbox, oldest first. */
export async function readMails(dataDir: string): Promise<ReadMail[]> {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseMail(await readFile(join(dir, f), 'utf8'))));
}

/** The newest mail to an address; throws when there is none. */
export async function lastMailTo(dataDir: string, to: string): Promise<ReadMail> {
  const mail = (await readMails(dataDir)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}

export function activationLink(mail: ReadMail): string {
  const link = /https?:\/\/\S+\/v1\/global\/activate\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no activation link in: ${mail.text}`);
  return link;
}

export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${text}`);
  return code;
}

export interface ReadSms {
  ts: number;
  to: string;
  template: string;
  text: string;
}

/** Every SMS of DATA_DIR/outbox/sms.jsonl, oldest first. */
export async function readSms(dataDir: string): Promise<ReadSms[]> {
  const file = join(dataDir, 'outbox', 'sms.jsonl');
  if (!existsSync(file)) return [];
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReadSms);
}

/** The code of the newest SMS to a number (area code + number, e.g. +8613800000000). */
export async function lastSmsCode(dataDir: string, to: string): Promise<string> {
  const sms = (await readSms(dataDir)).filter((s) => s.to === to).at(-1);
  if (!sms) throw new Error(`no SMS to ${to} in the outbox`);
  return codeIn(sms.text);
}
