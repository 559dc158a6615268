import type { Locale } from '../constants/locale.constants.ts';
import mailEnUs from './mail.en-us.json' with { type: 'json' };
import mailZhCn from './mail.zh-cn.json' with { type: 'json' };
import mailZhTw from './mail.zh-tw.json' with { type: 'json' };

/** Why a verification code is sent. */
export type CodePurpose = 'register' | 'forget';

interface MailText {
  subject: string;
  text: string;
}

/**
 * Mails and text messages the server sends, with `{{name}}` placeholders (fillText). Level names
 * are not here: a mail names a level by `terms[locale].alarmLevel`, as the console does.
 */
export interface MailCatalogue {
  /** Placeholders: link, hours. */
  activation: MailText;
  /** Placeholders of text: code, minutes. */
  code: { subject: Readonly<Record<CodePurpose, string>>; text: string };
  /**
   * Placeholders of text: purpose (one of `purpose`), code, minutes; of invitation: inviter,
   * team, days.
   */
  sms: { text: string; purpose: Readonly<Record<CodePurpose, string>>; invitation: string };
  /** Placeholders: level, device, rule, tag, content, value, time, link, enabled. */
  alarm: MailText;
  /**
   * The digest of raises collected within a rule's notification interval. Placeholders: level,
   * device, rule, tag, count, minutes, time, value, interval, link, enabled, flapping (the
   * `flapping` text, or empty).
   */
  alarmDigest: MailText & { flapping: string };
  /** Placeholders: enabled, link. */
  test: MailText;
  /** A team invitation. Placeholders: inviter, team, role, link, days. */
  invitation: MailText;
  /** How a mail lists the levels a user receives by mail, and what it says for none. */
  levels: { separator: string; none: string };
}

export const mailTexts: Readonly<Record<Locale, MailCatalogue>> = {
  'zh-cn': mailZhCn,
  'en-us': mailEnUs,
  'zh-tw': mailZhTw,
};
