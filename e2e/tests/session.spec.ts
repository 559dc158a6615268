import type { Page } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { apiCloseAccount, createActiveAccount, uiLogin } from '../support/accounts.ts';
import {
  expectToastCountAtMost,
  openProfile,
  renameTeam,
  storedToken,
  visibleToasts,
} from '../support/profile.ts';
import { SHORT_ACCESS_TTL_SECONDS } from '../support/global-setup.ts';

const shortDataDir = () => process.env.E2E_SHORT_DATA_DIR ?? '';
const waitPastTtl = (page: Page) => page.waitForTimeout(SHORT_ACCESS_TTL_SECONDS * 1000 + 1500);

test.describe('token lifecycle', () => {
  // The expired token's replies (401) and the refusals are logged by the browser itself.
  test.use({ allowConsole: [HTTP_ERROR_LOG] });

  test('an access token expiring during use is refreshed silently and the page keeps working', async ({
    page,
    shortUrl,
  }) => {
    const account = await createActiveAccount(shortUrl, shortDataDir());
    await uiLogin(page, shortUrl, account);
    await openProfile(page, shortUrl);
    const before = await storedToken(page);

    await waitPastTtl(page);
    const refreshed = page.waitForResponse((r) => r.url().includes('/v1/refreshtoken?from=web'));
    await renameTeam(page, 'Line 4 packaging');
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByTestId('team-name')).toContainText('Line 4 packaging');
    await expect(page).toHaveURL(/#\/system\/profile$/);
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
    expect(await storedToken(page)).not.toBe(before);

    // And again after the new token expired too.
    await waitPastTtl(page);
    await renameTeam(page, 'Line 5 filling');
    await expect(page.getByTestId('team-name')).toContainText('Line 5 filling');
  });

  test('a failed refresh returns to login with the invalid-or-expired message', async ({
    page,
    shortUrl,
  }) => {
    const account = await createActiveAccount(shortUrl, shortDataDir());
    await uiLogin(page, shortUrl, account);
    await openProfile(page, shortUrl);
    await page.evaluate(() => localStorage.setItem('hmicloud_1.0.4_REFRESHTOKEN', 'revoked-refresh-token'));
    await waitPastTtl(page);
    // The first signed-in call after the expiry refreshes and fails: the rename, or a call the
    // console made by itself meanwhile (seen once in CI: the login screen was already up when
    // the rename was tried). Either way the outcome below is the point of this test.
    await renameTeam(page, 'Never saved', { timeout: 5_000 }).catch(() => undefined);
    await expect(page).toHaveURL(/#\/login\?reason=E_INVALID_OR_EXPIRED_TOKEN/);
    await expect(page.getByTestId('login-reason')).toHaveText(
      'Your login is invalid or has expired. Please sign in again.',
    );
    const left = await page.evaluate(() => ({
      token: localStorage.getItem('hmicloud_1.0.4_TOKEN'),
      host: localStorage.getItem('hmicloud_1.0.4_HOST'),
    }));
    expect(left).toEqual({ token: null, host: null });
    // The guard keeps the user out now.
    await page.goto(`${shortUrl}/#/system/profile`);
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('1055 (account closed elsewhere) returns to login', async ({ page, mainUrl, mainDataDir }) => {
    const account = await createActiveAccount(mainUrl, mainDataDir);
    await uiLogin(page, mainUrl, account);
    await openProfile(page, mainUrl);
    await apiCloseAccount(mainUrl, account);
    // The next signed-in call finds out; the notify socket's periodic session check (4001, then
    // one call that gets 1055) may find out first, and the rename then never gets its button.
    void renameTeam(page, 'Closed team').catch(() => undefined);
    await expect(page).toHaveURL(/#\/login\?reason=1055/);
    await expect(page.getByTestId('login-reason')).toHaveText('This account has been closed.');
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('toasts', () => {
  test.use({ allowConsole: [HTTP_ERROR_LOG] });

  test('never more than 3 at once', async ({ page, mainUrl, mainDataDir }) => {
    const account = await createActiveAccount(mainUrl, mainDataDir);
    await uiLogin(page, mainUrl, account);
    await openProfile(page, mainUrl);
    // A server without peer regions offers no "Add data center" (issue 24): the failing call is
    // a team name with a control character, which the server refuses (1006) each time.
    await expect(page.getByTestId('add-center')).toHaveCount(0);
    // Toasts close after 2.5 s: on a loaded machine six round trips take longer than that, so the
    // page's clock stands still while they are raised (only the cap is under test here).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    for (let i = 0; i < 6; i++) {
      const reply = page.waitForResponse((r) => r.url().includes('/v1/editUserInfo'));
      await renameTeam(page, `Line\u0007${i}`);
      expect((await (await reply).json()).code).toBe(1006);
      await expectToastCountAtMost(page, 3);
    }
    expect(await visibleToasts(page)).toBe(3);
  });
});
