import { describe, expect, it } from 'vitest';
import { MenuPath, Perm } from '@hmi/domain';
import { implementedPaths } from './shell-pages.ts';
import { shellMenuFor } from './use-shell-menu.ts';

const main = { permissions: [], is_main: true };
const withBilling = new Set([...implementedPaths, MenuPath.MsgBilling]);

describe('billing messages in the header', () => {
  it.each(['cn', 'in', 'eu'] as const)('are hidden in %s while billing is not built', (region) => {
    expect(shellMenuFor(main, region).showBillingMessages).toBe(false);
  });

  it('show for the main user and permitted users once their page exists, outside cn', () => {
    expect(shellMenuFor(main, 'eu', withBilling).showBillingMessages).toBe(true);
    expect(
      shellMenuFor({ permissions: [Perm.MsgBillingView], is_main: false }, 'in', withBilling)
        .showBillingMessages,
    ).toBe(true);
    expect(shellMenuFor({ permissions: [], is_main: false }, 'eu', withBilling).showBillingMessages).toBe(
      false,
    );
  });

  it('stay hidden in cn even once their page exists', () => {
    expect(shellMenuFor(main, 'cn', withBilling).showBillingMessages).toBe(false);
  });
});
