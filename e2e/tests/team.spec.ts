import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, openSignedIn } from '../support/accounts.ts';
import {
  api,
  bindSimulatedDevice,
  startDeviceServer,
  type BoundDevice,
  type DeviceServer,
} from '../support/devices.ts';

/**
 * Team administration end to end: the owner invites an engineer by email with a role that sees
 * two devices; the engineer (a second browser context) finds the invitation in the message
 * centre, accepts it and sees only the menus and devices the role allows; the owner narrows the
 * role to one device and the engineer's device list shrinks without a reload (notify socket
 * `access` frame). Own server: the devices must know the embedded broker's port.
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

let server: DeviceServer;
const devices: BoundDevice[] = [];

test.beforeAll(async () => {
  server = await startDeviceServer();
});

test.afterAll(async () => {
  await Promise.all(devices.map((d) => d.sim.stop().catch(() => undefined)));
  await server?.stop();
});

test.use({ allowConsole: [HTTP_ERROR_LOG] });
test.describe.configure({ timeout: 180_000 });

/** Picks the option of an antd select whose text is exactly `option`. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
    .click();
}

async function signedInContext(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  return { context, page: await context.newPage() };
}

test('owner invites, member accepts and sees only what the role allows, narrowing reaches the open list', async ({
  page,
  browser,
}) => {
  const owner = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, owner);
  for (const [index, name] of [
    [1, 'Line1_press'],
    [2, 'Line2_oven'],
    [3, 'Office_hmi'],
  ] as const) {
    devices.push(await bindSimulatedDevice({ server, token, bind: { name }, index }));
  }
  const [press, oven] = devices;
  const role = await api<{ id: number }>(server.url, token, 'POST', '/system/role/add', {
    name: 'Engineer',
    permissions: [2, 47],
    grants: { devices: [press!.id, oven!.id] },
  });

  const engineer = await createActiveAccount(server.url, server.dataDir);

  // The owner invites by email from the members screen.
  await openSignedIn(page, server.url, owner);
  await page.getByTestId('menu-user').click();
  await page.getByTestId('member-invite').click();
  await page.getByTestId('invite-account').fill(engineer.email);
  await choose(page, 'invite-role', 'Engineer');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-dialog')).toBeHidden();
  // The page turns to the invitations it sent: the new one waits for an answer.
  await expect(page.getByTestId('invitation-table')).toContainText(engineer.email);

  // The engineer signs in elsewhere, finds the invitation and accepts it.
  const other = await signedInContext(browser);
  const member = other.page;
  member.on('pageerror', (err) => {
    throw err;
  });
  await openSignedIn(member, server.url, engineer);
  await member.getByTestId('menu-msgSystem').click();
  const accept = member.locator('[data-testid^="invitation-accept-"]');
  await expect(accept).toHaveCount(1);
  await accept.click();
  const confirm = member.getByTestId('invitation-confirm-dialog');
  await expect(confirm).toContainText('Engineer');
  await member.screenshot({ path: `${artifacts}invitation-confirm-light-desktop.png` });
  await member.getByTestId('invitation-confirm-ok').click();
  await expect(confirm).toBeHidden();

  // Only the role's menus: the device list, no team administration, no templates.
  await expect(member.getByTestId('menu-devicelist')).toBeVisible();
  await expect(member.getByTestId('menu-user')).toHaveCount(0);
  await expect(member.getByTestId('menu-templatelist')).toHaveCount(0);
  await member.getByTestId('menu-devicelist').click();
  const rows = member.getByTestId('device-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(member.getByTestId('device-table')).toContainText('Line1_press');
  await expect(member.getByTestId('device-table')).not.toContainText('Office_hmi');

  // The owner sees the new member and narrows the role to the press only.
  await page.getByTestId('menu-user').click();
  await page.getByTestId('member-tabs').getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByTestId('member-table')).toContainText(engineer.email);
  await page.getByTestId('menu-role').click();
  await page.getByTestId(`role-edit-${role.id}`).click();
  const editor = page.getByTestId('role-editor');
  await editor.getByRole('tab', { name: /data/i }).click();
  const oven$ = editor.getByTestId('role-pick-devices').locator(`tr[data-row-key="${oven!.id}"]`);
  await oven$.locator('input[type="checkbox"]').uncheck();
  await page.getByTestId('role-save').click();
  await expect(editor).toBeHidden();

  // Without a reload, the member's list follows.
  await expect(rows).toHaveCount(1);
  await expect(member.getByTestId('device-table')).toContainText('Line1_press');
  await expect(member.getByTestId('device-table')).not.toContainText('Line2_oven');
  await other.context.close();
});
