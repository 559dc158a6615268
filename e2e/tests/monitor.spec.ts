import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import type { SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * The data monitor against a simulated device: live values in place, a write to a read-write
 * tag reported back by the device, a monitor point added and acknowledged. Own server, so the
 * test knows the embedded broker's port the simulated device connects to.
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

let server: DeviceServer;
const devices: SimulatedDeviceHandle[] = [];

test.beforeAll(async () => {
  server = await startDeviceServer();
});

test.afterAll(async () => {
  await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
  await server?.stop();
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });
// A live device, a browser and a server on a shared machine: generous time.
test.describe.configure({ timeout: 180_000 });

/** An account with a template the simulator fills and a simulated device bound to it, running. */
async function seed(): Promise<{ account: Account; deviceId: number }> {
  const account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const tpl = await api<{ id: number }>(server.url, token, 'POST', '/template/add', {
    name: `Oven_${randomBytes(3).toString('hex')}`,
    hmi_model: 'SIM-HMI-7',
    tags: [
      { name: 'temperature', data_type: 7, rw: 0, unit: '°C', decimals: 1 },
      { name: 'cycles', data_type: 2, rw: 0 },
      { name: 'running', data_type: 0, rw: 0 },
      { name: 'setpoint', data_type: 4, rw: 2 },
      { name: 'recipe', data_type: 9, rw: 2 },
    ],
  });
  const device = await bindSimulatedDevice({
    server,
    token,
    seed: `mon-${randomBytes(4).toString('hex')}`,
    device: { rate: 2 },
    bind: { name: 'Oven_line_1', template_id: tpl.id },
  });
  devices.push(device.sim);
  return { account, deviceId: device.id };
}

const valueOf = (page: Page, name: string) => page.getByTestId(`value-${name}`);

test('watches a simulated device change on the monitor page, writes a tag, adds a monitor point', async ({
  page,
}) => {
  const { account, deviceId } = await seed();
  await openSignedIn(page, server.url, account, `/device/monitor?id=${deviceId}`);
  await expect(page.getByTestId('monitor-page')).toBeVisible();
  await expect(page.getByTestId('monitor-online')).toHaveAttribute('data-online', '1', { timeout: 15_000 });
  await expect(page.getByTestId('monitor-live')).toHaveAttribute('data-status', 'open');

  // Values arrive and change in place.
  const temperature = valueOf(page, 'temperature');
  await expect(temperature).not.toHaveText('—', { timeout: 15_000 });
  const first = await temperature.textContent();
  await expect(temperature).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expect(page.getByTestId('quality-temperature')).toHaveAttribute('data-quality', 'fresh');
  await expect(page.getByTestId('config-temperature')).toHaveAttribute('data-status', 'match', {
    timeout: 15_000,
  });
  // Read-only tags offer no write.
  await expect(page.getByTestId('write-temperature')).toHaveCount(0);

  // The write dialog checks the value against the data type as the user types.
  await page.getByTestId('write-setpoint').click();
  const dialog = page.getByTestId('write-dialog');
  await page.getByTestId('write-value').fill('40000');
  await expect(dialog).toContainText('Enter an integer from -32768 to 32767 for INT16');
  await page.getByTestId('write-value').fill('1234');
  await expect(dialog).not.toContainText('Enter an integer');
  await page.getByTestId('write-submit').click();
  await expect(page.getByTestId('write-outcome')).toHaveAttribute('data-ok', '1', { timeout: 15_000 });
  await expect(page.getByTestId('write-outcome')).toContainText('1234');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The device reports the new value back through the socket.
  await expect(valueOf(page, 'setpoint')).toHaveText('1234', { timeout: 15_000 });

  // A monitor point: the form checks the rules as the user types, the device acknowledges the config.
  await page.getByTestId('monitor-add').click();
  const form = page.getByTestId('point-form');
  await page.getByTestId('point-name').fill('setpoint');
  await expect(form).toContainText('This monitor name already exists.');
  await page.getByTestId('point-name').fill('door_open');
  await page.getByTestId('point-decimals').fill('7');
  await expect(form).toContainText('decimal places must be an integer from 0 to 6');
  await page.getByTestId('point-decimals').fill('0');
  await page.getByTestId('point-address').fill('D100');
  await page.getByTestId('point-submit').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('config-door_open')).toHaveAttribute('data-status', 'match', {
    timeout: 20_000,
  });
});

const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 375, height: 812 },
} as const;

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`monitor screenshots in ${theme} at ${size} width`, async ({ page }) => {
      const { account, deviceId } = await seed();
      await page.setViewportSize(viewport);
      await page.addInitScript((t) => localStorage.setItem('hmicloud_1.0.4_THEME', t), theme);
      const shot = (name: string) =>
        page.screenshot({ path: `${artifacts}${name}-${theme}-${size}.png`, fullPage: size === 'phone' });
      await openSignedIn(page, server.url, account, `/device/monitor?id=${deviceId}`);
      await expect(valueOf(page, 'temperature')).not.toHaveText('—', { timeout: 15_000 });
      await expect(valueOf(page, 'recipe')).not.toHaveText('—');
      await shot('monitor');

      await page.getByTestId('write-setpoint').click();
      await page.getByTestId('write-value').fill('99999');
      await expect(page.getByTestId('write-dialog')).toContainText('INT16');
      await page.waitForTimeout(300);
      await shot('monitor-write');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.getByTestId('monitor-batch').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByTestId('point-name').fill('Temp_');
      await page.getByTestId('point-address').fill('D0100');
      await page.waitForTimeout(300);
      await shot('monitor-batch');
    });
  }
}
