import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import type { SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * The data board (/operations/dashboard) against a simulated device: the owner lands on it after
 * sign-in, builds two indicator cards and a trend, sees the values change, resizes a card and
 * finds the same layout after a reload; stars the device in the device list and finds it in the
 * board's favourites; the board in three languages, dark, and stacked at 375 px. A new account's
 * empty board offers a board from its devices, saved in one click, whose trend fills its card. A sub-account
 * holding the control panel permission (46) but not the dashboard's (1) starts on the control panel.
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
const shots = process.env.E2E_SHOTS === '1';

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
test.describe.configure({ timeout: 180_000 });

async function seed(): Promise<{ account: Account; token: string; deviceId: number; name: string }> {
  const account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const tpl = await api<{ id: number }>(server.url, token, 'POST', '/template/add', {
    name: `Tank_${randomBytes(3).toString('hex')}`,
    hmi_model: 'SIM-HMI-7',
    tags: [
      { name: 'level', data_type: 7, rw: 0, unit: 'm', decimals: 2 },
      { name: 'cycles', data_type: 2, rw: 0 },
      { name: 'running', data_type: 0, rw: 0 },
    ],
  });
  const name = `Tank_${randomBytes(2).toString('hex')}`;
  const device = await bindSimulatedDevice({
    server,
    token,
    seed: `board-${randomBytes(4).toString('hex')}`,
    device: { rate: 2 },
    bind: { name, template_id: tpl.id },
    waitConfig: true,
  });
  devices.push(device.sim);
  return { account, token, deviceId: device.id, name };
}

/** Adds a card through the editor: its kind, the device, then its tags. */
async function addCard(page: Page, kind: 'indicator' | 'trend', device: string, tags: string[]) {
  await page.getByTestId('board-add').click();
  const editor = page.getByTestId('board-editor');
  await expect(editor).toBeVisible();
  if (kind === 'trend') await editor.getByTestId('board-editor-kind').getByText('Trend').click();
  await editor.getByTestId('board-editor-device').click();
  await page.keyboard.type(device);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: device }).click();
  await editor.getByTestId('board-editor-tags').click();
  for (const tag of tags) {
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${tag}`) })
      .click();
  }
  await page.keyboard.press('Escape');
  const saved = page.waitForResponse((r) => r.url().includes('/v1/board/save'));
  await page.getByTestId('board-editor-save').click();
  expect((await (await saved).json()).code).toBe(0);
  await expect(editor).toBeHidden();
}

/** Where each card sits on screen, by its kind and order. */
const boxes = (page: Page) =>
  page.locator('[data-card-id]').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        id: (el as HTMLElement).dataset.cardId,
        x: Math.round(r.x),
        y: Math.round(r.y),
        w: Math.round(r.width),
        h: Math.round(r.height),
      };
    }),
  );

test('builds a board on a simulated device, sees values change, keeps its layout; stars the device', async ({
  page,
}) => {
  const { account, name } = await seed();
  await openSignedIn(page, server.url, account);
  // The start page of a user with the dashboard permission (the main account).
  await expect(page).toHaveURL(/#\/operations\/dashboard$/);
  await expect(page.getByTestId('board-empty')).toBeVisible();

  await addCard(page, 'indicator', name, ['level']);
  await addCard(page, 'indicator', name, ['cycles']);
  await addCard(page, 'trend', name, ['level', 'cycles']);
  await expect(page.getByTestId('board-card-indicator')).toHaveCount(2);
  await expect(page.getByTestId('board-card-trend')).toHaveCount(1);
  await expect(page.getByTestId('board-count')).toHaveText('3 of 24 cards');

  // Live values arrive and change in place (the device sends twice a second).
  const value = page.getByTestId('board-indicator-value').nth(1);
  await expect(value).not.toHaveText('—', { timeout: 15_000 });
  const first = await value.textContent();
  await expect(value).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expect(page.getByTestId('board-indicator-quality').first()).toHaveText('Live');
  await expect(page.getByTestId('board-card-trend').getByTestId('history-legend-item')).toHaveCount(2);

  // Resize the first card from its corner: the layout of this screen size is saved.
  const card = page.locator('[data-card-id]').first();
  const handle = card.locator('.react-resizable-handle');
  await card.hover();
  const hb = (await handle.boundingBox())!;
  const saved = page.waitForResponse((r) => r.url().includes('/v1/board/save'));
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(hb.x + 200, hb.y + 150, { steps: 8 });
  await page.mouse.up();
  expect((await (await saved).json()).code).toBe(0);
  await page.waitForTimeout(400);
  const before = await boxes(page);
  expect(before[0]!.w).toBeGreaterThan(300);

  await page.reload();
  await expect(page.getByTestId('board-card-indicator')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('board-indicator-value').nth(1)).not.toHaveText('—', { timeout: 30_000 });
  await page.waitForTimeout(400);
  expect(await boxes(page)).toEqual(before);

  // Star the device in the device list: it is in the board's favourites, online, with values.
  await page.goto(`${server.url}/#/device/devicelist`);
  const row = page.getByTestId('device-table').locator('tr.ant-table-row', { hasText: name });
  await row.getByTestId('favourite-star').click();
  await expect(row.getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`${server.url}/#/operations/dashboard`);
  const favourite = page.getByTestId('board-favourite');
  await expect(favourite).toHaveCount(1, { timeout: 30_000 });
  await expect(favourite).toContainText(name);
  await expect(favourite.getByTestId('board-favourite-online')).toHaveAttribute('data-online', '1');
  await expect(favourite).toContainText('level');
  await expect(favourite.getByTestId('board-favourite-history')).toBeVisible();

  // Three languages, dark, and a phone: the cards stack in one column.
  for (const [locale, title] of [
    ['zh-cn', '数据看板'],
    ['zh-tw', '資料看板'],
    ['en-us', 'Data board'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('hmicloud_1.0.4_LOCALE', l), locale);
    await page.reload();
    await expect(page.locator('.device-page-title')).toHaveText(title, { timeout: 30_000 });
  }
  await page.evaluate(() => localStorage.setItem('hmicloud_1.0.4_THEME', 'dark'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByTestId('board-grid')).toHaveAttribute('data-breakpoint', 'xs', { timeout: 30_000 });
  await expect(page.getByTestId('board-card-indicator')).toHaveCount(2);
  await page.waitForTimeout(400);
  const phone = await boxes(page);
  expect(new Set(phone.map((b) => b.x)).size).toBe(1);
  expect(phone.every((b, i) => i === 0 || b.y > phone[i - 1]!.y)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a new account’s empty board offers a board from its devices: one click saves it; the trend fills its card', async ({
  page,
}) => {
  // Two devices on one template: the suggestion has an indicator of each, a trend of the first
  // device's number tags and one of its first tag on both.
  const account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const tpl = await api<{ id: number }>(server.url, token, 'POST', '/template/add', {
    name: `Mixer_${randomBytes(3).toString('hex')}`,
    hmi_model: 'SIM-HMI-7',
    tags: [
      { name: 'running', data_type: 0, rw: 0 },
      { name: 'torque', data_type: 7, rw: 0, unit: 'Nm', decimals: 1 },
      { name: 'fill', data_type: 1, rw: 0, unit: '%' },
    ],
  });
  const seedName = `mix-${randomBytes(4).toString('hex')}`;
  for (const index of [1, 2]) {
    const device = await bindSimulatedDevice({
      server,
      token,
      seed: seedName,
      index,
      device: { rate: 2 },
      bind: { name: `Mixer_${index}_${randomBytes(2).toString('hex')}`, template_id: tpl.id },
      waitConfig: true,
    });
    devices.push(device.sim);
  }
  // Let the devices store some history for the trends.
  await page.waitForTimeout(3000);

  await openSignedIn(page, server.url, account);
  await expect(page).toHaveURL(/#\/operations\/dashboard$/);
  const offer = page.getByTestId('board-suggestion');
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer.getByTestId('board-empty')).toBeVisible();
  const proposed = offer.getByTestId('board-suggestion-cards').locator('li');
  await expect(proposed).toHaveCount(4);
  await expect(proposed.filter({ hasText: 'torque' })).toHaveCount(3);
  await expect(offer).toContainText('4 cards from 2 of your team’s devices');
  if (shots) {
    mkdirSync(artifacts, { recursive: true });
    await shootAll(page, 'dashboard-suggestion-offer', async () => {
      await expect(page.getByTestId('board-suggestion')).toBeVisible({ timeout: 30_000 });
    });
  }

  // One click: saved as any board, there after a reload.
  const saved = page.waitForResponse((r) => r.url().includes('/v1/board/save'));
  await page.getByTestId('board-suggestion-accept').click();
  expect((await (await saved).json()).code).toBe(0);
  await expect(page.getByTestId('board-card-indicator')).toHaveCount(2);
  await expect(page.getByTestId('board-card-trend')).toHaveCount(2);
  await expect(page.getByTestId('board-count')).toHaveText('4 of 24 cards');
  await page.reload();
  await expect(page.getByTestId('board-card-trend')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('board-indicator-value').first()).not.toHaveText('—', { timeout: 30_000 });

  // The trend's plot fills its card (not a 60 px strip with one y tick), and grows with it.
  const plotShare = async () =>
    page
      .getByTestId('board-card-trend')
      .first()
      .evaluate((card) => {
        // uPlot's chunk may still be loading: no plot yet is 0, and the poll asks again.
        const plot = card.querySelector('.uplot')?.getBoundingClientRect().height ?? 0;
        const legend = card.querySelector('.history-legend')?.getBoundingClientRect().height ?? 0;
        return { card: card.getBoundingClientRect().height, plot, legend };
      });
  // The plot settles once uPlot's chunk has loaded and the card has measured it: wait for it to fill.
  const fills = (s: { card: number; plot: number; legend: number }) =>
    s.plot > 150 && s.plot > s.card - s.legend - 70;
  await expect.poll(async () => fills(await plotShare()), { timeout: 15_000 }).toBe(true);
  const before = await plotShare();
  // Header (40 px), paddings and the legend: the plot takes the rest.
  expect(before.plot).toBeGreaterThan(before.card - before.legend - 70);
  const card = page.getByTestId('board-card-trend').first().locator('xpath=..');
  await card.hover();
  const hb = (await card.locator('.react-resizable-handle').boundingBox())!;
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(hb.x + hb.width / 2, hb.y + 150, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => (await plotShare()).plot, { timeout: 10_000 })
    .toBeGreaterThan(before.plot + 100);

  if (shots) {
    await shootAll(page, 'dashboard-suggested', async () => {
      await expect(page.getByTestId('board-indicator-value').first()).not.toHaveText('—', {
        timeout: 30_000,
      });
    });
  }
});

/** Screenshots of the current screen in light and dark, at 1440 and 375 px (English). */
async function shootAll(page: Page, name: string, ready: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.evaluate((t) => {
        localStorage.setItem('hmicloud_1.0.4_THEME', t);
        localStorage.setItem('hmicloud_1.0.4_LOCALE', 'en-us');
      }, theme);
      await page.reload();
      await ready();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${artifacts}${name}-${theme}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.setItem('hmicloud_1.0.4_THEME', 'light'));
  await page.reload();
}

async function signedIn(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  return { context, page: await context.newPage() };
}

test('a sub-account with the control panel permission (46) but not the dashboard’s (1) starts on the control panel', async ({
  browser,
}) => {
  const owner = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, owner);
  const role = await api<{ id: number }>(server.url, token, 'POST', '/system/role/add', {
    name: 'Watch',
    permissions: [46, 2],
  });
  const member = await createActiveAccount(server.url, server.dataDir);
  await api(server.url, token, 'POST', '/system/user/invite', { account: member.email, role_id: role.id });
  const memberToken = (await apiLogin(server.url, member)).token;
  const mine = await api<{ list: { id: number }[] }>(server.url, memberToken, 'GET', '/msg/team/invation');
  await api(server.url, memberToken, 'POST', '/team/invitation/confirm', {
    id: mine.list[0]!.id,
    accept: true,
  });

  const { context, page } = await signedIn(browser);
  await openSignedIn(page, server.url, member);
  await expect(page).toHaveURL(/#\/operations\/controlpanel/);
  await expect(page.getByTestId('menu-dashboard')).toHaveCount(0);
  await context.close();
});

// docs/screenshots/dashboard-*.png: E2E_SHOTS=1 only, in English (the test machine may lack CJK fonts).
test('dashboard screenshots', async ({ page }) => {
  test.skip(!shots, 'E2E_SHOTS=1 only');
  mkdirSync(artifacts, { recursive: true });
  const { account, token, deviceId } = await seed();
  const cards = [
    {
      id: 'a',
      kind: 'indicator',
      title: 'Tank level',
      device_id: deviceId,
      tag_id: 0,
      thresholds: { high_warn: 50, high_alarm: 80 },
    },
  ];
  const tags = await api<{ tags: { id: number; name: string }[] }>(
    server.url,
    token,
    'GET',
    `/history/tags?id=${deviceId}`,
  );
  const id = (n: string) => tags.tags.find((t) => t.name === n)!.id;
  cards[0]!.tag_id = id('level');
  await api(server.url, token, 'POST', '/board/save', {
    cards: [
      ...cards,
      { id: 'b', kind: 'indicator', title: 'Cycles', device_id: deviceId, tag_id: id('cycles') },
      {
        id: 'c',
        kind: 'trend',
        title: 'Tank trend',
        tags: [
          { device_id: deviceId, tag_id: id('level') },
          { device_id: deviceId, tag_id: id('cycles') },
        ],
      },
    ],
    layouts: {},
  });
  await api(server.url, token, 'POST', '/board/favourite', { device_id: deviceId, on: true });
  await openSignedIn(page, server.url, account);
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.evaluate((t) => {
        localStorage.setItem('hmicloud_1.0.4_THEME', t);
        localStorage.setItem('hmicloud_1.0.4_LOCALE', 'en-us');
      }, theme);
      await page.goto(`${server.url}/#/operations/dashboard`);
      await page.reload();
      await expect(page.getByTestId('board-indicator-value').first()).not.toHaveText('—', {
        timeout: 15_000,
      });
      await expect(page.getByTestId('board-favourite')).toHaveCount(1);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${artifacts}dashboard-${theme}-${width}.png`, fullPage: true });
    }
  }
});
