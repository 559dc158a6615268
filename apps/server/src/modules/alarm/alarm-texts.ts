import { fillText, messageTexts, resolveLocale, termName, terms } from '@hmi/domain';

/** Values of a raised alarm for its texts. */
export interface AlarmTextParams {
  device: string;
  tag: string;
  value: string;
  /** The rule's name. */
  name: string;
  /** The raise time as text (see `alarmTimeText`). */
  time: string;
}

/**
 * Title of the alarm message of a raise in a user's language (zh-cn for unknown ones), the level
 * named as the console names it.
 */
export function alarmTitle(
  lang: string | null | undefined,
  p: { level: number; device: string; name: string },
): string {
  const locale = resolveLocale(lang);
  return fillText(messageTexts[locale].alarm.title, {
    level: termName(terms[locale], 'alarmLevel', p.level),
    device: p.device,
    name: p.name,
  });
}

/** What a digest message says (alarm-notify-policy.ts). */
export interface AlarmDigestParams {
  level: number;
  device: string;
  name: string;
  count: number;
  minutes: number;
  time: string;
  value: string;
  /** The notification interval, minutes. */
  interval: number;
  flapping: boolean;
}

/** Title and body of a digest message in a user's language. */
export function alarmDigestText(
  lang: string | null | undefined,
  p: AlarmDigestParams,
): { title: string; body: string } {
  const locale = resolveLocale(lang);
  const t = messageTexts[locale].alarm;
  const { flapping, ...rest } = p;
  const params = {
    ...rest,
    level: termName(terms[locale], 'alarmLevel', p.level),
    count: String(p.count),
    minutes: String(p.minutes),
    interval: String(p.interval),
  };
  return {
    title: fillText(t.digestTitle, params),
    body: fillText(t.digestBody, params) + (flapping ? t.digestFlapping : ''),
  };
}

const PLACEHOLDER = /\{(device|tag|value|name|time)\}/g;

/** A rule's content with `{device}`, `{tag}`, `{value}`, `{name}` and `{time}` replaced. */
export function renderContent(content: string, p: AlarmTextParams): string {
  return content.replace(PLACEHOLDER, (_m, key: keyof AlarmTextParams) => p[key]);
}

/**
 * The content of a raise: the rule's content rendered, or the default text of `lang` when the
 * rule has none.
 */
export function alarmContent(
  ruleContent: string,
  p: AlarmTextParams,
  lang: string | null | undefined,
): string {
  const template =
    ruleContent.trim() === '' ? messageTexts[resolveLocale(lang)].alarm.defaultContent : ruleContent;
  return renderContent(template, p);
}

/** `YYYY-MM-DD HH:mm:ss UTC`: the server knows no user's offset when it renders a content. */
export const alarmTimeText = (ts: number): string =>
  `${new Date(ts).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
