import { AlarmLevel, fillText, mailTexts, resolveLocale, termName, terms, type Locale } from '@hmi/domain';

/** What an alarm mail says: the record as raised, and where to look at it. */
export interface AlarmMailFacts {
  level: number;
  device: string;
  rule: string;
  tag: string;
  /** The rendered content of the rule. */
  content: string;
  value: string;
  /** Raise time, ms since the epoch (written in UTC: users have no time zone setting). */
  raisedAt: number;
  /** The console's alarm message page. */
  link: string;
}

const levelsDesc = Object.values(AlarmLevel).sort((a, b) => b - a);

/** "2026-11-21 08:30:05 UTC". */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The level names of a mask, most severe first ("none" for 0), as the console names them. */
function namesOfMask(locale: Locale, mask: number): string {
  const { separator, none } = mailTexts[locale].levels;
  const names = levelsDesc.filter((l) => (mask & l) !== 0).map((l) => terms[locale].alarmLevel[l]);
  return names.length > 0 ? names.join(separator) : none;
}

/** The mail of one raised alarm, in the user's language (unknown languages fall back to zh-cn). */
export function alarmMail(lang: string | null | undefined, facts: AlarmMailFacts, mailLevels: number) {
  const locale = resolveLocale(lang);
  const t = mailTexts[locale].alarm;
  const params = {
    level: termName(terms[locale], 'alarmLevel', facts.level),
    device: facts.device,
    rule: facts.rule,
    tag: facts.tag,
    content: facts.content,
    value: facts.value,
    time: utc(facts.raisedAt),
    link: facts.link,
    enabled: namesOfMask(locale, mailLevels),
  };
  return { subject: fillText(t.subject, params), text: fillText(t.text, params) };
}

/** The digest mail of raises collected within a rule's notification interval (issue 24). */
export function alarmDigestMail(
  lang: string | null | undefined,
  facts: AlarmMailFacts & { count: number; minutes: number; interval: number; flapping: boolean },
  mailLevels: number,
) {
  const locale = resolveLocale(lang);
  const t = mailTexts[locale].alarmDigest;
  const params = {
    level: termName(terms[locale], 'alarmLevel', facts.level),
    device: facts.device,
    rule: facts.rule,
    tag: facts.tag,
    value: facts.value,
    time: utc(facts.raisedAt),
    link: facts.link,
    enabled: namesOfMask(locale, mailLevels),
    count: String(facts.count),
    minutes: String(facts.minutes),
    interval: String(facts.interval),
    flapping: facts.flapping ? t.flapping : '',
  };
  return { subject: fillText(t.subject, params), text: fillText(t.text, params) };
}

/** The "send test" mail of the notification settings. */
export function testMail(lang: string | null | undefined, mailLevels: number, link: string) {
  const locale = resolveLocale(lang);
  const t = mailTexts[locale].test;
  const params = { enabled: namesOfMask(locale, mailLevels), link };
  return { subject: fillText(t.subject, params), text: fillText(t.text, params) };
}
