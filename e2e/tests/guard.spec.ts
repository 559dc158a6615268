import { test, expect } from '../support/fixtures.ts';
import { createActiveAccount, uiLogin } from '../support/accounts.ts';

test('without a token every signed-in or unknown path goes to /login', async ({ page, mainUrl }) => {
  for (const path of ['/', '/system/profile', '/device/devicelist', '/no/such/page']) {
    await page.goto(`${mainUrl}/#${path}`);
    await expect(page).toHaveURL(/#\/login$/);
  }
  await expect(page).toHaveTitle(/Sign in/);
});

test('without a token no way in fetches the signed-in shell, its pages or the console texts', async ({
  page,
  mainUrl,
}) => {
  // Issue 23 item 11: the guard used to load with the shell only to send the visitor to /login.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  for (const path of ['/', '/#/', '/#/no/such/page', '/#/device/devicelist']) {
    await page.goto(`${mainUrl}${path}`);
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  const shell = scripts.filter((s) =>
    /\/(SessionGuard|AppShell|StartRedirect|shell-pages|DeviceListPage|[a-z-]+\.console)-/.test(s),
  );
  expect(shell).toEqual([]);
});

test('signed in: unknown and not-yet-built paths lead to the start page; /login follows templateid', async ({
  page,
  mainUrl,
  mainDataDir,
}) => {
  const account = await createActiveAccount(mainUrl, mainDataDir);
  await uiLogin(page, mainUrl, account);
  // The main account holds the dashboard permission (1): its start page is the data board.
  await expect(page).toHaveURL(/#\/operations\/dashboard$/);

  for (const path of ['/no/such/page', '/device/nosuchscreen', '/operations', '/']) {
    await page.goto(`${mainUrl}/#${path}`);
    await expect(page).toHaveURL(/#\/operations\/dashboard$/);
    await expect(page.getByTestId('board-page')).toBeVisible();
  }

  const seen: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) seen.push(f.url());
  });
  // The template list exists: a template the user may not see is a note there, not an error.
  await page.goto(`${mainUrl}/#/login?templateid=42`);
  await expect(page).toHaveURL(/#\/device\/templatelist\?templateid=42$/);
  await expect(page.getByTestId('template-not-found')).toBeVisible();
  expect(seen.some((u) => u.includes('#/device/templatelist?templateid=42'))).toBe(true);

  // So does the project list: a project the user may not see is a note there too.
  seen.length = 0;
  await page.goto(`${mainUrl}/#/login?projectid=7`);
  await expect(page).toHaveURL(/#\/device\/projectlist\?projectid=7$/);
  await expect(page.getByTestId('project-not-found')).toBeVisible();
  expect(seen.some((u) => u.includes('#/device/projectlist?projectid=7'))).toBe(true);

  // Public pages stay reachable when signed in.
  await page.goto(`${mainUrl}/#/privacyagreement/en`);
  await expect(page.getByTestId('agreement-privacy-en')).toContainText('Device data');
});

test('without "remember me" the session lives in sessionStorage only', async ({
  page,
  mainUrl,
  mainDataDir,
}) => {
  const account = await createActiveAccount(mainUrl, mainDataDir);
  await uiLogin(page, mainUrl, account, false);
  const where = await page.evaluate(() => ({
    local: localStorage.getItem('hmicloud_1.0.4_TOKEN'),
    session: sessionStorage.getItem('hmicloud_1.0.4_TOKEN'),
  }));
  expect(where.local).toBeNull();
  expect(where.session).toBeTruthy();
});
