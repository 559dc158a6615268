import { describe, expect, it } from 'vitest';
import { deviceConnectionReasons, tagWriteOutcomes } from '@hmi/domain';
import enUs from '../../i18n/en-us/devicepage.json';
import zhCn from '../../i18n/zh-cn/devicepage.json';
import zhTw from '../../i18n/zh-tw/devicepage.json';
import { reasonKey } from './connection-timeline.ts';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
const leaves = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));
const lookup = (tree: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((node, k) => (node as Tree | undefined)?.[k], tree);

describe('device page texts', () => {
  it.each([
    ['zh-cn', zhCn],
    ['zh-tw', zhTw],
  ])('%s has exactly the keys of en-us', (_locale, tree) => {
    expect(keys(tree as Tree).sort()).toEqual(keys(enUs as Tree).sort());
  });

  it('every reason of an online change and every write outcome has a text', () => {
    for (const tree of [enUs, zhCn, zhTw] as Tree[]) {
      expect(typeof lookup(tree, reasonKey({ online: 1, reason: 'state' }))).toBe('string');
      expect(typeof lookup(tree, reasonKey({ online: 1, reason: 'bound' }))).toBe('string');
      for (const reason of deviceConnectionReasons.filter((r) => r !== 'bound'))
        expect(typeof lookup(tree, reasonKey({ online: 0, reason })), reason).toBe('string');
      for (const outcome of tagWriteOutcomes)
        expect(typeof lookup(tree, `writes.outcome.${outcome}`), outcome).toBe('string');
    }
  });

  it('Chinese texts are translated, not copied', () => {
    const en = new Set(leaves(enUs as Tree).filter((s) => /[a-z]{4}/.test(s)));
    for (const tree of [zhCn, zhTw] as Tree[]) expect(leaves(tree).filter((s) => en.has(s))).toEqual([]);
  });
});
