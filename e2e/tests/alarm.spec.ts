import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, openSignedIn } from '../support/accounts.ts';
import { api, bindSimulatedDevice, startDeviceServer, type DeviceServer } from '../support/devices.ts';
import type { SimulatedDeviceHandle } from '../../apps/simulator/src/index.ts';

/**
 * Alarms end to end: a rule created in the browser on the simulated device's template, the
 * device driven over the limit (a tag write the simulator then keeps reporting), the record on
 * the records screen and the monitor's alarm column, acknowledged in the browser, the device
 * driven back, the record recovered. Own server: the simulated device needs the broker's port.
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
// A live device, a browser and a server on a shared machine: generous time.
test.describe.configure({ timeout: 180_000 });

/** Picks the option of an antd select whose text is exactly `option` (or matches it). */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  const hasText = typeof option === 'string' ? new RegExp(`^${option}$`) : option;
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText }).click();
}

test('creates a rule, sees the alarm raised, acknowledges it and sees it recover', async ({ page }) => {
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
        { name: 'setpoint', data_type: 4, rw: 2 },
        { name: 'running', data_type: 0, rw: 0 },
      ],
    },
  );
  const setpointId = tpl.tags.find((t) => t.name === 'setpoint')!.id;
  const device = await bindSimulatedDevice({
    server,
    token,
    device: { rate: 2 },
    bind: { name: 'Oven_line_1', template_id: tpl.id },
    waitConfig: true,
  });
  devices.push(device.sim);
  /** Writes the setpoint; retried while the device applies a new config (2002) after a rule change. */
  const drive = (value: number) =>
    expect(async () => {
      await api(server.url, token, 'POST', '/device/settag', { id: device.id, tag_id: setpointId, value });
    }).toPass({ timeout: 30_000 });
  await drive(20);

  await openSignedIn(page, server.url, account, `/alarm/alarmRules?templateid=${tpl.id}`);
  await expect(page.getByTestId('alarm-rules-page')).toBeVisible();
  await expect(page.getByTestId('alarm-rule-usage')).toContainText('0 of 300');

  // A group, with its name checked for duplicates as the user types.
  await page.getByTestId('alarm-groups-open').click();
  const drawer = page.getByTestId('alarm-groups-drawer');
  await page.getByTestId('alarm-group-name').fill('Ovens');
  await page.getByTestId('alarm-group-add').click();
  await expect(drawer.getByTestId('alarm-group-list')).toContainText('Ovens');
  // The list can show the group before the form has cleared the name: typing the same text into
  // the uncleared field changes nothing and checks nothing (the flake of the last rehearsal).
  await expect(page.getByTestId('alarm-group-name')).toHaveValue('');
  await page.getByTestId('alarm-group-name').fill('Ovens');
  await expect(drawer).toContainText('An alarm group with this name already exists.');
  await page.getByTestId('alarm-group-name').fill('');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The rule: the type select offers what the tag can carry, the value is checked by its data type.
  await page.getByTestId('alarm-rule-add').click();
  const dialog = page.getByTestId('alarm-rule-dialog');
  await page.getByTestId('alarm-rule-name').fill('Setpoint high');
  await choose(page, 'alarm-rule-group', 'Ovens');
  await choose(page, 'alarm-rule-level', 'Critical');
  await choose(page, 'alarm-rule-tag', /^running\s*BOOL$/);
  await page.getByTestId('alarm-rule-type').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([
    'On',
    'Off',
  ]);
  await page.keyboard.press('Escape');
  await choose(page, 'alarm-rule-tag', /^setpoint\s*INT16$/);
  await choose(page, 'alarm-rule-type', 'High');
  await page.getByTestId('alarm-rule-value').fill('40000');
  await expect(dialog).toContainText(
    'For data type INT16 the alarm value must be an integer from -32768 to 32767.',
  );
  await page.getByTestId('alarm-rule-value').fill('100');
  await expect(dialog).not.toContainText('For data type INT16');
  await page.getByTestId('alarm-rule-deadband').fill('5');
  await page.getByTestId('alarm-chip-device').click();
  await page.getByTestId('alarm-rule-content').pressSequentially(': setpoint at ');
  await page.getByTestId('alarm-chip-value').click();
  await expect(page.getByTestId('alarm-rule-content')).toHaveValue('{device}: setpoint at {value}');
  await page.getByTestId('alarm-rule-submit').click();
  await expect(dialog).toBeHidden();
  const ruleRow = page.getByTestId('alarm-rule-table').locator('tr', { hasText: 'Setpoint high' });
  await expect(ruleRow).toContainText('Ovens');
  await expect(ruleRow).toContainText('Critical');
  await expect(ruleRow.getByTestId('alarm-rule-condition')).toHaveText('≥ 100');
  await expect(page.getByTestId('alarm-rule-usage')).toContainText('1 of 300');

  // Names are unique in the template, checked as the user types.
  await page.getByTestId('alarm-rule-add').click();
  await page.getByTestId('alarm-rule-name').fill('Setpoint high');
  await expect(dialog).toContainText('This alarm name already exists.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Message centre: the badge's count before the alarm (the account's welcome notice), with the
  // notify socket open so the alarm reaches this page as it happens.
  const badge = page.getByTestId('message-badge');
  await expect(page.getByTestId('notify-center')).toHaveAttribute('data-status', 'open');
  const unreadBefore = Number(await badge.getAttribute('data-unread'));

  // Over the limit: the monitor shows the tag in alarm, the records screen the open record.
  await drive(150);

  // Message centre: the critical alarm shows at once as a banner, the badge counts its message,
  // and the banner leads to the alarm messages where it is unread with the record's state.
  const banner = page.getByTestId('critical-banner').filter({ hasText: 'Oven_line_1' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('Critical');
  await expect(banner).toContainText('Setpoint high');
  await expect(banner).toContainText('Oven_line_1: setpoint at 150');
  await expect(badge).toHaveAttribute('data-unread', String(unreadBefore + 1));
  await banner.getByTestId('critical-banner-link').click();
  await expect(page.getByTestId('message-page-alarm')).toBeVisible();
  const message = page.getByTestId('message-table').locator('tr[data-id]', { hasText: 'Setpoint high' });
  await expect(message).toHaveCount(1);
  await expect(message).toHaveAttribute('data-read', '0');
  await expect(message).toContainText('Oven_line_1: setpoint at 150');
  await expect(message.getByTestId('alarm-state')).toHaveAttribute('data-state', '1');
  await expect(page.getByTestId('message-unread')).toHaveText('1 unread message');

  await page.goto(`${server.url}/#/device/monitor?id=${device.id}`);
  await expect(page.getByTestId('alarm-setpoint')).toHaveAttribute('data-alarm', '1', { timeout: 20_000 });
  await expect(page.getByTestId('alarm-temperature')).toHaveAttribute('data-alarm', '0');

  await page.goto(`${server.url}/#/alarm/alarmRecords`);
  const record = page.getByTestId('alarm-record-row').filter({ hasText: 'Setpoint high' });
  await expect(record).toHaveAttribute('data-state', '1', { timeout: 20_000 });
  await expect(record).toContainText('Oven_line_1: setpoint at 150');
  await expect(record).toContainText('Critical');
  await expect(page.getByTestId('alarm-tab-active')).toContainText('Active (1)');

  // Acknowledged in the browser from the record's details, with a comment: the responder and
  // the comment are recorded, the record stays open.
  await record.getByTestId('alarm-record-rule').click();
  const details = page.getByTestId('alarm-record-drawer');
  await expect(details.getByTestId('message-record')).toContainText('Oven_line_1: setpoint at 150');
  await details.getByTestId('alarm-ack-comment').fill('Setpoint lowered by hand');
  await details.getByTestId('alarm-ack-submit').click();
  await expect(record).toHaveAttribute('data-state', '2');
  await expect(details.getByTestId('alarm-record-comment')).toHaveText('Setpoint lowered by hand');
  await expect(details.getByTestId('alarm-ack-submit')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(record.getByTestId('alarm-state')).toHaveText('Acknowledged');
  await expect(record.getByTestId('alarm-record-responder')).not.toHaveText('');
  await expect(record.getByTestId('alarm-record-ack')).toHaveCount(0);

  // Back under the limit by more than the deadband: recovered, gone from the active tab.
  await drive(0);
  await expect(record).toHaveCount(0, { timeout: 30_000 });
  await page.getByTestId('alarm-tab-history').click();
  const past = page.getByTestId('alarm-record-row').filter({ hasText: 'Setpoint high' });
  await expect(past).toHaveAttribute('data-state', '4');
  await expect(past.getByTestId('alarm-state')).toHaveText('Recovered');
  await expect(past.getByTestId('alarm-record-last')).toHaveText('0');

  // Message centre: the banner followed the record (acknowledged, then recovered: the alarm is
  // over and its banner gone); the alarm message shows it recovered, and opening it reads it.
  await expect(banner).toHaveCount(0);
  await page.goto(`${server.url}/#/message/msgAlarm`);
  await expect(message.getByTestId('alarm-state')).toHaveAttribute('data-state', '4');
  await message.getByTestId('message-title').click();
  await expect(message).toHaveAttribute('data-read', '1');
  const opened = page.getByTestId('message-details');
  await expect(opened.getByTestId('message-record')).toContainText('Oven_line_1');
  await expect(opened.getByTestId('alarm-record-comment')).toHaveText('Setpoint lowered by hand');
  await page.keyboard.press('Escape');
  await expect(badge).toHaveAttribute('data-unread', String(unreadBefore));
  await expect(page.getByTestId('message-unread')).toHaveText('0 unread messages');
});
