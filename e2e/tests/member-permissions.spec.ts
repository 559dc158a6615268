import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { menuFor, menuPaths, Perm } from '@hmi/domain';
import { test, expect } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, openSignedIn } from '../support/accounts.ts';
import { eachVariant } from '../support/variants.ts';
import {
  api,
  bindSimulatedDevice,
  startDeviceServer,
  type BoundDevice,
  type DeviceServer,
} from '../support/devices.ts';

/**
 * A member sees only what its role allows, and the screens it reaches ask only for that: no
 * call answered 4xx, no error toast, no console error. One member per role below (a single
 * permission each, the device list's view first), each walking every menu entry it has and the
 * pages of the one device it may see. Own server: the device must know the embedded broker.
 */
const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

let server: DeviceServer;
let device: BoundDevice;
let ownerToken: string;

test.beforeAll(async () => {
  server = await startDeviceServer();
  const owner = await createActiveAccount(server.url, server.dataDir);
  ownerToken = (await apiLogin(server.url, owner)).token;
  device = await bindSimulatedDevice({ server, token: ownerToken, bind: { name: 'Press_1' } });
});

test.afterAll(async () => {
  await device?.sim.stop().catch(() => undefined);
  await server?.stop();
});

test.describe.configure({ timeout: 180_000 });

/** A member of the owner's team holding a role with `permissions` and the device. */
async function member(name: string, permissions: number[]) {
  const role = await api<{ id: number }>(server.url, ownerToken, 'POST', '/system/role/add', {
    name,
    permissions,
    grants: { devices: [device.id] },
  });
  const account = await createActiveAccount(server.url, server.dataDir);
  const invitation = await api<{ id: number }>(server.url, ownerToken, 'POST', '/system/user/invite', {
    account: account.email,
    role_id: role.id,
  });
  const { token } = await apiLogin(server.url, account);
  await api(server.url, token, 'POST', '/team/invitation/confirm', { id: invitation.id, accept: true });
  return account;
}

/** Records every 4xx/5xx API reply and every toast the page shows, however briefly. */
type Watch = Awaited<ReturnType<typeof watch>>;

async function watch(page: Page) {
  const failures: string[] = [];
  // Requests of any kind (API, code chunks, fonts) still open, and when the last one started or
  // ended: a screen has loaded once none is open and none has come for a while (`quiet`).
  let open = 0;
  let lastActivity = Date.now();
  const activity = (delta: number) => () => {
    open += delta;
    lastActivity = Date.now();
  };
  page.on('request', activity(1));
  page.on('requestfinished', activity(-1));
  page.on('requestfailed', activity(-1));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 400)
      failures.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement) {
            const notices = n.matches('.ant-message-notice, .ant-notification-notice')
              ? [n]
              : [...n.querySelectorAll<HTMLElement>('.ant-message-notice, .ant-notification-notice')];
            for (const notice of notices) seen.push(notice.textContent ?? '');
          }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    failures,
    /** No request open, and none started or ended since `since` for QUIET_MS. */
    quiet: (since: number) => open === 0 && Date.now() - Math.max(lastActivity, since) >= QUIET_MS,
    toasts: () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts),
  };
}

/**
 * How long the network must stay silent before a screen counts as loaded. Measured on every
 * screen of the walk: a screen's requests (its chunk, then its calls, then theirs) follow each
 * other within 0.35 s, and all had started within 1 s of the navigation.
 */
const QUIET_MS = 600;

async function visit(page: Page, seen: Watch, path: string) {
  const since = Date.now();
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, path);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  // The member may open it: the guard did not send it elsewhere.
  await expect(page).toHaveURL((url) => url.hash === `#${path}`);
  // Let the screen load its data and every call come back, refused or not: every request answered
  // and none for QUIET_MS. (A fixed 1.5 s pause stood here; networkidle does not apply, as a hash
  // change is no new load.)
  await expect.poll(() => seen.quiet(since), { intervals: [100] }).toBe(true);
}

// `role` is the role's name (at most 10 characters).
const ROLES: { role: string; holds: string; permissions: number[]; devicePages: boolean }[] = [
  { role: 'Devices', holds: 'device view', permissions: [Perm.DeviceView], devicePages: true },
  { role: 'Groups', holds: 'group view', permissions: [Perm.GroupView], devicePages: false },
  { role: 'Templates', holds: 'template view', permissions: [Perm.TemplateView], devicePages: false },
  { role: 'Panel', holds: 'control panel view', permissions: [Perm.ControlPanelView], devicePages: false },
  { role: 'Boards', holds: 'dashboard view', permissions: [Perm.DashboardView], devicePages: false },
  { role: 'Members', holds: 'member view', permissions: [Perm.UserView], devicePages: false },
  { role: 'Roles', holds: 'role view', permissions: [Perm.RoleView], devicePages: false },
  { role: 'Account', holds: 'my account view', permissions: [Perm.AccountView], devicePages: false },
  {
    role: 'Devices+',
    holds: 'device view, edit and monitor',
    permissions: [Perm.DeviceView, Perm.DeviceEdit, Perm.DeviceMonitor],
    devicePages: true,
  },
];

/** The device list of the member with device view only, light and dark, 1440 and 375 px wide. */
async function shootDeviceList(page: Page) {
  await page.goto(`${server.url}/#/device/devicelist`);
  await expect(page.getByTestId('device-table')).toContainText('Press_1');
  await eachVariant(page, async (theme, size) => {
    await expect(page.getByTestId('device-table')).toContainText('Press_1');
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.screenshot({ path: `${artifacts}member-device-list-${theme}-${size}.png` });
  });
}

for (const role of ROLES) {
  test(`a member whose role holds only ${role.holds} (${role.permissions.join(', ')}) meets no refusal on any screen it reaches`, async ({
    page,
  }) => {
    const account = await member(role.role, role.permissions);
    const seen = await watch(page);
    await openSignedIn(page, server.url, account);
    const paths = menuPaths(menuFor({ permissions: role.permissions, isMain: false, region: 'eu' }));
    const walk = [...paths];
    if (role.devicePages) walk.push(`/device/detail?id=${device.id}`, `/device/history?device=${device.id}`);
    if (role.permissions.includes(Perm.DeviceMonitor)) walk.push(`/device/monitor?id=${device.id}`);
    for (const path of walk) await visit(page, seen, path);

    expect(seen.failures, 'API calls refused while walking the screens').toEqual([]);
    expect(await seen.toasts(), 'toasts while walking the screens').toEqual([]);
    if (role.role === 'Devices') {
      await shootDeviceList(page);
      expect(seen.failures, 'API calls refused on the device list').toEqual([]);
    }
  });
}
