import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../support/fixtures.ts';
import { createActiveAccount, uiLogin } from '../support/accounts.ts';
import { openProfile } from '../support/profile.ts';

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
      const shot = (name: string) => page.screenshot({ path: `${artifacts}${name}-${theme}-${size}.png` });

      await page.goto(`${mainUrl}/#/login`);
      await expect(page.getByTestId('cookie-notice')).toBeVisible();
      await shot('login');

      await page.goto(`${mainUrl}/#/register`);
      await page.getByTestId('password').fill('abc');
      await expect(page.getByTestId('register-submit')).toBeVisible();
      await shot('register');

      const account = await createActiveAccount(mainUrl, mainDataDir);
      await uiLogin(page, mainUrl, account);
      await openProfile(page, mainUrl);
      await shot('shell');
      if (size === 'phone') {
        await page.getByTestId('menu-toggle').click();
        await expect(page.getByTestId('menu-profile')).toBeVisible();
        await page.waitForTimeout(400);
        await shot('shell-drawer');
      }
    });
  }
}
