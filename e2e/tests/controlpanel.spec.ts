import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import type { SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * The control panel (/operations/controlpanel) against simulated devices: two online (one with
 * an alarm that stays raised), one stopped (offline). The numbers, a number opening the
 * filtered device list, and an alarm acknowledged from the panel. Screenshots light and dark at
 * 1440 and 375 px into e2e/artifacts (copied to docs/screenshots/controlpanel-*.png).
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

let server: DeviceServer;
const sims: SimulatedDeviceHandle[] = [];
let account: Account;
const names = { hot: 'Oven_hot', calm: 'Press_calm', gone: 'Mixer_gone' };

test.beforeAll(async () => {
  server = await startDeviceServer();
  account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const tpl = await api<{ id: number; tags: { id: number; name: string }[] }>(
    server.url,
    token,
    'POST',
    '/template/add',
    {
      name: `Oven_${randomBytes(3).toString('hex')}`,
      hmi_model: 'SIM-HMI-7',
      tags: [
        { name: 'temperature', data_type: 7, rw: 0, unit: '°C', decimals: 1 },
        { name: 'running', data_type: 0, rw: 0 },
      ],
    },
  );
  const temperature = tpl.tags.find((t) => t.name === 'temperature')!.id;
  // Always above its limit: an alarm that stays open on the device with this template.
  await api(server.url, token, 'POST', '/alarm/rule/add', {
    template_id: tpl.id,
    name: 'Oven_overheat',
    level: 8,
    tag_id: temperature,
    type: 2,
    value: '-1000',
    content: 'Oven temperature above the limit',
  });
  const seed = `cp-${randomBytes(4).toString('hex')}`;
  const hot = await bindSimulatedDevice({
    server,
    token,
    seed,
    index: 1,
    device: { rate: 1 },
    bind: { name: names.hot, template_id: tpl.id },
    waitConfig: true,
  });
  const calm = await bindSimulatedDevice({ server, token, seed, index: 2, bind: { name: names.calm } });
  const gone = await bindSimulatedDevice({ server, token, seed, index: 3, bind: { name: names.gone } });
  sims.push(hot.sim, calm.sim);
  await gone.sim.stop();
});

test.afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop().catch(() => undefined)));
  await server?.stop();
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });
test.describe.configure({ timeout: 180_000, mode: 'serial' });

test('shows the fleet, opens the filtered list behind a number, acknowledges an alarm', async ({ page }) => {
  await openSignedIn(page, server.url, account);
  await page.getByTestId('menu-controlpanel').click();
  await expect(page).toHaveURL(/#\/operations\/controlpanel$/);
  await expect(page.getByTestId('controlpanel-page')).toBeVisible();

  await expect(page.getByTestId('cp-total')).toHaveText('3');
  // The stopped device's broker session ends (Last Will or keepalive), the alarm is raised by the
  // first values: the panel follows through the sockets.
  await expect(page.getByTestId('cp-offline')).toHaveText('1', { timeout: 40_000 });
  await expect(page.getByTestId('cp-online')).toHaveText('2');
  await expect(page.getByTestId('cp-tile-online')).toContainText('66.7%');
  await expect(page.getByTestId('cp-alarm')).toHaveText('1', { timeout: 30_000 });
  await expect(page.getByTestId('cp-alarms-total')).toHaveText('1');
  await expect(page.getByTestId('cp-level-8')).toHaveText('1');
  const alarm = page.getByTestId('cp-alarm-list').getByTestId('cp-alarm-item');
  await expect(alarm).toHaveCount(1);
  await expect(alarm).toContainText('Oven temperature above the limit');
  await expect(alarm).toContainText(names.hot);
  await expect(page.getByTestId('cp-offline-row')).toContainText(names.gone);
  await expect(page.getByTestId('cp-top-row')).toContainText(names.hot);

  // A number opens the list behind it.
  await page.getByTestId('cp-offline').click();
  await expect(page).toHaveURL(/#\/device\/devicelist\?online=0$/);
  const rows = page.getByTestId('device-link');
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveText(names.gone);
  await page.goBack();
  await page.getByTestId('cp-alarm').click();
  await expect(page).toHaveURL(/#\/device\/devicelist\?alarm=1$/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveText(names.hot);
  await page.goBack();

  // Acknowledged from the panel: it stays active (not recovered) as acknowledged.
  await expect(alarm).toHaveAttribute('data-state', '1');
  await alarm.getByTestId('cp-ack').click();
  await expect(alarm).toHaveAttribute('data-state', '2', { timeout: 15_000 });
  await expect(alarm.getByTestId('cp-ack')).toHaveCount(0);
  await expect(page.getByTestId('cp-alarms-total')).toHaveText('1');
});

const viewports = {
  1440: { width: 1440, height: 900 },
  375: { width: 375, height: 812 },
} as const;

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`control panel screenshot, ${theme} at ${size} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((t) => {
        localStorage.setItem('hmicloud_1.0.4_THEME', t);
        localStorage.setItem('hmicloud_1.0.4_LOCALE', 'en-us');
      }, theme);
      await openSignedIn(page, server.url, account, `/operations/controlpanel`);
      await expect(page.getByTestId('cp-alarm')).toHaveText('1', { timeout: 30_000 });
      await expect(page.getByTestId('cp-offline')).toHaveText('1');
      if (size === '375') {
        // The tiles stack: one column.
        const boxes = await page
          .locator('.cp-tile')
          .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
        expect(new Set(boxes.map(Math.round)).size).toBe(1);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${artifacts}controlpanel-${theme}-${size}.png`, fullPage: true });
    });
  }
}
