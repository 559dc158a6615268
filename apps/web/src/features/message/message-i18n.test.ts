import { describe, expect, it } from 'vitest';
import enUs from '../../i18n/en-us/message.json';
import zhCn from '../../i18n/zh-cn/message.json';
import zhTw from '../../i18n/zh-tw/message.json';
import profileEn from '../../i18n/en-us/profile.json';
import profileCn from '../../i18n/zh-cn/profile.json';
import profileTw from '../../i18n/zh-tw/profile.json';

type Tree = { [key: string]: string | Tree };

/** Flat keys, plural suffixes folded (Chinese has only `_other`). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)))
    .map((k) => k.replace(/_(one|other)$/, ''));
}
const unique = (tree: Tree) => [...new Set(keys(tree))].sort();
const leaves = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** The message centre's texts and the profile's notification texts, in every language. */
const sets = [
  ['message', enUs, zhCn, zhTw],
  ['profile.notify', profileEn.notify, profileCn.notify, profileTw.notify],
] as const;

describe.each(sets)('%s texts', (_name, en, cn, tw) => {
  it.each([
    ['zh-cn', cn],
    ['zh-tw', tw],
  ])('%s has exactly the keys of en-us, with the same placeholders', (_locale, tree) => {
    expect(unique(tree as Tree)).toEqual(unique(en as Tree));
    const flat = (t: Tree, prefix = ''): [string, string][] =>
      Object.entries(t).flatMap(([k, v]) =>
        typeof v === 'string'
          ? [[`${prefix}${k}`.replace(/_(one|other)$/, ''), v] as [string, string]]
          : flat(v, `${prefix}${k}.`),
      );
    const enText = new Map(flat(en as Tree));
    for (const [key, text] of flat(tree as Tree))
      expect(placeholders(text), key).toEqual(placeholders(enText.get(key)!));
  });

  it('Chinese texts are translated, not copied', () => {
    // Words outside placeholders: '{{tag}} = {{value}}' reads the same in every language.
    const english = new Set(leaves(en as Tree).filter((s) => /[a-z]{4}/.test(s.replace(/\{\{\w+\}\}/g, ''))));
    for (const tree of [cn, tw]) expect(leaves(tree as Tree).filter((s) => english.has(s))).toEqual([]);
  });
});
