import { describe, expect, it } from 'vitest';
import enUs from '../../i18n/en-us/alarm.json';
import zhCn from '../../i18n/zh-cn/alarm.json';
import zhTw from '../../i18n/zh-tw/alarm.json';

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

describe('alarm texts', () => {
  it.each([
    ['zh-cn', zhCn],
    ['zh-tw', zhTw],
  ])('%s has exactly the keys of en-us', (_locale, tree) => {
    expect(unique(tree as Tree)).toEqual(unique(enUs as Tree));
  });

  it('Chinese texts are translated, not copied', () => {
    const en = new Set(leaves(enUs as Tree).filter((s) => /[a-z]{4}/.test(s)));
    for (const tree of [zhCn, zhTw]) {
      const copied = leaves(tree as Tree).filter((s) => en.has(s));
      expect(copied).toEqual([]);
    }
  });
});
