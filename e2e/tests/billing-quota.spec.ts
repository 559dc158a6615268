import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { eachVariant } from '../support/variants.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import {
  api,
  bindSimulatedDevice,
  startDeviceServer,
  type BoundDevice,
  type DeviceServer,
} from '../support/devices.ts';
import {
  activateCard,
  allocateTagsInBrowser,
  issueCards,
  setBillingClock,
  type PrintedCard,
} from '../support/cards.ts';

/**
 * Billing enforcement end to end, on a server of its own with the test-only billing clock
 * (BILLING_TEST_CLOCK=1) and a billing messages job every second: a device collects only the
 * TAGs its level allows until the level is upgraded, and a Cloud Application card that expires
 * locks the template beyond the allowance (1052) and announces it in the billing messages.
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

let server: DeviceServer;
const devices: BoundDevice[] = [];
/** Printed cards, issued once with the operator's command (each test takes its own). */
let level1Cards: PrintedCard[];
let level2Cards: PrintedCard[];

test.beforeAll(async () => {
  server = await startDeviceServer({ BILLING_TEST_CLOCK: '1', BILLING_JOB_MS: '1000' });
  [level1Cards, level2Cards] = await Promise.all([
    issueCards(server, 'QUOTA1', ['--templates', '0', '--tags', '50', '--level', '1'], { count: 4 }),
    issueCards(server, 'QUOTA2', ['--templates', '1', '--tags', '100', '--level', '2'], { count: 8 }),
  ]);
});

test.afterAll(async () => {
  await Promise.all(devices.map((d) => d.sim.stop().catch(() => undefined)));
  await server?.stop();
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });
// Well under a minute on a quiet machine; generous for a busy one (a browser, a server, a device).
test.describe.configure({ timeout: 180_000 });

/** The first look after a navigation: the machine the suite runs on may be busy. */
const slow = { timeout: 30_000 };
const tagName = (i: number) => `t${String(i).padStart(2, '0')}`;
const value = (page: Page, name: string) => page.getByTestId(`value-${name}`);

async function owner() {
  const account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  return { account, token };
}

test('a device collects the first 50 of 52 template TAGs at level 1, all of them after the upgrade', async ({
  page,
}) => {
  const { account, token } = await owner();
  const tag = randomBytes(3).toString('hex');
  await activateCard(server, token, level1Cards.pop()!);
  await activateCard(server, token, level2Cards.pop()!);
  const template = await api<{ id: number }>(server.url, token, 'POST', '/template/add', {
    name: `Press_${tag}`,
    hmi_model: 'SIM-HMI-7',
    tags: Array.from({ length: 52 }, (_, i) => ({ name: tagName(i + 1), data_type: 1, rw: 0 })),
  });
  const device = await bindSimulatedDevice({
    server,
    token,
    bind: { name: 'Press_01' },
    device: { rate: 2 },
  });
  devices.push(device);
  // Level 1 (50 TAGs) before the device gets the template, so that no value of t51/t52 was ever
  // stored under the free tier.
  await api(server.url, token, 'POST', '/billing/tag/allocate', { device_id: device.id, level: 1 });
  const configured = device.sim.nextConfig();
  await api(server.url, token, 'POST', '/device/edit', { id: device.id, template_id: template.id });
  await configured;

  await openSignedIn(page, server.url, account, `/device/monitor?id=${device.id}`);
  await expect(page.getByTestId('monitor-page')).toBeVisible(slow);
  await expect(value(page, 't50')).not.toHaveText('—', { timeout: 30_000 });
  await expect(value(page, 't01')).not.toHaveText('—');
  // t50 and t51 came in the same samples: only the first has a value.
  await expect(value(page, 't51')).toHaveText('—');
  await expect(value(page, 't52')).toHaveText('—');

  // The device page says why: the warning (template TAGs over the device's) and the drops panel.
  await page.goto(`${server.url}/#/device/detail?id=${device.id}`);
  await expect(page.getByTestId('device-page')).toBeVisible(slow);
  const warning = page.getByTestId('devpage-quota-warning');
  await expect(warning).toHaveAttribute('data-kind', 'template', slow);
  await expect(warning).toContainText('The template has 52 TAGs, this device may collect 50');
  await expect(page.getByTestId('devpage-drop-why-tag_quota')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.devpage-drop[data-kind="tag_quota"]')).toHaveClass(/is-some/);

  // The upgrade to level 2 (100 TAGs) under My account, from the warning's link.
  await page.getByTestId('devpage-quota-account').click();
  await expect(page.getByTestId('my-account-page')).toBeVisible(slow);
  await allocateTagsInBrowser(page, 'Press_01', 2);

  await page.goto(`${server.url}/#/device/monitor?id=${device.id}`);
  // The next stored sample: at most the level-2 interval (30 s) after the last one.
  await expect(value(page, 't51')).not.toHaveText('—', { timeout: 45_000 });
  await expect(value(page, 't52')).not.toHaveText('—');
  await page.goto(`${server.url}/#/device/detail?id=${device.id}`);
  await expect(page.getByTestId('device-page')).toBeVisible(slow);
  await expect(page.getByTestId('devpage-drops')).toBeVisible(slow);
  await expect(page.getByTestId('devpage-quota-warning')).toHaveCount(0);
});

test('a Cloud Application card expires (test clock): the older template locks, 1052, a billing message; a new card restores it', async ({
  page,
}) => {
  const { account, token } = await owner();
  const tag = randomBytes(3).toString('hex');
  const activated = await activateCard(server, token, level2Cards.pop()!);
  // 1 free template + 1 of the card: two templates; the older one locks when the card expires.
  const tags = [
    { name: 'speed', data_type: 1, rw: 0 },
    { name: 'setpoint', data_type: 4, rw: 2 },
  ];
  const older = await api<{ id: number }>(server.url, token, 'POST', '/template/add', {
    name: `Older_${tag}`,
    hmi_model: 'SIM-HMI-7',
    tags,
  });
  await api(server.url, token, 'POST', '/template/add', {
    name: `Newer_${tag}`,
    hmi_model: 'SIM-HMI-7',
    tags,
  });
  const device = await bindSimulatedDevice({
    server,
    token,
    bind: { name: 'Mixer_01', template_id: older.id },
    device: { rate: 2 },
    waitConfig: true,
  });
  devices.push(device);

  await openSignedIn(page, server.url, account);
  // What will lock, and when, before it happens.
  await page.getByTestId('menu-myAccount').click();
  await expect(page.getByTestId('expiry-preview')).toContainText('1 template will be locked', slow);
  const templates = page.getByTestId('template-table');
  const row = (name: string) => templates.locator('tr', { hasText: name });
  await page.goto(`${server.url}/#/device/templatelist`);
  await expect(row(`Older_${tag}`)).toBeVisible(slow);
  await expect(templates.getByTestId('template-locked')).toHaveCount(0);

  try {
    await setBillingClock(server, token, activated.expires_at! + 60_000);

    await page.reload();
    // One template locked, not the newer one (the locked name may be cut short beside its tag).
    await expect(templates.getByTestId('template-locked')).toHaveCount(1, slow);
    await expect(row(`Newer_${tag}`)).toBeVisible();
    await expect(row(`Newer_${tag}`).getByTestId('template-locked')).toHaveCount(0);

    // Its device: the page says why, nothing new is collected, a write is refused with 1052.
    await page.goto(`${server.url}/#/device/detail?id=${device.id}`);
    const warning = page.getByTestId('devpage-quota-warning');
    await expect(warning).toHaveAttribute('data-kind', 'locked', slow);
    await expect(warning).toContainText('1052');
    await expect(page.getByTestId('devpage-drop-why-template_locked')).toBeVisible({ timeout: 15_000 });
    await page.goto(`${server.url}/#/device/monitor?id=${device.id}`);
    await page.getByTestId('write-setpoint').click(slow);
    await page.getByTestId('write-value').fill('12');
    await page.getByTestId('write-submit').click();
    const outcome = page.getByTestId('write-outcome');
    await expect(outcome).toHaveAttribute('data-ok', '0', slow);
    await expect(outcome).toContainText('The template is locked');
    await page.getByTestId('write-dialog').getByRole('button', { name: 'Cancel' }).click();

    // The billing messages job (every second here) announced the expiry, once.
    await page.goto(`${server.url}/#/message/msgBilling`);
    const messages = page.getByTestId('message-page-billing');
    await expect(messages).toBeVisible(slow);
    // (Posted within a second of the clock's move, long before; the page also follows the bell.)
    await expect(messages).toContainText('has expired', slow);
    await expect(messages.getByText(/has expired/)).toHaveCount(1);

    // A new card restores the template.
    await activateCard(server, token, level2Cards.pop()!);
    await page.goto(`${server.url}/#/device/templatelist`);
    await expect(row(`Older_${tag}`)).toBeVisible(slow);
    await expect(templates.getByTestId('template-locked')).toHaveCount(0);
  } finally {
    await setBillingClock(server, token, Date.now());
  }
});

/*
 * Screenshots of the billing screens (light and dark, 1440 and 375 px wide), as the other
 * screenshot suites take them into e2e/artifacts: an account with two CA cards (one expiring
 * with a template over the allowance, so the preview shows), a TAG allocation, and two billing
 * messages posted by the job at test-clock times before the expiry.
 */
test.describe('billing screenshots', () => {
  let seeded: { account: Account };

  test.beforeAll(async () => {
    const { account, token } = await owner();
    await activateCard(server, token, level1Cards.pop()!);
    const card = await activateCard(server, token, level2Cards.pop()!);
    const tags = [{ name: 'speed', data_type: 1, rw: 0 }];
    for (const name of ['Filler_line', 'Capper_line']) {
      await api(server.url, token, 'POST', '/template/add', { name, hmi_model: 'SIM-HMI-7', tags });
    }
    const device = await bindSimulatedDevice({ server, token, bind: { name: 'Filler_01' } });
    devices.push(device);
    await api(server.url, token, 'POST', '/billing/tag/allocate', { device_id: device.id, level: 1 });
    // The job (every second) posts "expires in 20 days", then "expires in 3 days", for each of
    // the two cards (activated together).
    const billingCount = async () =>
      (await api<{ total: { billing: number } }>(server.url, token, 'GET', '/msg/notify/count')).total
        .billing;
    try {
      for (const [days, count] of [
        [20, 2],
        [3, 4],
      ] as const) {
        await setBillingClock(server, token, card.expires_at! - days * 86_400_000);
        await expect.poll(billingCount, { timeout: 30_000 }).toBe(count);
      }
    } finally {
      await setBillingClock(server, token, Date.now());
    }
    seeded = { account };
  });

  // Each screen loaded once, then shown light and dark at 1440 and 375 px (support/variants.ts).
  test('billing screens in light and dark at desktop and phone width', async ({ page }) => {
    await openSignedIn(page, server.url, seeded.account);
    const shotAll = (name: string) =>
      eachVariant(page, async (theme, size) => {
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, slow);
        // The page body never scrolls sideways.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} ${theme} ${size}`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${artifacts}billing-${name}-${theme}-${size}.png`, fullPage: true });
      });
    await page.goto(`${server.url}/#/billing/myAccount`);
    await expect(page.getByTestId('expiry-preview')).toBeVisible(slow);
    await expect(page.getByTestId('card-table')).toBeVisible();
    await shotAll('account');
    await page.goto(`${server.url}/#/billing/rechargeRecord`);
    await expect(page.getByTestId('recharge-table').locator('tbody tr.ant-table-row')).toHaveCount(3, slow);
    await shotAll('records');
    await page.goto(`${server.url}/#/message/msgBilling`);
    await expect(page.getByTestId('message-page-billing')).toContainText('expires in 3 days', slow);
    await shotAll('messages');
  });
});
