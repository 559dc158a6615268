import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, openSignedIn } from '../support/accounts.ts';
import {
  api,
  bindSimulatedDevice,
  startDeviceServer,
  type BoundDevice,
  type DeviceServer,
} from '../support/devices.ts';
import { activateCard, allocateTagsInBrowser, issueCards as issue } from '../support/cards.ts';

/**
 * Billing end to end: the operator issues a batch of Cloud Application cards with the command
 * (against the console's own database), the owner activates one in the browser (a typo is told
 * apart from a wrong password, the template quota grows), allocates TAGs to a simulated device
 * and upgrades its level, and finds every step in the recharge records.
 */
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

const issueCards = (batch: string, quota: string[]) => issue(server, batch, quota);

test('issues cards, activates one in the browser, allocates and upgrades TAGs, sees the ledger', async ({
  page,
}) => {
  const [card, spare] = await issueCards('E2E1', ['--templates', '3', '--tags', '50', '--level', '1']);
  const [upgrade] = await issueCards('E2E2', ['--tags', '100', '--level', '2']);
  expect(card!.number).toHaveLength(12);
  expect(spare!.number).not.toBe(card!.number);

  const owner = await createActiveAccount(server.url, server.dataDir);
  const { token } = await apiLogin(server.url, owner);
  const device = await bindSimulatedDevice({ server, token, bind: { name: 'Packer_01' } });
  devices.push(device);

  await openSignedIn(page, server.url, owner);
  await page.getByTestId('menu-myAccount').click();
  await expect(page.getByTestId('my-account-page')).toBeVisible();
  await expect(page.getByTestId('template-quota')).toContainText('of 1');

  // A typo in the number (the check symbol) is told apart from a wrong password.
  const typed = card!.number.slice(-8);
  const typo = typed.slice(0, 7) + (typed[7] === 'A' ? 'B' : 'A');
  await page.getByTestId('activate-ca').click();
  await page.getByTestId('card-number').fill(typo);
  await page.getByTestId('card-password').fill(card!.password);
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('activate-dialog').locator('.ant-form-item-explain-error')).toBeVisible();
  await page.getByTestId('card-number').fill(typed);
  await page
    .getByTestId('card-password')
    .fill(spare!.password === card!.password ? 'ZZZZZZZZ' : spare!.password);
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('activate-error')).toBeVisible();
  await page.getByTestId('card-password').fill(card!.password);
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('card-number')).toBeHidden();
  await expect(page.getByTestId('card-table')).toContainText(typed.slice(-4));
  // 1 free template + 3 from the card.
  await expect(page.getByTestId('template-quota')).toContainText('of 4');

  // A level-2 card through the API; then TAGs for the device at level 1, and the upgrade to
  // level 2 (the level only goes up: level 1 is no longer offered).
  await activateCard(server, token, upgrade!);
  for (const level of [1, 2]) await allocateTagsInBrowser(page, 'Packer_01', level);
  const levelOfDevice = async () =>
    (
      await api<{ list: { device_id: number; level: number }[] }>(
        server.url,
        token,
        'GET',
        '/billing/tag/allocations',
      )
    ).list.find((a) => a.device_id === device.id)?.level;
  await expect.poll(levelOfDevice).toBe(2);

  // The ledger: both activations and both allocations.
  await page.getByTestId('menu-rechargeRecord').click();
  const rows = page.getByTestId('recharge-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(4);
  const download = page.waitForEvent('download');
  await page.getByTestId('recharge-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
