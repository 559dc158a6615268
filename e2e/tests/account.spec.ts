import { test, expect } from '../support/fixtures.ts';
import { newAccount } from '../support/accounts.ts';
import { activationLink } from '../support/outbox.ts';

test('register by email, activate from the outbox mail, sign in, sign out', async ({
  page,
  mainUrl,
  mainDataDir,
}) => {
  const account = newAccount();
  await page.goto(`${mainUrl}/#/register`);
  await expect(page).toHaveTitle(/Create account/);

  await page.getByTestId('register-email').fill(account.email);
  // The password rule is checked as the user types.
  await page.getByTestId('password').fill('short');
  await expect(page.getByText('The password must be 8 to 16 characters long.')).toBeVisible();
  await page.getByTestId('password').fill('onlyletters');
  await expect(page.getByTestId('password-rule')).not.toHaveClass(/password-rule-ok/);
  await page.getByTestId('password').fill(account.password);
  await expect(page.getByTestId('password-rule')).toHaveClass(/password-rule-ok/);
  await page.getByTestId('password-confirm').fill(account.password);
  await page.getByTestId('agreement-checkbox').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const link = await activationLink(mainDataDir, account.email);
  await page.goto(link);
  await expect(page).toHaveURL(/#\/activeresult\?code=0/);
  await expect(page.getByText('Your account is active')).toBeVisible();
  await page.getByTestId('activation-login').click();

  await expect(page).toHaveURL(/#\/login/);
  await page.getByTestId('login-user').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  // The agreement must be accepted first.
  await expect(page.getByText('Please read and accept the agreements first.')).toBeVisible();
  await page.getByTestId('agreement-checkbox').check();
  await page.getByTestId('login-submit').click();

  // The start page: the data board (the main account holds the dashboard permission, SPEC section 2).
  await expect(page).toHaveURL(/#\/operations\/dashboard$/);
  await expect(page.getByTestId('board-page')).toBeVisible();
  await expect(page).toHaveTitle(/Data board/);
  // Only implemented screens are in the menu (multi-device projects since issue 26).
  await expect(page.getByTestId('menu-profile')).toBeVisible();
  await expect(page.getByTestId('menu-devicelist')).toBeVisible();
  await expect(page.getByTestId('menu-projectlist')).toHaveCount(1);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-signout').click();
  await expect(page).toHaveURL(/#\/login$/);
  // The URL changes before React shows the login screen; navigate again only once it has.
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.goto(`${mainUrl}/#/system/profile`);
  await expect(page).toHaveURL(/#\/login$/);
});

test.describe('wrong credentials', () => {
  test.use({ allowConsole: [/Failed to load resource: the server responded with a status of 4\d\d/] });
  test('are reported in place', async ({ page, mainUrl }) => {
    await page.goto(`${mainUrl}/#/login`);
    await page.getByTestId('login-user').fill('nobody@example.com');
    await page.getByTestId('login-password').fill('Whatever123');
    await page.getByTestId('agreement-checkbox').check();
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  });
});
