import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MenuPath, menuTree } from '@hmi/domain';
import { sectionIcons } from '../layout/section-icons.tsx';

/*
 * What a user reads in the menu is what the page they land on is called, in every language,
 * and every menu section has an icon of its own (the collapsed menu shows only the icons).
 */
const base = ['apps/web/src/i18n', 'src/i18n'].map((p) => join(process.cwd(), p)).find((p) => existsSync(p))!;
const locales = ['en-us', 'zh-cn', 'zh-tw'] as const;

function text(locale: string, nsKey: string): unknown {
  const [ns, key] = nsKey.split(':') as [string, string];
  let node: unknown = JSON.parse(readFileSync(join(base, locale, `${ns}.json`), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** The heading (h1) key each page of a menu entry shows. */
const headings: Partial<Record<MenuPath, string>> = {
  [MenuPath.Profile]: 'profile:heading',
  [MenuPath.DeviceOverview]: 'device:overview.title',
  [MenuPath.DeviceList]: 'device:list.title',
  [MenuPath.DeviceGroup]: 'group:title',
  [MenuPath.TemplateList]: 'template:title',
  [MenuPath.ProjectList]: 'project:title',
  [MenuPath.AlarmRules]: 'alarm:rules.title',
  [MenuPath.AlarmRecords]: 'alarm:record.title',
  [MenuPath.MsgAlarm]: 'message:title.alarm',
  [MenuPath.MsgSystem]: 'message:title.notice',
  [MenuPath.MsgBilling]: 'message:title.billing',
  [MenuPath.User]: 'member:title',
  [MenuPath.MyAccount]: 'billing:account.title',
  [MenuPath.RechargeRecord]: 'billing:record.title',
};

const leaves = menuTree.flatMap((section) => section.children ?? []);
const menuText = (locale: string, titleKey: string) =>
  text(locale, `menu:${titleKey.replace(/^menu\./, '')}`);

describe('menu names', () => {
  const cases = locales.flatMap((locale) =>
    leaves
      .filter((leaf) => headings[leaf.path as MenuPath])
      .map((leaf) => [locale, leaf.path, leaf.titleKey, headings[leaf.path as MenuPath]!] as const),
  );

  it.each(cases)('%s: the menu entry of %s reads as its page heading', (locale, _path, titleKey, heading) => {
    const menu = menuText(locale, titleKey);
    expect(typeof menu).toBe('string');
    expect(menu).toBe(text(locale, heading));
  });

  it('every menu section has an icon, each its own', () => {
    const types = menuTree.map((section) => {
      const icon = sectionIcons[section.key];
      expect(isValidElement(icon), section.key).toBe(true);
      return isValidElement(icon) ? icon.type : undefined;
    });
    expect(new Set(types).size).toBe(menuTree.length);
  });
});
