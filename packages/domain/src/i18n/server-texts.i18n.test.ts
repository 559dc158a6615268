import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '../constants/locale.constants.ts';
import { textPlaceholders } from './fill-text.i18n.ts';
import { mailTexts } from './mail-texts.i18n.ts';
import { messageTexts } from './message-texts.i18n.ts';
import { retiredAlarmLevelNames, retiredAlarmTypeNames } from './retired-terms.i18n.ts';
import { sheetTexts } from './sheet-texts.i18n.ts';
import { terms } from './terms.i18n.ts';

type Tree = { readonly [key: string]: string | Tree };
const HAN = /\p{Script=Han}/u;

/** Every text of a catalogue by its dotted key. */
function flat(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`),
  );
}

const catalogues: [string, Readonly<Record<Locale, unknown>>][] = [
  ['mail', mailTexts],
  ['messages', messageTexts],
  ['sheets', sheetTexts],
];

describe.each(catalogues)('%s texts', (_name, catalogue) => {
  const texts = (l: Locale) => new Map(flat(catalogue[l] as Tree));
  const en = texts('en-us');

  it.each(locales)('%s has the keys and placeholders of en-us', (locale) => {
    const mine = texts(locale);
    expect([...mine.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of mine) {
      expect(text.trim(), key).not.toBe('');
      expect(textPlaceholders(text), key).toEqual(textPlaceholders(en.get(key)!));
    }
  });

  it.each(['zh-cn', 'zh-tw'] as const)('%s is translated', (locale) => {
    for (const [key, text] of texts(locale)) {
      if (/^[\s\p{P}\p{S}]*$/u.test(text.replace(/\{\{\w+\}\}/g, ''))) continue; // separators, 【{{level}}】…
      expect(HAN.test(text), `${locale} ${key}: ${text}`).toBe(true);
    }
  });

  /*
   * Level and type names reach these texts only through placeholders filled from `terms`: a name
   * written into a text here would be a second definition that can drift (as 较轻 and 严重 did).
   * One-character names (开, 关) are words inside other words (开启) and are left out.
   */
  it.each(locales)('%s writes no level or type name of its own', (locale) => {
    const names = [
      ...Object.values(terms[locale].alarmLevel),
      ...Object.values(terms[locale].alarmType),
      ...Object.values(retiredAlarmLevelNames).flat(),
      ...Object.values(retiredAlarmTypeNames).flat(),
    ].filter((n) => n.length > 1);
    const found = (text: string, name: string) =>
      HAN.test(name) ? text.includes(name) : new RegExp(`\\b${name}\\b`).test(text);
    for (const [key, text] of texts(locale))
      for (const name of names) expect(found(text, name), `${locale} ${key} names ${name}`).toBe(false);
  });
});
