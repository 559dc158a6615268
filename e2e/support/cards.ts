import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { repoRoot, type RunningServer } from './server.ts';
import { api } from './devices.ts';

const run = promisify(execFile);

export interface PrintedCard {
  number: string;
  password: string;
}

/**
 * Runs `npm run cards:issue` (the operator's command) against the server's DATA_DIR and returns
 * the printed cards. `quota`: the command's quota options (--templates/--tags/--level for CA,
 * --gigabytes for RA).
 */
export async function issueCards(
  server: RunningServer,
  batch: string,
  quota: string[],
  { type = 'ca', count = 2 }: { type?: 'ca' | 'ra'; count?: number } = {},
): Promise<PrintedCard[]> {
  const out = join(server.dataDir, `cards-${batch}.csv`);
  await run(
    join(repoRoot, 'node_modules/.bin/tsx'),
    [
      'apps/server/src/modules/billing/issue-cards-cli.ts',
      ...['--type', type, '--count', String(count), '--batch', batch, ...quota],
      ...['--deadline', '2099-12-31', '--out', out],
    ],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: server.dataDir } },
  );
  const [header, ...lines] = readFileSync(out, 'utf8').trim().split('\n');
  expect(header).toMatch(/^number,password,/);
  return lines.map((line) => {
    const [number = '', password = ''] = line.split(',');
    return { number, password };
  });
}

/** Activates a printed card through the API (what a user types: the last 8 symbols). */
export function activateCard(
  server: RunningServer,
  token: string,
  card: PrintedCard,
  type: 'ca' | 'ra' = 'ca',
): Promise<{ id: number; expires_at: number | null }> {
  return api(server.url, token, 'POST', `/billing/${type}/activate`, {
    number: card.number.slice(-8),
    password: card.password,
  });
}

/** Moves the billing clock of a server started with BILLING_TEST_CLOCK=1 (test only). */
export function setBillingClock(server: RunningServer, token: string, at: number): Promise<{ now: number }> {
  return api(server.url, token, 'POST', '/billing/test/clock', { at });
}

/**
 * Allocates TAGs at the lowest level offered for the device (its next one up) in the My account
 * page's dialog, expecting that level to be `level`. Enter takes the active (first) option: a
 * click there could wait on the closing device list.
 */
export async function allocateTagsInBrowser(page: Page, deviceName: string, level: number): Promise<void> {
  await page.getByTestId('tag-allocate').click();
  const dialog = page.getByTestId('tag-allocate-dialog');
  await expect(page.getByTestId('tag-allocate-device')).toBeVisible();
  // The device list of a dialog opened just after another closed can swallow the click: choose
  // until the level (disabled until a device is chosen) opens up.
  await expect(async () => {
    await page.getByTestId('tag-allocate-device').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: deviceName })
      .click({ timeout: 3_000 });
    await expect(dialog.locator('.ant-select-disabled')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('tag-allocate-level').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toContainText(`Level ${level}:`);
  // Click the option (Enter could leave the list open over the dialog's buttons) and wait for
  // the list to close before submitting. On a loaded machine the click can land while the list
  // re-renders and choose nothing (a CI rehearsal): choose again, opening the list if it closed.
  await expect(async () => {
    if ((await options.count()) === 0) await page.getByTestId('tag-allocate-level').click();
    await options
      .filter({ hasText: `Level ${level}:` })
      .first()
      .click({ timeout: 3_000 });
    await expect(page.getByTestId('tag-allocate-level')).toContainText(`Level ${level}:`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // The chosen list can stay open on a loaded machine (a CI run): a click on the dialog's title
  // closes it, so that it does not cover the buttons.
  const openList = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await openList.count()) > 0) await dialog.locator('.ant-modal-title').click({ timeout: 2_000 });
    await expect(openList).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('tag-allocate-submit').click();
  await expect(dialog).toBeHidden();
}
