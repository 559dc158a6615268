import type { Page, Response } from '@playwright/test';
import { test, expect, HTTP_ERROR_LOG } from '../support/fixtures.ts';
import { createActiveAccount, uiLogin } from '../support/accounts.ts';
import { SHORT_ACCESS_TTL_SECONDS } from '../support/global-setup.ts';

const shortDataDir = () => process.env.E2E_SHORT_DATA_DIR ?? '';
const EXPIRIES = 4;

/** Each tab goes back and forth between two screens; every visit loads the screen's data. */
const TAB_SCREENS: [string, string][] = [
  ['/device/devicelist', '/device/deviceoverview'],
  ['/operations/controlpanel', '/operations/dashboard'],
  ['/alarm/alarmRecords', '/message/msgAlarm'],
];

const apiReply = (page: Page) =>
  page.waitForResponse(
    (r: Response) => r.url().includes('/v1/') && !r.url().includes('/v1/refreshtoken') && r.status() === 200,
    { timeout: 20_000 },
  );

async function visit(page: Page, path: string) {
  const loaded = apiReply(page);
  // A hash change routes inside the app: no reload, the tab keeps its state and its HTTP client.
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, path);
  await loaded;
  await expect(page).toHaveURL(new RegExp(`#${path}$`));
}

test.describe('several tabs', () => {
  // The expired access tokens' replies (401) are logged by the browser itself.
  test.use({ allowConsole: [HTTP_ERROR_LOG] });

  test('three tabs stay signed in across several token expiries: one refresh per expiry, never a token reused', async ({
    page,
    context,
    shortUrl,
  }) => {
    test.setTimeout(120_000);
    const account = await createActiveAccount(shortUrl, shortDataDir());
    await uiLogin(page, shortUrl, account); // remember me: the session lives in localStorage
    const tabs = [page, await context.newPage(), await context.newPage()];

    // Every refresh the browser sends, with the refresh token it presented and the answer.
    const refreshes: { token: string; status?: number }[] = [];
    context.on('request', (req) => {
      if (req.url().includes('/v1/refreshtoken'))
        refreshes.push({ token: req.headers().authorization ?? '' });
    });
    context.on('response', (res) => {
      if (!res.url().includes('/v1/refreshtoken')) return;
      const sent = res.request().headers().authorization ?? '';
      const entry = refreshes.find((r) => r.token === sent && r.status === undefined);
      if (entry) entry.status = res.status();
    });
    const consoleErrors: string[] = [];
    for (const tab of tabs) {
      tab.on('console', (msg) => {
        if (msg.type() === 'error' && !HTTP_ERROR_LOG.test(msg.text())) consoleErrors.push(msg.text());
      });
    }

    await Promise.all(tabs.slice(1).map((tab) => tab.goto(`${shortUrl}/#${TAB_SCREENS[0]![0]}`)));
    await Promise.all(tabs.map((tab, i) => visit(tab, TAB_SCREENS[i]![0])));

    for (let round = 1; round <= EXPIRIES; round++) {
      await page.waitForTimeout(SHORT_ACCESS_TTL_SECONDS * 1000 + 1500);
      // All three tabs call with the expired token at the same moment.
      await Promise.all(tabs.map((tab, i) => visit(tab, TAB_SCREENS[i]![round % 2]!)));
      for (const tab of tabs) {
        await expect(tab.getByTestId('app-shell')).toBeVisible();
        await expect(tab.locator('.ant-message-notice')).toHaveCount(0);
      }
    }

    for (const tab of tabs) expect(tab.url()).not.toContain('/login');
    expect(refreshes.length, 'the tokens expired and were refreshed').toBeGreaterThanOrEqual(EXPIRIES);
    expect(
      refreshes.every((r) => r.status === 200),
      JSON.stringify(refreshes),
    ).toBe(true);
    // One refresh per browser: no refresh token was ever presented twice.
    expect(new Set(refreshes.map((r) => r.token)).size).toBe(refreshes.length);
    // Every tab holds the same, newest pair.
    const stored = await Promise.all(
      tabs.map((tab) => tab.evaluate(() => localStorage.getItem('hmicloud_1.0.4_REFRESHTOKEN'))),
    );
    expect(new Set(stored).size).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
});
