import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, openSignedIn } from '../support/accounts.ts';
import { issueCards } from '../support/cards.ts';
import {
  api,
  bindSimulatedDevice,
  startDeviceServer,
  type BoundDevice,
  type DeviceServer,
} from '../support/devices.ts';

/**
 * Remote Access from the console alone (issue 24, item 1): a new customer activates an RA card
 * in My account (typed first in the Cloud Application dialog, which says it is an RA card and
 * offers the right one), allocates its traffic to a simulated HMI, opens the remote screen (the
 * start confirmation shows the traffic left), is refused because the month is off and follows the
 * refusal's link to My account, switches the month on there (it cannot be switched off again),
 * and opens the remote screen. Screenshots of My account's Remote Access side and of the recharge
 * records, light and dark, 1440 and 375 px, go to e2e/artifacts (and docs/screenshots with E2E_SHOTS=1).
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
const docs = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

let server: DeviceServer;
const devices: BoundDevice[] = [];

test.beforeAll(async () => {
  server = await startDeviceServer();
});
test.afterAll(async () => {
  await Promise.all(devices.map((d) => d.sim.stop().catch(() => undefined)));
  await server?.stop();
});

// The refused open is a 4xx by design; noVNC's socket ends with the session.
const LOGS = new RegExp(`${HTTP_ERROR_LOG.source}|WebSocket connection to '.*/ws/tunnel/`);
test.use({ allowConsole: [LOGS] });
test.describe.configure({ timeout: 240_000 });

const slow = { timeout: 30_000 };
const row = (page: Page, name: string) =>
  page.getByTestId('ra-traffic-table').locator('tr.ant-table-row', { hasText: name });

async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, slow);
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, name).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true });
  // docs/screenshots is refreshed on purpose only (E2E_SHOTS=1), not by every run.
  if (process.env.E2E_SHOTS === '1') copyFileSync(`${artifacts}${name}.png`, `${docs}${name}.png`);
}

test('a new customer activates an RA card, allocates it, switches the month on and opens the remote screen', async ({
  page,
}) => {
  const [card] = await issueCards(server, 'RAUI1', ['--gigabytes', '1'], { type: 'ra', count: 1 });
  const owner = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, owner);
  const tpl = await api<{ id: number }>(server.url, token, 'POST', '/template/add', {
    name: 'Lathe_tpl',
    hmi_model: 'SIM-HMI-7',
    tags: [{ name: 'speed', data_type: 1, rw: 0 }],
  });
  const hmi = await bindSimulatedDevice({
    server,
    token,
    bind: { name: 'Lathe_01', template_id: tpl.id },
    waitConfig: true,
  });
  devices.push(hmi);

  await openSignedIn(page, server.url, owner, `/billing/myAccount`);
  await expect(page.getByTestId('ra-no-card')).toBeVisible(slow);
  // The device is listed, its month cannot be switched on without traffic.
  await expect(row(page, 'Lathe_01').getByTestId('traffic-switch')).toBeDisabled();

  // The RA card typed in the Cloud Application dialog: told apart, the RA dialog offered.
  await page.getByTestId('activate-ca').click();
  await page.getByTestId('card-number').fill(card!.number.slice(-8));
  await page.getByTestId('card-password').fill(card!.password);
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('activate-dialog')).toContainText('This is a Remote Access card');
  await page.getByTestId('activate-switch-type').click();
  await expect(page.getByTestId('activate-dialog')).toContainText('Activate Remote Access card');
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('card-number')).toBeHidden();
  await expect(page.getByTestId('ra-no-card')).toBeHidden();

  // Allocate it to the device from its row (the only free card is chosen).
  await row(page, 'Lathe_01').getByTestId('ra-allocate-row').click();
  await expect(page.getByTestId('ra-allocate-dialog')).toContainText('Lathe_01');
  await page.getByTestId('ra-allocate-submit').click();
  await expect(page.getByTestId('ra-allocate-dialog')).toBeHidden();
  await expect(row(page, 'Lathe_01')).toContainText('1.00 GB');
  await expect(row(page, 'Lathe_01').getByTestId('traffic-switch')).toBeEnabled();

  // The remote screen asks first and shows the traffic left; the month is off: refused, with a link.
  await page.goto(`${server.url}/#/device/remote?id=${hmi.id}`);
  await expect(page.getByTestId('remote-start-traffic')).toContainText('1.00 GB', slow);
  await expect(page.getByTestId('remote-start-traffic')).toContainText('not switched on');
  await page.getByTestId('remote-start-confirm').click();
  await expect(page.getByTestId('remote-refusal')).toHaveAttribute('data-refusal', 'switchedOff', slow);
  await page.getByTestId('remote-refusal-link').click();
  await expect(page).toHaveURL(new RegExp(`/billing/myAccount\\?ra=1&device=${hmi.id}$`));
  await expect(page.getByTestId('ra-traffic-table').locator('tr.ant-table-row')).toHaveCount(1, slow);

  // Switch the month on: confirmed first; then it cannot be switched off.
  await row(page, 'Lathe_01').getByTestId('traffic-switch').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('cannot be switched off this month');
  await page.getByTestId('traffic-on-confirm').click();
  const toggle = row(page, 'Lathe_01').getByTestId('traffic-switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toBeDisabled();

  // The month's traffic per device and month, in the drawer.
  await row(page, 'Lathe_01').getByTestId('ra-months').click();
  await expect(page.getByTestId('device-traffic-months')).toContainText(new Date().toISOString().slice(0, 7));
  await page.keyboard.press('Escape');

  // The records name the device and the kind of record, with formatted values.
  await page.goto(`${server.url}/#/billing/rechargeRecord`);
  const records = page.getByTestId('recharge-table');
  await expect(records).toContainText('Traffic allocated', slow);
  await expect(records).toContainText('Lathe_01');
  await expect(records).toContainText('1 GB of Remote Access traffic for the device');
  await expect(records).not.toContainText('expires_at');

  // Screenshots: My account's Remote Access side and the records, light and dark, 1440 and 375.
  for (const theme of ['light', 'dark'] as const) {
    for (const [size, width] of [
      ['desktop', 1440],
      ['phone', 375],
    ] as const) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.evaluate((t) => localStorage.setItem('hmicloud_1.0.4_THEME', t), theme);
      await page.goto(`${server.url}/#/billing/myAccount`);
      await page.reload();
      await expect(row(page, 'Lathe_01')).toBeVisible(slow);
      await shot(page, `billing-ra-account-${theme}-${size}`);
      await page.goto(`${server.url}/#/billing/rechargeRecord`);
      await expect(page.getByTestId('recharge-table')).toContainText('Lathe_01', slow);
      await shot(page, `billing-ra-records-${theme}-${size}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The remote screen opens now (and "don't ask again" is kept for the next one).
  await page.goto(`${server.url}/#/device/remote?id=${hmi.id}`);
  await expect(page.getByTestId('remote-start-traffic')).toContainText('is switched on', slow);
  await page.getByTestId('remote-start-dontask').click();
  await page.getByTestId('remote-start-confirm').click();
  const status = page.getByTestId('remote-status');
  await expect(status).toHaveAttribute('data-phase', 'connected', slow);
  await expect(status).toHaveAttribute('data-mode', 'operate');
  await page.getByTestId('remote-end').click();
  await expect(status).toHaveAttribute('data-phase', 'ended');
  await page.reload();
  await expect(status).toHaveAttribute('data-phase', 'connected', slow);
  await expect(page.getByTestId('remote-start-dialog')).toHaveCount(0);
  await page.getByTestId('remote-end').click();
});
