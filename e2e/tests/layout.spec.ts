import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { connectAsync } from 'mqtt';
import { deviceTopic, type DataSample } from '@hmi/domain';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { settled } from '../support/settle.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import { startSimulatedDevice, type SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * Layout guard of the screens a new user met ("What a new user met"): each at 1440 and 375 px,
 * light and dark, fails when the page scrolls sideways (document.scrollingElement.scrollWidth >
 * clientWidth) or a table column is narrower than its header (header cell scrollWidth >
 * clientWidth); a column without a header, a table scrolling sideways at 1440 px and a range
 * preset cut short fail too. Languages vary between the runs (their words differ in width).
 * Own server: the simulated device needs the embedded broker's port. E2E_SHOTS=1 also saves a
 * screenshot of each screen under e2e/artifacts/layout/.
 */
let server: DeviceServer;
let account: Account;
let deviceId: number;
let templateId: number;
const devices: SimulatedDeviceHandle[] = [];
const shots = process.env.E2E_SHOTS === '1';
const artifacts = fileURLToPath(new URL('../artifacts/layout/', import.meta.url));

/** 50 minutes of a machine: a motor on and off (BOOL), its speed (rpm), an oven temperature (°C). */
function machineHour(tags: Record<'running' | 'speed' | 'temperature', number>, to: number): DataSample[] {
  const out: DataSample[] = [];
  for (let ts = to - 50 * 60_000, i = 0; ts <= to; ts += 10_000, i++) {
    const running = i % 90 < 60;
    out.push({
      ts,
      hist: true,
      v: {
        [tags.running]: running,
        [tags.speed]: running ? Math.round(1450 + 60 * Math.sin(i / 7) + (i % 5) * 4) : 0,
        [tags.temperature]: Math.round((62 + 14 * Math.sin(i / 40) + (running ? 6 : 0)) * 10) / 10,
      },
    });
  }
  return out;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startDeviceServer();
  account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const tpl = await api<{ id: number; tags: { id: number; name: string }[] }>(
    server.url,
    token,
    'POST',
    '/template/add',
    {
      name: `Line_${randomBytes(3).toString('hex')}`,
      hmi_model: 'SIM-HMI-7',
      tags: [
        { name: 'running', data_type: 0, rw: 0 },
        { name: 'spindle_speed', data_type: 7, rw: 0, unit: 'rpm', decimals: 0 },
        { name: 'oven_temperature', data_type: 7, rw: 0, unit: '°C', decimals: 1 },
        { name: 'setpoint', data_type: 4, rw: 2 },
      ],
    },
  );
  templateId = tpl.id;
  const id = (name: string) => tpl.tags.find((t) => t.name === name)!.id;
  await api(server.url, token, 'POST', '/alarm/rule/add', {
    template_id: tpl.id,
    name: 'Setpoint above the oven limit',
    level: 16,
    tag_id: id('setpoint'),
    type: 2,
    value: '100',
    content: '{device}: setpoint at {value}, above the limit of the oven',
  });
  const bound = await bindSimulatedDevice({
    server,
    token,
    device: { rate: 0.5 },
    bind: { name: 'Press_line_with_a_long_name_07', template_id: tpl.id },
    waitConfig: true,
  });
  deviceId = bound.id;
  // The last 50 minutes as the device's backfill (it was offline), then the device back online.
  await bound.sim.stop();
  const client = await connectAsync(server.brokerUrl, {
    clientId: bound.sn,
    username: bound.sn,
    password: bound.secret,
    protocolVersion: 4,
  });
  const hour = machineHour(
    { running: id('running'), speed: id('spindle_speed'), temperature: id('oven_temperature') },
    Date.now() - 5000,
  );
  for (let i = 0; i < hour.length; i += 100)
    await client.publishAsync(deviceTopic(bound.sn, 'data'), JSON.stringify(hour.slice(i, i + 100)), {
      qos: 1,
    });
  await client.endAsync();
  const sim = await startSimulatedDevice({
    url: server.brokerUrl,
    sn: bound.sn,
    secret: bound.secret,
    rate: 0.5,
  });
  devices.push(sim);
  // Over the limit: a critical alarm, its record and its message.
  await expect(async () => {
    await api(server.url, token, 'POST', '/device/settag', {
      id: deviceId,
      tag_id: id('setpoint'),
      value: 150,
    });
  }).toPass({ timeout: 30_000 });
  await expect(async () => {
    const r = await api<{ total: number }>(server.url, token, 'GET', '/alarm/record/list?active=true');
    expect(r.total).toBe(1);
  }).toPass({ timeout: 30_000 });
});

test.afterAll(async () => {
  await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
  await server?.stop();
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });
test.describe.configure({ timeout: 120_000 });

/**
 * What is wrong with the layout now: the page scrolls sideways; a header's text does not fit
 * its column (the header cell, or an element inside it that clips the text with an ellipsis, is
 * narrower than its content: scrollWidth > clientWidth), or a column has no header (but the
 * trailing one of row buttons); at desktop
 * width, a table scrolls sideways (its pinned columns then cover others). The shadows antd draws
 * beside pinned columns overflow their cell on purpose: hidden while measuring.
 */
function layoutProblems(page: Page, desktop: boolean): Promise<string[]> {
  return page.evaluate((wide) => {
    const out: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      out.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth} px`);
    if (wide)
      for (const box of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'))
        if (box.scrollWidth > box.clientWidth + 1)
          out.push(`a table scrolls sideways: ${box.scrollWidth} > ${box.clientWidth} px`);
    const quiet = document.createElement('style');
    quiet.textContent =
      '.ant-table-thead th::after, .ant-table-thead th::before { display: none !important; }';
    document.head.append(quiet);
    for (const th of document.querySelectorAll<HTMLTableCellElement>('.ant-table-thead th')) {
      const text = th.textContent?.trim() ?? '';
      if (th.getClientRects().length === 0 || th.classList.contains('ant-table-selection-column')) continue;
      if (!text) {
        // Only the trailing column of row buttons (⋮, mark read) may go without a header.
        const rest = [...(th.parentElement?.children ?? [])].slice(th.cellIndex + 1);
        if (rest.some((c) => !c.classList.contains('ant-table-cell-scrollbar')))
          out.push(`column ${th.cellIndex + 1} has no header`);
        continue;
      }
      const clipped = [th, ...th.querySelectorAll<HTMLElement>('*')].find(
        (el) => el instanceof HTMLElement && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1,
      );
      if (clipped)
        out.push(`column "${text}" is ${clipped.clientWidth} px, its header needs ${clipped.scrollWidth} px`);
    }
    quiet.remove();
    // Range presets and other segmented controls: a label cut short is a word the user cannot read.
    for (const label of document.querySelectorAll<HTMLElement>('.ant-segmented-item-label'))
      if (label.scrollWidth > label.clientWidth + 1)
        out.push(`"${label.textContent ?? ''}" is cut: ${label.clientWidth} < ${label.scrollWidth} px`);
    return out;
  }, desktop);
}

async function check(page: Page, name: string, ready: Locator, tag: string) {
  const desktop = (page.viewportSize()?.width ?? 0) >= 1200;
  await expect(ready).toBeVisible();
  // Let fonts, drawers sliding in and the table's measured widths settle (endless animations,
  // such as a raised alarm's pulsing dot, aside).
  await settled(page);
  if (shots) await page.screenshot({ path: `${artifacts}${name}-${tag}.png`, fullPage: true });
  expect(await layoutProblems(page, desktop), `${name} (${tag})`).toEqual([]);
}

const runs = [
  { theme: 'light', size: 'desktop', viewport: { width: 1440, height: 900 }, locale: 'en-us' },
  { theme: 'dark', size: 'desktop', viewport: { width: 1440, height: 900 }, locale: 'zh-cn' },
  { theme: 'light', size: 'phone', viewport: { width: 375, height: 812 }, locale: 'en-us' },
  { theme: 'dark', size: 'phone', viewport: { width: 375, height: 812 }, locale: 'zh-tw' },
] as const;

for (const run of runs) {
  const tag = `${run.theme}-${run.size}-${run.locale}`;
  test(`screens fit at ${run.viewport.width} px, ${run.theme}, ${run.locale}`, async ({ page }) => {
    if (shots) mkdirSync(artifacts, { recursive: true });
    await page.setViewportSize(run.viewport);
    await page.addInitScript(
      ({ theme, locale }) => {
        localStorage.setItem('hmicloud_1.0.4_THEME', theme);
        localStorage.setItem('hmicloud_1.0.4_LOCALE', locale);
      },
      { theme: run.theme, locale: run.locale },
    );
    const url = (hash: string) => `${server.url}/#${hash}`;

    // Signed out: sign-in card, registration (both tabs: their ids stay unique), app download.
    await page.goto(url('/login'));
    await check(page, 'login', page.getByTestId('login-submit'), tag);
    await page.goto(url('/register?by=phone'));
    await expect(page.getByTestId('register-phone')).toBeVisible();
    await page.goto(url('/register'));
    await check(page, 'register', page.getByTestId('register-email'), tag);
    const duplicateIds = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    expect(duplicateIds, 'duplicate element ids on the register page').toEqual([]);
    await page.goto(url('/appdownload'));
    await check(page, 'appdownload', page.locator('.auth-subtitle'), tag);

    await openSignedIn(page, server.url, account, '/device/devicelist');
    await check(
      page,
      'devicelist',
      page.getByTestId('device-list-page').locator('tbody tr.ant-table-row').first(),
      tag,
    );
    await page.goto(url(`/device/monitor?id=${deviceId}`));
    await check(
      page,
      'monitor',
      page.getByTestId('monitor-page').locator('tbody tr.ant-table-row').first(),
      tag,
    );
    await page.goto(url(`/device/history?device=${deviceId}`));
    await expect(page.getByTestId('history-legend').getByTestId('history-legend-item')).toHaveCount(3);
    await expect(page.getByTestId('history-chart')).toHaveAttribute('aria-busy', 'false');
    await check(
      page,
      'history',
      page.getByTestId('history-raw-table').locator('tbody tr.ant-table-row').first(),
      tag,
    );
    await page.goto(url(`/alarm/alarmRules?templateid=${templateId}`));
    await check(
      page,
      'alarmrules',
      page.getByTestId('alarm-rules-page').locator('tbody tr.ant-table-row').first(),
      tag,
    );
    await page.goto(url('/alarm/alarmRecords?tab=history'));
    await check(page, 'alarmrecords', page.getByTestId('alarm-record-row').first(), tag);
    // The row itself, not its middle: the device name there links to the device page.
    await page.getByTestId('alarm-record-row').first().dispatchEvent('click');
    await check(page, 'alarmrecord-details', page.getByTestId('alarm-record-drawer'), tag);
    await page.keyboard.press('Escape');
    await page.goto(url('/message/msgAlarm'));
    await check(page, 'msgalarm', page.getByTestId('message-table').locator('tr[data-id]').first(), tag);
  });
}

// The history chart with mixed units (BOOL lane, rpm, °C) as docs/screenshots/history-*.png show
// it: E2E_SHOTS=1 only, in English (the test machine may lack CJK fonts).
test('history chart screenshots', async ({ page }) => {
  test.skip(!shots, 'E2E_SHOTS=1 only');
  mkdirSync(artifacts, { recursive: true });
  await openSignedIn(page, server.url, account);
  for (const run of runs) {
    await page.setViewportSize(run.viewport);
    await page.evaluate((theme) => {
      localStorage.setItem('hmicloud_1.0.4_THEME', theme);
      localStorage.setItem('hmicloud_1.0.4_LOCALE', 'en-us');
    }, run.theme);
    await page.goto(`${server.url}/#/device/history?device=${deviceId}`);
    await page.reload();
    const card = page.locator('.history-card').filter({ has: page.getByTestId('history-chart') });
    await expect(page.getByTestId('history-legend').getByTestId('history-legend-item')).toHaveCount(3);
    await expect(page.getByTestId('history-chart')).toHaveAttribute('aria-busy', 'false');
    await page.waitForTimeout(300);
    await card.screenshot({ path: `${artifacts}history-chart-${run.theme}-${run.viewport.width}.png` });
  }
});
