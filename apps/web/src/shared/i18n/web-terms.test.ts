import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  AlarmLevel,
  AlarmRecordState,
  alarmTypeFlags,
  errorMessages,
  locales,
  retiredAlarmLevelNames,
  retiredAlarmTypeNames,
  termKey,
  terms,
  validationMessages,
  type Locale,
  type TermFamily,
} from '@hmi/domain';
import { consoleBundles, localeBundles, publicBundles } from './locale-bundles.ts';

/*
 * One name per level, type, state and kind in each language: the console shows the domain's term
 * catalogue (the namespace `terms`, the same JSON the server's mails, sheets and messages read),
 * and no web namespace names them a second time. A web text that needs a term inside it refers
 * to it (`$t(terms:onlineState.0)`) instead of copying the word. Error texts likewise live only in
 * the domain's `errors` catalogue.
 */

// jsdom gives no file URL: the texts are found from the working directory (repo or app root).
const base = ['apps/web/src/i18n', 'src/i18n'].map((p) => join(process.cwd(), p)).find((p) => existsSync(p))!;

type Tree = { readonly [key: string]: string | Tree };

/** Every text of a web namespace as [`ns:key`, text]. */
function leaves(tree: Tree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}
/** Every object of a namespace with its `ns:key` (tables keyed by codes are searched among them). */
function objects(tree: Tree, path: string): [string, Tree][] {
  return [
    [path, tree],
    ...Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [] : objects(v, `${path}.${k}`))),
  ];
}
const webTexts = (locale: Locale) =>
  readdirSync(join(base, locale))
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) =>
        [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(base, locale, f), 'utf8')) as Tree] as const,
    );

/**
 * Web texts that are the same word as a term but mean something else; each says why. Anything
 * else equal to a term is a second definition of it.
 */
const homonyms: Readonly<Record<string, string>> = {
  'alarm:field.ackedAt': 'column of the acknowledgement time (en "Acknowledged")',
  'alarm:field.recoveredAt': 'column of the recovery time (en "Recovered")',
  'layout:messages.notice': 'title of the list of system messages (zh 系统消息)',
  'layout:messages.alarm': 'title of the list of alarm messages (zh 报警消息)',
  'layout:messages.billing': 'title of the list of billing messages (zh 费用消息)',
  'menu:alarm.title': 'menu section',
  'menu:billing.title': 'menu section',
  'menu:system.title': 'menu section',
  'monitor:column.alarm': 'column header of the alarm state of a tag',
  'profile:notify.log.kind.alarm': 'kind of a sent mail (an alarm mail, or a test mail)',
};

const retired = [...Object.values(retiredAlarmLevelNames), ...Object.values(retiredAlarmTypeNames)].flat();
const namesOf = (locale: Locale) =>
  new Map(
    (Object.keys(terms[locale]) as TermFamily[]).flatMap((family) =>
      Object.entries(terms[locale][family]).map(([code, name]) => [name, `${family}.${code}`] as const),
    ),
  );
/**
 * Codes a table of a family's names would be keyed by. Only numeric codes: a text per message
 * kind (the titles of each kind's list, 系统消息…) is not a name of the kind.
 */
const tables: [TermFamily, string[]][] = [
  ['alarmLevel', Object.values(AlarmLevel).map(String)],
  ['alarmType', alarmTypeFlags.map(String)],
  ['alarmState', Object.values(AlarmRecordState).map(String)],
];
const REFERENCE = /\$t\(terms:(\w+)\.(\w+)\)/g;

describe.each(locales)('%s', (locale) => {
  it('the console loads the domain catalogues of its language as they are', async () => {
    expect((await localeBundles[locale]()).errors).toEqual(errorMessages[locale]);
    const pub = await publicBundles[locale]();
    expect(pub.terms).toEqual(terms[locale]);
    expect(pub.validation).toEqual(validationMessages[locale]);
  });

  it('the start, public and console bundles together hold every web namespace, each once', async () => {
    const start = Object.keys(await localeBundles[locale]());
    const pub = Object.keys(await publicBundles[locale]());
    const con = Object.keys(await consoleBundles[locale]());
    const all = [...start, ...pub, ...con];
    expect(all.filter((ns, i) => all.indexOf(ns) !== i)).toEqual([]);
    expect([...all].sort()).toEqual(
      [...webTexts(locale).map(([ns]) => ns), 'errors', 'terms', 'validation'].sort(),
    );
    // A first visit without a token (every way in lands on /login) loads the start texts only.
    expect(start.sort()).toEqual(['common', 'errors', 'login']);
    expect(pub).toContain('register');
    expect(con).toContain('member');
  });

  it('every term reads as the catalogue names it, also where a web text refers to one', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: {
        [locale]: {
          ...(await localeBundles[locale]()),
          ...(await publicBundles[locale]()),
          ...(await consoleBundles[locale]()),
        },
      },
      lng: locale,
      lowerCaseLng: true,
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
    for (const family of Object.keys(terms[locale]) as TermFamily[])
      for (const [code, name] of Object.entries(terms[locale][family]))
        expect(i18n.t(termKey(family, code))).toBe(name);
    const references = webTexts(locale).flatMap(([ns, tree]) =>
      leaves(tree, `${ns}:`).filter(([, text]) => text.includes('$t(')),
    );
    expect(references.length).toBeGreaterThan(0);
    for (const [key, text] of references) {
      const shown = i18n.t(key);
      expect(shown, key).not.toContain('$t(');
      for (const [, family, code] of text.matchAll(REFERENCE))
        expect(shown, key).toContain(terms[locale][family as TermFamily][code as never]);
    }
  });

  it('no web namespace names a level, type, state, kind or error code a second time', () => {
    const names = namesOf(locale);
    const errorTexts = new Set(Object.values(errorMessages[locale]));
    const quoted = (text: string, name: string) =>
      [`“${name}”`, `"${name}"`, `「${name}」`, `‘${name}’`].some((q) => text.includes(q));
    const found: string[] = [];
    for (const [ns, tree] of webTexts(locale)) {
      for (const [key, text] of leaves(tree, `${ns}:`)) {
        if (names.has(text) && !(key in homonyms)) found.push(`${key} = ${text} (terms ${names.get(text)})`);
        if (retired.includes(text)) found.push(`${key} = ${text}, a retired name`);
        for (const name of [...names.keys(), ...retired])
          if (quoted(text, name)) found.push(`${key} quotes ${name}: refer to the term instead`);
        if (errorTexts.has(text)) found.push(`${key} copies an error text: use errorText(code)`);
      }
      for (const [path, object] of objects(tree, ns))
        for (const [family, codes] of tables)
          if (codes.every((c) => typeof object[c] === 'string'))
            found.push(`${path} is a table of ${family} names: use termKey('${family}', code)`);
    }
    expect(found).toEqual([]);
  });
});

it('every homonym still exists (a stale entry would hide nothing and mislead)', () => {
  const keys = new Set(webTexts('en-us').flatMap(([ns, tree]) => leaves(tree, `${ns}:`).map(([k]) => k)));
  for (const key of Object.keys(homonyms)) expect(keys.has(key), key).toBe(true);
});
