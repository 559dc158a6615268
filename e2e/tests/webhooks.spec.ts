import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { apiLogin, createActiveAccount, openSignedIn, type Account } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import type { SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * Webhooks end to end: an endpoint created in the browser (its secret read from the dialog that
 * shows it once) pointing at a receiver in this process (WEBHOOK_ALLOW_PRIVATE: it listens on
 * loopback), an alarm raised on a simulated device, the signed delivery verified by the receiver
 * and shown delivered in the endpoint's log. Screenshots light and dark at 1440 and 375 px into
 * e2e/artifacts (webhooks-*.png).
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: DeviceServer;
let account: Account;
let receiver: http.Server;
let receiverUrl = '';
const received: Received[] = [];
const sims: SimulatedDeviceHandle[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hmi-hook`;
  server = await startDeviceServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  account = await createActiveAccount(server.url, server.dataDir);
});

test.afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop().catch(() => undefined)));
  await server?.stop();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });
test.describe.configure({ timeout: 180_000, mode: 'serial' });

/** docs/api.md's recipe. */
function verified(secret: string, r: Received): boolean {
  const parts = Object.fromEntries(
    String(r.headers['x-hmi-signature'])
      .split(',')
      .map((p) => p.split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (Math.abs(Date.now() / 1000 - t) > 300) return false;
  const mac = createHmac('sha256', secret).update(`${t}.${r.body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === mac.length && timingSafeEqual(given, mac);
}

/**
 * Closes the delivery log drawer by its close button and waits until it is gone (Escape, pressed
 * while the focus was elsewhere, once left it open over the table: the next click waited out the
 * test's timeout in CI).
 */
async function closeDrawer(page: Page, drawer: Locator): Promise<void> {
  await expect(async () => {
    if (await drawer.isVisible())
      await page.locator('.ant-drawer-open .ant-drawer-close').last().click({ timeout: 2_000 });
    await expect(drawer).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('creates an endpoint, raises an alarm on a device and sees the delivery in the log', async ({
  page,
}) => {
  const { token } = await apiLogin(server.url, account);
  await openSignedIn(page, server.url, account, '/system/webhooks');
  await expect(page.getByTestId('webhook-page')).toBeVisible();
  await expect(page.getByTestId('webhook-usage')).toContainText('0 of 20');

  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-name').fill('MES line 1');
  await page.getByTestId('webhook-url').fill(receiverUrl);
  await page.getByTestId('webhook-events').getByText('Alarm recovered').click();
  await page.getByTestId('webhook-save').click();
  const secretText = page.getByTestId('webhook-secret');
  await expect(secretText).toContainText('whsec_');
  const secret = (await secretText.innerText()).trim();
  await page.getByTestId('webhook-secret-dialog').getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('webhook-table')).toContainText('MES line 1');
  await expect(page.getByTestId('webhook-table')).toContainText(receiverUrl);

  const list = await api<{ list: { id: number }[] }>(server.url, token, 'GET', '/integration/webhook/list');
  const endpointId = list.list[0]!.id;

  // A device whose alarm rule holds from its first value: the raise is the webhook's event.
  const tpl = await api<{ id: number; tags: { id: number; name: string }[] }>(
    server.url,
    token,
    'POST',
    '/template/add',
    {
      name: `Oven_${randomBytes(3).toString('hex')}`,
      hmi_model: 'SIM-HMI-7',
      tags: [{ name: 'temperature', data_type: 7, rw: 0, unit: '°C', decimals: 1 }],
    },
  );
  await api(server.url, token, 'POST', '/alarm/rule/add', {
    template_id: tpl.id,
    name: 'Oven_overheat',
    level: 8,
    tag_id: tpl.tags[0]!.id,
    type: 2,
    value: '-1000',
    content: 'Oven temperature above the limit',
  });
  const device = await bindSimulatedDevice({
    server,
    token,
    device: { rate: 1 },
    bind: { name: 'Oven_line_1', template_id: tpl.id },
    waitConfig: true,
  });
  sims.push(device.sim);

  await expect
    .poll(() => received.filter((r) => r.headers['x-hmi-event'] === 'alarm.raised').length, {
      timeout: 60_000,
    })
    .toBe(1);
  const delivery = received.find((r) => r.headers['x-hmi-event'] === 'alarm.raised')!;
  expect(verified(secret, delivery)).toBe(true);
  expect(JSON.parse(delivery.body)).toMatchObject({
    type: 'alarm.raised',
    data: {
      device_name: 'Oven_line_1',
      rule_name: 'Oven_overheat',
      content: 'Oven temperature above the limit',
    },
  });

  await page.getByTestId(`webhook-log-${endpointId}`).click();
  const log = page.getByTestId('webhook-log');
  await expect(log).toContainText('Alarm raised');
  await expect(log).toContainText('Delivered');
  await expect(log).toContainText('200');
  await expect(log).toContainText('thanks');

  // The test button: a second row, delivered too.
  await closeDrawer(page, log);
  await page.getByTestId(`webhook-test-${endpointId}`).click();
  await expect(log).toContainText('Test delivery');
  await expect(log.getByText('Delivered')).toHaveCount(2, { timeout: 15_000 });
  await closeDrawer(page, log);

  // Editing keeps the endpoint and its secret: one more event, saved.
  await page.getByTestId(`webhook-edit-${endpointId}`).click();
  await expect(page.getByTestId('webhook-name')).toHaveValue('MES line 1');
  await page.getByTestId('webhook-events').getByText('Device offline').click();
  await page.getByTestId('webhook-save').click();
  await expect(page.getByTestId('webhook-editor')).toBeHidden();
  await expect(page.getByTestId('webhook-table')).toContainText('3 events');
  const after = await api<{ list: { id: number; events: string[] }[] }>(
    server.url,
    token,
    'GET',
    '/integration/webhook/list',
  );
  expect(after.list[0]).toMatchObject({
    id: endpointId,
    events: ['alarm.raised', 'alarm.recovered', 'device.offline'],
  });
});

const viewports = {
  1440: { width: 1440, height: 900 },
  375: { width: 375, height: 812 },
} as const;

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`webhooks screenshot, ${theme} at ${size} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((t) => {
        localStorage.setItem('hmicloud_1.0.4_THEME', t);
        localStorage.setItem('hmicloud_1.0.4_LOCALE', 'en-us');
      }, theme);
      await openSignedIn(page, server.url, account, '/system/webhooks');
      await expect(page.getByTestId('webhook-table')).toContainText('MES line 1');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${artifacts}webhooks-${theme}-${size}.png`, fullPage: true });
      await page.locator('[data-testid^="webhook-log-"]').first().click();
      await expect(page.getByTestId('webhook-log')).toContainText('Delivered');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${artifacts}webhooks-log-${theme}-${size}.png` });
      await page.keyboard.press('Escape');
      await page.getByTestId('webhook-add').click();
      await expect(page.getByTestId('webhook-editor')).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${artifacts}webhooks-editor-${theme}-${size}.png` });
    });
  }
}
