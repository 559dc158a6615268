import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connectAsync } from 'mqtt';
import type { Page } from '@playwright/test';
import { deviceTopic } from '@hmi/domain';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import { startSimulatedDevice, type SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * A device's page against a simulated device: opened from the device list by the device's name,
 * identity, live values changing in place, and the online history growing as the device goes
 * offline. Own server, so the test knows the embedded broker's port the device connects to.
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

interface Seeded {
  account: Account;
  token: string;
  name: string;
  sn: string;
  secret: string;
  deviceId: number;
  sim: SimulatedDeviceHandle;
  tags: Record<string, number>;
}

/** An account, a template the simulator fills, and a simulated device bound to it with it, running. */
async function seed(name: string, rules = false): Promise<Seeded> {
  const account = await createActiveAccount(server.url, server.dataDir);
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
        { name: 'pressure', data_type: 7, rw: 0, unit: 'bar', decimals: 2 },
        { name: 'cycles', data_type: 2, rw: 0 },
        { name: 'running', data_type: 0, rw: 0 },
        { name: 'setpoint', data_type: 4, rw: 2 },
        { name: 'recipe', data_type: 9, rw: 2 },
      ],
    },
  );
  const tags = Object.fromEntries(tpl.tags.map((t) => [t.name, t.id]));
  if (rules) {
    // Always above its limit: an alarm that stays open.
    await api(server.url, token, 'POST', '/alarm/rule/add', {
      template_id: tpl.id,
      name: 'Oven_hot',
      level: 8,
      tag_id: tags.temperature,
      type: 2,
      value: '-1000',
      content: 'Oven temperature above the limit',
    });
  }
  const device = await bindSimulatedDevice({
    server,
    token,
    seed: `page-${randomBytes(4).toString('hex')}`,
    device: { rate: 2 },
    bind: { name, template_id: tpl.id, address: 'Hall 2, line 1', remark: 'Commissioned by the e2e test' },
    waitConfig: true,
  });
  devices.push(device.sim);
  return {
    account,
    token,
    name,
    sn: device.sn,
    secret: device.secret,
    deviceId: device.id,
    sim: device.sim,
    tags,
  };
}

const online = (page: Page) => page.getByTestId('devpage-online-state');
const entries = (page: Page) => page.getByTestId('devpage-online-entry');

test('opens a device from the device list: identity, live values, online history as it goes offline', async ({
  page,
}) => {
  const d = await seed('Oven_line_1');
  await openSignedIn(page, server.url, d.account);
  await page.getByTestId('menu-devicelist').click();
  await expect(page.getByTestId('device-list-page')).toBeVisible();
  await page.getByTestId('device-link').filter({ hasText: d.name }).click();

  await expect(page).toHaveURL(new RegExp(`#/device/detail\\?id=${d.deviceId}$`));
  await expect(page.getByTestId('device-page')).toBeVisible();
  await expect(page.getByTestId('devpage-name')).toHaveText(d.name);
  const identity = page.getByTestId('devpage-identity');
  await expect(page.getByTestId('devpage-sn')).toContainText(d.sn);
  await expect(identity).toContainText('SIM-HMI-7');
  await expect(identity).toContainText('1.0.0-sim');
  await expect(identity).toContainText('Hall 2, line 1');
  await expect(page.getByTestId('devpage-template')).toContainText('Oven_');
  await expect(online(page)).toHaveAttribute('data-online', '1');

  // Live values arrive and change in place.
  await expect(page.getByTestId('devpage-live-status')).toHaveAttribute('data-status', 'open', {
    timeout: 15_000,
  });
  const temperature = page.getByTestId('devpage-value-temperature');
  await expect(temperature).not.toHaveText('—', { timeout: 15_000 });
  const first = await temperature.textContent();
  await expect(temperature).not.toHaveText(first ?? '', { timeout: 15_000 });

  // The device was online when it was bound: that starts its history.
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toHaveAttribute('data-reason', 'bound');
  await expect(entries(page).first()).toContainText('Online when bound to your team');
  await expect(page.getByTestId('devpage-online-share')).toContainText(/^Online 100% since /);

  // The device stops (it says so): the page learns it through the socket, the history grows.
  await d.sim.stop();
  await expect(online(page)).toHaveAttribute('data-online', '0', { timeout: 15_000 });
  await expect(entries(page)).toHaveCount(2, { timeout: 15_000 });
  await expect(entries(page).first()).toHaveAttribute('data-online', '0');
  await expect(entries(page).first()).toHaveAttribute('data-reason', 'state');
  await expect(entries(page).first()).toContainText('Went offline: the device reported it');

  // The links on: history with the device chosen.
  await page.getByTestId('devpage-open-history').click();
  await expect(page).toHaveURL(new RegExp(`#/device/history\\?device=${d.deviceId}`));
  await expect(page.getByTestId('history-page')).toBeVisible();
});

/**
 * A device with a past for the screenshots: an hour of history sent as backfill while the
 * simulator was stopped, an open alarm, a tag write, a dropped value, and three online changes.
 */
async function seedWithPast(): Promise<Seeded> {
  const d = await seed('Packaging_line_2', true);
  await d.sim.stop();
  const raw = await connectAsync(server.brokerUrl, {
    clientId: d.sn,
    username: d.sn,
    password: d.secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const now = Date.now();
  const samples = [];
  for (let ts = now - 3600_000; ts < now - 30_000; ts += 30_000) {
    const s = (ts - now) / 1000;
    samples.push({
      ts,
      hist: true,
      v: {
        [String(d.tags.temperature)]: Math.round((182 + 6 * Math.sin(s / 300) + Math.sin(s / 37)) * 10) / 10,
        [String(d.tags.pressure)]: Math.round((4.2 + 0.6 * Math.cos(s / 500)) * 100) / 100,
      },
    });
  }
  await raw.publishAsync(deviceTopic(d.sn, 'data'), JSON.stringify(samples), { qos: 1 });
  // A tag the template does not have: counted as dropped.
  await raw.publishAsync(deviceTopic(d.sn, 'data'), JSON.stringify({ ts: now, v: { 999999: 1 } }), {
    qos: 1,
  });
  await raw.endAsync();

  const { sn, secret } = d;
  const sim = await startSimulatedDevice({ url: server.brokerUrl, sn, secret, rate: 2, keepalive: 10 });
  devices.push(sim);
  // A write once the device is back (offline answers 1038 until its state arrives).
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${server.url}/v1/device/settag`, {
      method: 'POST',
      headers: { authorization: d.token, 'content-type': 'application/json' },
      body: JSON.stringify({ id: d.deviceId, tag_id: d.tags.setpoint, value: 1250 }),
    });
    const reply = (await res.json()) as { code: number };
    if (reply.code === 0) break;
    if (Date.now() > deadline) throw new Error(`settag: ${JSON.stringify(reply)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { ...d, sim };
}

const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 375, height: 812 },
} as const;

test.describe('device page screenshots', () => {
  let seeded: Seeded;
  test.beforeAll(async () => {
    seeded = await seedWithPast();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(viewports)) {
      test(`device page in ${theme} at ${size} width`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((t) => localStorage.setItem('hmicloud_1.0.4_THEME', t), theme);
        await openSignedIn(page, server.url, seeded.account, `/device/detail?id=${seeded.deviceId}`);
        await expect(page.getByTestId('device-page')).toBeVisible();
        await expect(page.getByTestId('devpage-value-temperature')).not.toHaveText('—', { timeout: 15_000 });
        await expect(page.getByTestId('devpage-value-recipe')).not.toHaveText('—');
        await expect(entries(page)).toHaveCount(3, { timeout: 15_000 });
        await expect(page.getByTestId('devpage-alarm')).toHaveCount(1, { timeout: 15_000 });
        await expect(page.getByTestId('devpage-write')).toHaveCount(1);
        await expect(page.getByTestId('devpage-drops')).toBeVisible();
        await expect(page.getByTestId('history-legend-item')).toHaveCount(2);
        // No tooltip of wherever the pointer was left.
        await page.mouse.move(0, 0);
        await page.waitForTimeout(800);
        // The page body never scrolls sideways.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${artifacts}device-page-${theme}-${size}.png`, fullPage: true });
      });
    }
  }
});
