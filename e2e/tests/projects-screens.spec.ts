import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { emptyScreenDocument } from '@hmi/domain';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import { settled } from '../support/settle.ts';
import type { SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * Screenshots of issue 26 for docs/screenshots: the project list, the designer holding a screen
 * and the runtime (/scada) of that screen on two live simulated devices, light and dark, at 1440
 * and 375 px (projects-<list|designer|runtime>-<theme>-<width>.png). E2E_SHOTS=1 only: the flow
 * itself is projects.spec.ts; this seeds through the API and only looks.
 */
const shots = process.env.E2E_SHOTS === '1';
const docs = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

let server: DeviceServer;
const sims: SimulatedDeviceHandle[] = [];
let account: Account;
let projectId = 0;
let screenId = 0;

test.use({ allowConsole: [HTTP_ERROR_LOG] });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  if (!shots) return;
  mkdirSync(docs, { recursive: true });
  server = await startDeviceServer();
  account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const tpl = await api<{ id: number }>(server.url, token, 'POST', '/template/add', {
    name: `Line_${randomBytes(3).toString('hex')}`,
    hmi_model: 'SIM-HMI-7',
    tags: [
      { name: 'temperature', data_type: 7, rw: 0, unit: '°C', decimals: 1 },
      { name: 'running', data_type: 0, rw: 0 },
      { name: 'setpoint', data_type: 4, rw: 2 },
    ],
  });
  const seed = `prs-${randomBytes(4).toString('hex')}`;
  const bound = await Promise.all(
    ['Press_line_1', 'Oven_line_1'].map((name, i) =>
      bindSimulatedDevice({
        server,
        token,
        seed,
        index: i + 1,
        device: { rate: 2 },
        bind: { name, template_id: tpl.id },
        waitConfig: true,
      }),
    ),
  );
  sims.push(...bound.map((b) => b.sim));
  const [press, oven] = bound.map((b) => ({
    id: b.id,
    tag: (name: string) => b.sim.config!.tags.find((t) => t.name === name)!.id,
  }));
  const project = await api<{ id: number }>(server.url, token, 'POST', '/project/add', {
    name: 'Bottling line',
    description: 'Press and oven of line 1',
    device_ids: [press!.id, oven!.id],
  });
  projectId = project.id;
  // One project only: without a Cloud Application card a team may hold one (lockedCreate).
  const ref = (d: typeof press, tag: string) => ({ deviceId: d!.id, tagId: d!.tag(tag) });
  const document = {
    ...emptyScreenDocument(),
    widgets: [
      {
        id: 'title',
        type: 'text',
        x: 60,
        y: 40,
        w: 800,
        h: 60,
        z: 0,
        props: { text: 'Bottling line 1', fontSize: 40 },
      },
      {
        id: 'lbl-press',
        type: 'label',
        x: 60,
        y: 140,
        w: 300,
        h: 40,
        z: 1,
        props: { text: 'Press running' },
      },
      {
        id: 'lamp-1',
        type: 'lamp',
        x: 380,
        y: 136,
        w: 48,
        h: 48,
        z: 2,
        props: {},
        binding: ref(press, 'running'),
      },
      {
        id: 'lbl-temp',
        type: 'label',
        x: 60,
        y: 220,
        w: 300,
        h: 40,
        z: 3,
        props: { text: 'Press temperature' },
      },
      {
        id: 'numeric-1',
        type: 'numeric',
        x: 380,
        y: 210,
        w: 240,
        h: 60,
        z: 4,
        props: { unit: '°C', decimals: 1 },
        binding: ref(press, 'temperature'),
      },
      {
        id: 'gauge-1',
        type: 'gauge',
        x: 700,
        y: 140,
        w: 240,
        h: 240,
        z: 5,
        props: { min: 0, max: 100 },
        binding: ref(oven, 'temperature'),
      },
      {
        id: 'bar-1',
        type: 'bar',
        x: 1000,
        y: 140,
        w: 60,
        h: 240,
        z: 6,
        props: { min: 0, max: 100 },
        binding: ref(press, 'temperature'),
      },
      {
        id: 'trend-1',
        type: 'trend',
        x: 60,
        y: 440,
        w: 1000,
        h: 400,
        z: 7,
        props: {},
        binding: ref(oven, 'temperature'),
      },
      {
        id: 'button-1',
        type: 'button',
        x: 1200,
        y: 140,
        w: 200,
        h: 64,
        z: 8,
        props: { label: 'Set 1234' },
        actions: [{ kind: 'set', binding: ref(oven, 'setpoint'), value: 1234 }],
      },
      { id: 'alarm-list-1', type: 'alarm-list', x: 1200, y: 440, w: 660, h: 400, z: 9, props: {} },
    ],
  };
  const screen = await api<{ id: number }>(server.url, token, 'POST', '/project/screen/add', {
    project_id: projectId,
    name: 'Overview',
    document,
  });
  screenId = screen.id;
});

test.afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop().catch(() => undefined)));
  await server?.stop();
});

const widths = [1440, 375] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const width of widths) {
    test(`project screenshots in ${theme} at ${width} px`, async ({ page }) => {
      test.skip(!shots, 'E2E_SHOTS=1 only');
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.addInitScript((t) => localStorage.setItem('hmicloud_1.0.4_THEME', t), theme);
      const shot = async (name: string) => {
        await settled(page);
        await page.screenshot({ path: `${docs}projects-${name}-${theme}-${width}.png` });
      };

      await openSignedIn(page, server.url, account, '/device/projectlist');
      await expect(page.getByTestId('project-name-link')).toHaveCount(1);
      await shot('list');

      await page.goto(`${server.url}/#/device/projectlist/designer?screen=${screenId}`);
      await expect(page.getByTestId('designer-box-trend-1')).toBeVisible();
      await page.getByTestId('designer-box-numeric-1').click();
      await expect(page.getByTestId('designer-widget-panel')).toContainText('numeric-1');
      await shot('designer');

      await page.goto(`${server.url}/#/scada?project=${projectId}&screen=${screenId}`);
      await expect(page.getByTestId('scada-numeric')).toHaveText(/\d/, { timeout: 15_000 });
      await expect
        .poll(async () => Number(await page.getByTestId('scada-trend').getAttribute('data-points')), {
          timeout: 15_000,
        })
        .toBeGreaterThan(2);
      await shot('runtime');
    });
  }
}
