import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, locales, resolveLocale } from './locale.constants.ts';

describe('resolveLocale', () => {
  it.each([
    ['zh-cn', 'zh-cn'],
    ['zh-CN', 'zh-cn'],
    ['zh_CN', 'zh-cn'],
    ['zh', 'zh-cn'],
    ['zh-Hans-CN', 'zh-cn'],
    ['zh-SG', 'zh-cn'],
    ['en-us', 'en-us'],
    ['en-US', 'en-us'],
    ['en-gb', 'en-us'],
    ['en-GB', 'en-us'],
    ['en', 'en-us'],
    ['en-AU', 'en-us'],
    ['zh-tw', 'zh-tw'],
    ['zh-TW', 'zh-tw'],
    ['zh-HK', 'zh-tw'],
    ['zh-Hant', 'zh-tw'],
    ['zh-Hant-TW', 'zh-tw'],
    ['fr-FR', 'zh-cn'],
    ['', 'zh-cn'],
    ['  ', 'zh-cn'],
    [null, 'zh-cn'],
    [undefined, 'zh-cn'],
    ['english', 'zh-cn'],
  ])('%j -> %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });

  it('zh-cn is the default and every locale resolves to itself', () => {
    expect(DEFAULT_LOCALE).toBe('zh-cn');
    for (const l of locales) expect(resolveLocale(l)).toBe(l);
  });
});
