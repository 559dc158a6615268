import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../support/fixtures.ts';
import { createActiveAccount, uiLogin } from '../support/accounts.ts';
import {
  startLocalRegions,
  type LocalRegions,
} from '../../apps/server/src/modules/directory/local-regions.ts';

/*
 * A directory and two regions (npm run regions): the console is opened at the directory, signs
 * in there, and from then on talks to the regional host of the login reply (HOST); switching to
 * the account's other region moves every call there without signing in again.
 */
let stack: LocalRegions;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'hmi-e2e-regions-'));
  stack = await startLocalRegions({ dataDir, port: 0, env: { LOG_LEVEL: 'warn', LOG_FORMAT: 'json' } });
});
test.afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the console follows HOST to the account region and switches region without signing in', async ({
  page,
}) => {
  const account = await createActiveAccount(stack.directoryUrl, join(dataDir, 'directory'), {
    data_center: 'cn',
  });
  const regionalCall = (host: string) =>
    page.waitForRequest((r) => r.url().startsWith(`${host}/v1/global/getUserInfo`));
  const toCn = regionalCall(stack.regions.cn);
  await uiLogin(page, stack.directoryUrl, account);
  await toCn;
  const stored = (key: string) => page.evaluate((k) => localStorage.getItem(`hmicloud_1.0.4_${k}`), key);
  expect(await stored('HOST')).toBe(stack.regions.cn);
  expect(await stored('CURRENTREGION')).toBe('cn');

  // Add eu from the personal centre (the directory opens the account there), then switch to it.
  await page.goto(`${stack.directoryUrl}/#/system/profile`);
  await expect(page.getByTestId('center-cn')).toBeVisible();
  await page.getByTestId('add-center-select').click();
  await page.locator('.ant-select-item-option', { hasText: 'Europe' }).click();
  await page.getByTestId('add-center').click();
  const switchEu = page.getByTestId('switch-center-eu');
  await expect(switchEu).toBeVisible();
  const toEu = regionalCall(stack.regions.eu);
  await switchEu.click();
  await toEu;
  await expect(page.getByTestId('center-eu')).toBeVisible();
  expect(await stored('HOST')).toBe(stack.regions.eu);
  expect(await stored('CURRENTREGION')).toBe('eu');
  await expect(page.getByTestId('app-shell')).toBeVisible();
});
