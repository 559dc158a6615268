import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../support/fixtures.ts';
import { apiLogin, createActiveAccount, openSignedIn } from '../support/accounts.ts';
import { api } from '../support/devices.ts';
import { settled } from '../support/settle.ts';

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));
mkdirSync(artifacts, { recursive: true });

const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 375, height: 812 },
} as const;

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(viewports)) {
    test(`screens in ${theme} at ${size} width`, async ({ page, mainUrl, mainDataDir }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((t) => localStorage.setItem('hmicloud_1.0.4_THEME', t), theme);
      const shot = async (name: string) => {
        // No list still loading (antd dims a loading table).
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await page.screenshot({ path: `${artifacts}${name}-${theme}-${size}.png` });
      };

      await page.goto(`${mainUrl}/#/login`);
      await expect(page.getByTestId('cookie-notice')).toBeVisible();
      await shot('login');

      await page.goto(`${mainUrl}/#/register`);
      await page.getByTestId('password').fill('abc');
      await expect(page.getByTestId('register-submit')).toBeVisible();
      await shot('register');

      const account = await createActiveAccount(mainUrl, mainDataDir);
      await openSignedIn(page, mainUrl, account, '/system/profile');
      await expect(page.getByTestId('profile-page')).toBeVisible();
      await shot('shell');
      if (size === 'phone') {
        await page.getByTestId('menu-toggle').click();
        await expect(page.getByTestId('menu-profile')).toBeVisible();
        await settled(page);
        await shot('shell-drawer');
        await page.keyboard.press('Escape');
      }

      // Team administration: a role and a zone to show, the editor and the invite dialog open.
      const { token } = await apiLogin(mainUrl, account);
      const zone = await api<{ id: number }>(mainUrl, token, 'POST', '/system/safeZone/add', {
        name: 'PlantA',
      });
      await api(mainUrl, token, 'POST', '/system/role/add', {
        name: 'Engineer',
        permissions: [2, 47, 13],
        zones: [zone.id],
      });
      await page.goto(`${mainUrl}/#/system/user`);
      await expect(page.getByTestId('member-table')).toBeVisible();
      await shot('members');
      await page.getByTestId('member-invite').click();
      await expect(page.getByTestId('invite-account')).toBeVisible();
      await settled(page);
      await shot('members-invite');
      await page.goto(`${mainUrl}/#/system/role`);
      await expect(page.getByTestId('role-table')).toContainText('Engineer');
      await shot('roles');
      await page.locator('[data-testid^="role-edit-"]').first().click();
      await expect(page.getByTestId('role-name')).toHaveValue('Engineer');
      // A click while the drawer still slides in can be lost: click until the tab shows.
      await expect(async () => {
        await page.getByTestId('role-tab-permissions').click();
        await expect(page.getByTestId('role-permissions')).toBeVisible({ timeout: 1000 });
      }).toPass();
      await settled(page);
      await shot('role-editor');
      await page.goto(`${mainUrl}/#/system/safeZone`);
      await expect(page.getByTestId('zone-table')).toContainText('PlantA');
      await shot('zones');
    });
  }
}
