import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, uiLogin } from '../support/accounts.ts';
import {
  api,
  bindSimulatedDevice,
  startDeviceServer,
  type BoundDevice,
  type DeviceServer,
} from '../support/devices.ts';

/**
 * Billing end to end: the operator issues a batch of Cloud Application cards with the command
 * (against the console's own database), the owner activates one in the browser (a typo is told
 * apart from a wrong password, the template quota grows), allocates TAGs to a simulated device
 * and upgrades its level, and finds every step in the recharge records.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

let server: DeviceServer;
const devices: BoundDevice[] = [];

test.beforeAll(async () => {
  server = await startDeviceServer();
});

test.afterAll(async () => {
  await Promise.all(devices.map((d) => d.sim.stop().catch(() => undefined)));
  await server?.stop();
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });
test.describe.configure({ timeout: 180_000 });

/** Runs `npm run cards:issue` against the server's DATA_DIR and returns the printed cards. */
async function issueCards(batch: string, quota: string[]): Promise<{ number: string; password: string }[]> {
  const out = join(server.dataDir, `cards-${batch}.csv`);
  await run(
    join(root, 'node_modules/.bin/tsx'),
    [
      'apps/server/src/modules/billing/issue-cards-cli.ts',
      ...['--type', 'ca', '--count', '2', '--batch', batch, ...quota],
      ...['--deadline', '2099-12-31', '--out', out],
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir } },
  );
  const [header, ...lines] = readFileSync(out, 'utf8').trim().split('\n');
  expect(header).toMatch(/^number,password,/);
  return lines.map((line) => {
    const [number = '', password = ''] = line.split(',');
    return { number, password };
  });
}

test('issues cards, activates one in the browser, allocates and upgrades TAGs, sees the ledger', async ({
  page,
}) => {
  const [card, spare] = await issueCards('E2E1', ['--templates', '3', '--tags', '50', '--level', '1']);
  const [upgrade] = await issueCards('E2E2', ['--tags', '100', '--level', '2']);
  expect(card!.number).toHaveLength(12);
  expect(spare!.number).not.toBe(card!.number);

  const owner = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, owner);
  const device = await bindSimulatedDevice({ server, token, bind: { name: 'Packer_01' } });
  devices.push(device);

  await uiLogin(page, server.url, owner);
  await page.getByTestId('menu-myAccount').click();
  await expect(page.getByTestId('my-account-page')).toBeVisible();
  await expect(page.getByTestId('template-quota')).toContainText('of 1');

  // A typo in the number (the check symbol) is told apart from a wrong password.
  const typed = card!.number.slice(-8);
  const typo = typed.slice(0, 7) + (typed[7] === 'A' ? 'B' : 'A');
  await page.getByTestId('activate-ca').click();
  await page.getByTestId('card-number').fill(typo);
  await page.getByTestId('card-password').fill(card!.password);
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('activate-dialog').locator('.ant-form-item-explain-error')).toBeVisible();
  await page.getByTestId('card-number').fill(typed);
  await page
    .getByTestId('card-password')
    .fill(spare!.password === card!.password ? 'ZZZZZZZZ' : spare!.password);
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('activate-error')).toBeVisible();
  await page.getByTestId('card-password').fill(card!.password);
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('card-number')).toBeHidden();
  await expect(page.getByTestId('card-table')).toContainText(typed.slice(-4));
  // 1 free template + 3 from the card.
  await expect(page.getByTestId('template-quota')).toContainText('of 4');

  // A level-2 card through the API; then TAGs for the device at level 1, and the upgrade to
  // level 2 (the level only goes up: level 1 is no longer offered).
  await api(server.url, token, 'POST', '/billing/ca/activate', {
    number: upgrade!.number.slice(-8),
    password: upgrade!.password,
  });
  for (const level of [1, 2]) {
    await page.getByTestId('tag-allocate').click();
    const dialog = page.getByTestId('tag-allocate-dialog');
    await page.getByTestId('tag-allocate-device').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Packer_01' })
      .click();
    await page.getByTestId('tag-allocate-level').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.first()).toContainText(`Level ${level}:`);
    // Enter takes the active (first) option: a click there could wait on the closing device list.
    await page.keyboard.press('Enter');
    await page.getByTestId('tag-allocate-submit').click();
    await expect(dialog).toBeHidden();
  }
  const allocations = await api<{ list: { device_id: number; level: number }[] }>(
    server.url,
    token,
    'GET',
    '/billing/tag/allocations',
  );
  expect(allocations.list.find((a) => a.device_id === device.id)?.level).toBe(2);

  // The ledger: both activations and both allocations.
  await page.getByTestId('menu-rechargeRecord').click();
  const rows = page.getByTestId('recharge-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(4);
  const download = page.waitForEvent('download');
  await page.getByTestId('recharge-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
