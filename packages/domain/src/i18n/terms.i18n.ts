import type { MessageKindName } from '../api/message.api.ts';
import type { AlarmLevel, AlarmRecordState, AlarmType } from '../constants/alarm.constants.ts';
import { resolveLocale, type Locale } from '../constants/locale.constants.ts';
import type { OnlineState, SyncState } from '../constants/states.constants.ts';
import termsEnUs from './terms.en-us.json' with { type: 'json' };
import termsZhCn from './terms.zh-cn.json' with { type: 'json' };
import termsZhTw from './terms.zh-tw.json' with { type: 'json' };

/**
 * The names users read for the codes of the domain, one per code and language. Console, alarm
 * messages, mails and xlsx sheets all read them here, so a level cannot be 重要 on one screen and
 * 严重 in a mail. Keyed by the wire codes, so adding a code fails the typecheck until every
 * language names it. Tag data types have no entry: BOOL, INT16... are the spec's names in every
 * language (`tagDataTypeName`).
 */
export interface TermCatalogue {
  alarmLevel: Readonly<Record<AlarmLevel, string>>;
  alarmType: Readonly<Record<AlarmType, string>>;
  alarmState: Readonly<Record<AlarmRecordState, string>>;
  messageKind: Readonly<Record<MessageKindName, string>>;
  onlineState: Readonly<Record<OnlineState, string>>;
  syncState: Readonly<Record<SyncState, string>>;
}
export type TermFamily = keyof TermCatalogue;

/** The term catalogue of every language; the web loads one language as the namespace TERMS_NAMESPACE. */
export const terms: Readonly<Record<Locale, TermCatalogue>> = {
  'zh-cn': termsZhCn,
  'en-us': termsEnUs,
  'zh-tw': termsZhTw,
};

export const TERMS_NAMESPACE = 'terms';

/** The terms of a user's language (unknown languages resolve as `resolveLocale` says). */
export const termsOf = (lang: string | null | undefined): TermCatalogue => terms[resolveLocale(lang)];

/**
 * The name of a code read from storage or the wire, where the type does not prove the code is
 * known: the code itself for an unknown one, as the server wrote before.
 */
export function termName(catalogue: TermCatalogue, family: TermFamily, code: number | string): string {
  const names: Readonly<Record<string, string>> = catalogue[family];
  return Object.hasOwn(names, code) ? names[code]! : String(code);
}

/** The i18next key of a term: `t(termKey('alarmLevel', 8))`. */
export const termKey = (family: TermFamily, code: number | string): string =>
  `${TERMS_NAMESPACE}:${family}.${code}`;
