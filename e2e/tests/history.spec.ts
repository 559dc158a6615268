import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connectAsync } from 'mqtt';
import { deviceTopic, type DataSample } from '@hmi/domain';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';

/**
 * The history screen against the real server: a device bound with a template, a few seconds of
 * samples published over MQTT as the device (plain client, backfill), then chart, legend, zoom,
 * raw table and CSV export in the browser. Own server: the test needs the broker's port.
 */
let server: DeviceServer;
let account: Account;
let deviceId: number;
let tagIds: Record<'speed' | 'running' | 'count' | 'recipe', number>;
/** First and last sample times. */
let span: { from: number; to: number };

/** Machine-like samples between `from` and `to`: a line speed with noise, a motor on/off, a counter. */
function samples(from: number, to: number, stepMs: number): DataSample[] {
  const out: DataSample[] = [];
  for (let ts = from, i = 0; ts <= to; ts += stepMs, i++) {
    const s = (ts - from) / 1000;
    out.push({
      ts,
      hist: true,
      v: {
        [tagIds.speed]:
          Math.round((120 + 18 * Math.sin(s * 1.3) + 6 * Math.sin(s * 7.1) + (i % 7) - 3) * 10) / 10,
        [tagIds.running]: Math.floor(s / 2.5) % 3 !== 2,
        [tagIds.count]: 1000 + Math.floor(s * 4),
        [tagIds.recipe]: s < 5 ? 'RCP-A' : 'RCP-B',
      },
    });
  }
  return out;
}

test.beforeAll(async () => {
  // Every sample of the backfill stored: billing off (the free tier would keep one a minute).
  server = await startDeviceServer({ BILLING_ENABLED: 'false' });
  account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const tpl = await api<{ id: number; tags: { id: number; name: string }[] }>(
    server.url,
    token,
    'POST',
    '/template/add',
    {
      name: 'Filler_history',
      type: 'local',
      hmi_model: 'cMT3072XH',
      tags: [
        { name: 'speed', data_type: 7, rw: 0, unit: 'bpm', decimals: 1 },
        { name: 'running', data_type: 0, rw: 0 },
        { name: 'count', data_type: 2, rw: 0, unit: 'pcs' },
        { name: 'recipe', data_type: 9, rw: 2 },
      ],
    },
  );
  const byName = new Map(tpl.tags.map((t) => [t.name, t.id]));
  tagIds = {
    speed: byName.get('speed')!,
    running: byName.get('running')!,
    count: byName.get('count')!,
    recipe: byName.get('recipe')!,
  };

  // The device announces itself once (first use), is bound with the template, then goes away.
  const bound = await bindSimulatedDevice({
    server,
    token,
    device: { rate: 0.2 },
    bind: { name: 'Filler_07', template_id: tpl.id },
    waitConfig: true,
  });
  await bound.sim.stop();
  deviceId = bound.id;

  // History starts at the binding: measure for a few seconds from then, sent as one backfill.
  const from = bound.boundAt + 200;
  await new Promise((r) => setTimeout(r, Math.max(0, from + 10_000 - Date.now())));
  const data = samples(from, from + 10_000, 25);
  span = { from: data[0]!.ts, to: data.at(-1)!.ts };
  const client = await connectAsync(server.brokerUrl, {
    clientId: bound.sn,
    username: bound.sn,
    password: bound.secret,
    protocolVersion: 4,
  });
  for (let i = 0; i < data.length; i += 200)
    await client.publishAsync(deviceTopic(bound.sn, 'data'), JSON.stringify(data.slice(i, i + 200)), {
      qos: 1,
    });
  await client.endAsync();
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

test('opens the history chart: device and tags, legend, zoom, raw values, CSV export', async ({ page }) => {
  await openSignedIn(page, server.url, account, `/device/history`);
  const chart = page.getByTestId('history-chart');
  await expect(page.getByTestId('history-empty-device')).toBeVisible();
  await expect(page.getByTestId('history-raw-empty')).toContainText('Choose a device');

  // Device by name search; its first drawable tags are chosen for the user.
  await page.getByTestId('history-device').click();
  await page.keyboard.type('Filler_0');
  await page.locator('.ant-select-item-option', { hasText: 'Filler_07' }).click();
  const legend = page.getByTestId('history-legend');
  await expect(legend.getByTestId('history-legend-item')).toHaveCount(3);
  await expect(legend).toContainText('speed');
  await expect(legend).toContainText('running');
  // No range chosen: it fits the data (seconds of samples: the last hour, not the last day).
  await expect(page.getByTestId('history-presets').locator('.ant-segmented-item-selected')).toHaveText('1 h');

  // Keep only "speed": remove the other two chips.
  const tags = page.getByTestId('history-tags');
  // A click on a chip's cross while the list re-renders can miss it: remove until it is gone.
  for (const name of ['running', 'count']) {
    const chip = tags.locator('.ant-select-selection-item', { hasText: name });
    await expect(async () => {
      if ((await chip.count()) > 0)
        await chip.locator('.ant-select-selection-item-remove').click({ timeout: 2_000 });
      await expect(chip).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  await expect(legend.getByTestId('history-legend-item')).toHaveCount(1);
  await expect(legend).toContainText('speed');

  // Last hour: the 10 s of samples sit at the right edge; the chart is drawn on a canvas.
  await page.getByTestId('history-presets').getByText('1 h').click();
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expect(page.getByTestId('history-empty-data')).toHaveCount(0);
  const table = page.getByTestId('history-raw-table');
  await expect(table.locator('tbody tr', { hasText: 'speed' }).first()).toBeVisible();
  await expect(page.getByTestId('history-page').locator('.ant-pagination-total-text')).toHaveText(
    '401 values',
  );

  // Drag-select the last pixels of the plot: the window narrows and the series is asked again.
  const windowText = await page.getByTestId('history-window').textContent();
  const over = chart.locator('.u-over');
  const box = (await over.boundingBox())!;
  const seriesAgain = page.waitForRequest((r) => r.url().includes('/v1/history/series'));
  await page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const req = await seriesAgain;
  expect(Number(new URL(req.url()).searchParams.get('width'))).toBeGreaterThan(800);
  await expect(page.getByTestId('history-reset-zoom')).toBeVisible();
  await expect(page.getByTestId('history-window')).not.toHaveText(windowText ?? '');

  // Values sorted by time, newest first; the legend reads the latest value with its unit.
  await expect(legend).toContainText('bpm');
  await expect(table.locator('tbody tr').first()).toContainText('bpm');

  // CSV of the visible window, through the HTTP client with the user's offset.
  const exportCall = page.waitForRequest((r) => r.url().includes('/v1/history/export'));
  const download = page.waitForEvent('download');
  await page.getByTestId('history-export-csv').click();
  const url = new URL((await exportCall).url());
  expect(url.searchParams.get('format')).toBe('csv');
  expect(url.searchParams.get('tz')).toMatch(/^-?\d+(\.\d+)?$/);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Filler_07_.*\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toMatch(/^\ufefftime \(UTC[+-]\d\d:\d\d\),tag,tag_id,value\r\n/);
  expect(csv).toContain(`,speed,${tagIds.speed},`);
});

test.describe('history screenshots', () => {
  const viewports = {
    desktop: { width: 1440, height: 900 },
    phone: { width: 375, height: 812 },
  } as const;

  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(viewports)) {
      test(`history in ${theme} at ${size} width`, async ({ page }) => {
        mkdirSync(artifacts, { recursive: true });
        await page.setViewportSize(viewport);
        await page.addInitScript((t) => localStorage.setItem('hmicloud_1.0.4_THEME', t), theme);
        const tags = [tagIds.speed, tagIds.count, tagIds.running].join(',');
        await openSignedIn(
          page,
          server.url,
          account,
          `/device/history?device=${deviceId}&tags=${tags}&from=${span.from - 500}&to=${span.to + 500}`,
        );
        await expect(page.getByTestId('history-legend').getByTestId('history-legend-item')).toHaveCount(3);
        await expect(page.getByTestId('history-raw-table').locator('tbody tr').first()).toContainText(
          /bpm|pcs|^\d/,
        );
        await expect(page.getByTestId('history-chart')).toHaveAttribute('aria-busy', 'false');
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${artifacts}history-${theme}-${size}.png`, fullPage: true });

        if (size === 'desktop') {
          await page.goto(`${server.url}/#/device/history`);
          await expect(page.getByTestId('history-empty-device')).toBeVisible();
          await page.waitForTimeout(300);
          await page.screenshot({ path: `${artifacts}history-empty-${theme}-${size}.png` });
        }
      });
    }
  }
});
