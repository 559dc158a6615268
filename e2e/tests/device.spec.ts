import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, type Account, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import {
  simulatedIdentity,
  startSimulatedDevice,
  type SimulatedDeviceHandle,
} from '../../apps/simulator/src/index.ts';

/**
 * Binding a simulated device in the browser. This file runs its own server so that the test
 * knows the embedded broker's port (MQTT_PORT) the simulated device connects to.
 */
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

test('binds a simulated device, sees it online, then offline when the simulator stops', async ({ page }) => {
  const account = await createActiveAccount(server.url, server.dataDir);
  const { sn, secret } = simulatedIdentity(`e2e-${randomBytes(4).toString('hex')}`, 1, 'hmi');
  const sim = await startSimulatedDevice({ url: server.brokerUrl, sn, secret, rate: 0.5, keepalive: 10 });
  devices.push(sim);

  await openSignedIn(page, server.url, account);
  await page.getByTestId('menu-devicelist').click();
  await expect(page.getByTestId('device-list-page')).toBeVisible();
  await expect(page.getByTestId('device-empty')).toBeVisible();
  // Users learn where the SN and PIN are and bind; operator commands are in the README.
  await expect(page.getByTestId('device-empty')).toContainText('PIN');
  await expect(page.getByTestId('device-empty')).not.toContainText('npm');
  await expect(page.getByTestId('empty-bind')).toBeVisible();

  await page.getByTestId('empty-bind').click();
  const dialog = page.getByTestId('device-form');
  await expect(dialog).toBeVisible();

  // The device name rule is checked as the user types, with the translated message.
  await page.getByTestId('bind-name').fill('1press');
  await expect(dialog).toContainText('must start with a Chinese character or an English letter');
  await page.getByTestId('bind-name').fill('alarm');
  await expect(dialog).toContainText('"alarm" is a reserved keyword');
  await page.getByTestId('bind-name').fill('Press_01');
  await expect(dialog).not.toContainText('reserved keyword');

  // A wrong PIN comes back as 1025, shown under the PIN field.
  await page.getByTestId('bind-sn').fill(sn);
  await page.getByTestId('bind-pin').fill(secret === '00000000' ? '11111111' : '00000000');
  await page.getByTestId('device-form-submit').click();
  await expect(dialog.locator('#pin_help')).toContainText('Invalid PIN');

  await page.getByTestId('bind-pin').fill(secret);
  await page.getByTestId('device-form-submit').click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('device-table').locator('tr', { hasText: 'Press_01' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(sn);
  await expect(row.getByTestId('device-online')).toHaveAttribute('data-online', '1', { timeout: 15_000 });

  // The simulator stops (clean disconnect, retained offline state): the row turns offline by itself.
  await sim.stop();
  await expect(row.getByTestId('device-online')).toHaveAttribute('data-online', '0', { timeout: 20_000 });
  await expect(row.getByTestId('device-online')).toContainText('Offline');
});

/**
 * A team that looks lived-in: nested groups (a 4-level path), labels, a template with tags, four
 * simulated devices bound through the API on them, one of them offline.
 */
async function seedTeam(): Promise<Account> {
  const account = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, account);
  const call = <T>(path: string, body: unknown) => api<T>(server.url, token, 'POST', path, body);
  const group = (name: string, parent_id: number | null) =>
    call<{ id: number }>('/device/group/add', { name, parent_id }).then((g) => g.id);
  const plant = await group('Plant Suzhou', null);
  const line1 = await group('Filling line 1', plant);
  const cell = await group('Cell A', line1);
  const station = await group('Station 3', cell);
  const line2 = await group('Packaging line 2', plant);
  await group('Plant Pune', null);
  const label = (name: string) => call<{ id: number }>('/device/label/add', { name }).then((l) => l.id);
  const [acme, retrofit, pilot] = [
    await label('Customer ACME'),
    await label('Retrofit 2025'),
    await label('Pilot'),
  ];
  const tpl = await call<{ id: number }>('/template/add', {
    name: 'Filler_standard',
    type: 'local',
    hmi_model: 'cMT3072XH',
    description: 'Filling machine with two dosing heads',
    tags: [
      {
        name: 'speed',
        data_type: 7,
        rw: 0,
        address: '40001',
        unit: 'bpm',
        decimals: 1,
        description: 'Line speed',
      },
      { name: 'running', data_type: 0, rw: 0, address: 'M0', unit: '', decimals: 0, description: 'Motor on' },
      {
        name: 'recipe',
        data_type: 9,
        rw: 2,
        address: '40100',
        unit: '',
        decimals: 0,
        description: 'Active recipe',
      },
      {
        name: 'count',
        data_type: 2,
        rw: 0,
        address: '40010',
        unit: 'pcs',
        decimals: 0,
        description: 'Good parts',
      },
    ],
  });
  const seed = `e2e-${randomBytes(4).toString('hex')}`;
  const plan = [
    {
      name: 'Filler_01',
      kind: 'hmi',
      group_id: station,
      label_ids: [acme, retrofit, pilot],
      template_id: tpl.id,
    },
    { name: 'Filler_02', kind: 'hmi', group_id: line1, label_ids: [acme], template_id: tpl.id },
    { name: 'Capper_01', kind: 'hmi', group_id: line2, label_ids: [], template_id: null },
    { name: 'Gateway_Hall2', kind: 'gateway', group_id: plant, label_ids: [retrofit], template_id: null },
  ] as const;
  for (const [i, d] of plan.entries()) {
    const { sim } = await bindSimulatedDevice({
      server,
      token,
      seed,
      index: i + 1,
      device: { kind: d.kind, rate: 0.2 },
      bind: {
        name: d.name,
        group_id: d.group_id,
        template_id: d.template_id,
        label_ids: [...d.label_ids],
        address: i === 0 ? 'Hall 2, bay 14' : '',
        remark: i === 0 ? 'Commissioned by service team' : '',
      },
    });
    devices.push(sim);
    if (d.name === 'Capper_01') await sim.stop();
  }
  return account;
}

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

test.describe('device screens', () => {
  let account: Account;
  test.beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    account = await seedTeam();
  });

  const viewports = {
    desktop: { width: 1440, height: 900 },
    phone: { width: 375, height: 812 },
  } as const;

  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of Object.entries(viewports)) {
      test(`device screens in ${theme} at ${size} width`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((t) => localStorage.setItem('hmicloud_1.0.4_THEME', t), theme);
        const shot = async (name: string) => {
          await page.waitForTimeout(350);
          await page.screenshot({ path: `${artifacts}device-${name}-${theme}-${size}.png` });
        };
        await openSignedIn(page, server.url, account, `/device/deviceoverview`);
        await expect(page.getByTestId('overview-total')).toContainText('4');
        await shot('overview');

        await page.goto(`${server.url}/#/device/devicelist`);
        const table = page.getByTestId('device-table');
        await expect(table.locator('tr', { hasText: 'Filler_01' })).toBeVisible();
        await expect(
          table.locator('tr', { hasText: 'Capper_01' }).getByTestId('device-online'),
        ).toHaveAttribute('data-online', '0');
        await shot('list');

        await page.getByTestId('bind-device').click();
        await page.getByTestId('bind-name').fill('1_press');
        await expect(page.getByTestId('device-form')).toContainText('must start with');
        await shot('bind');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('device-form')).toBeHidden();

        await page.goto(`${server.url}/#/device/devicegroup`);
        await page.getByTestId('group-tree').getByText('Station 3').click();
        await expect(page.getByText('Plant Suzhou / Filling line 1 / … / Station 3')).toBeVisible();
        await shot('groups');

        await page.goto(`${server.url}/#/device/templatelist`);
        await expect(page.getByTestId('template-table')).toContainText('Filler_standard');
        await shot('templates');
        await page.getByTestId('template-name-link').first().click();
        await expect(page).toHaveURL(/templatelist\?templateid=\d+$/);
        await expect(page.getByTestId('tag-name').first()).toHaveValue('speed');
        await shot('template-editor');
      });
    }
  }
});
