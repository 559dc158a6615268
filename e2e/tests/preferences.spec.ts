import { test, expect } from '../support/fixtures.ts';

test('the language switch persists across reloads and antd follows it', async ({ page, mainUrl }) => {
  await page.goto(`${mainUrl}/#/login`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  // antd's own default validation text, in the interface language.
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Please enter Password')).toBeVisible();

  await page.getByTestId('language-switch').click();
  await Promise.all([page.waitForEvent('load'), page.getByTestId('lang-zh-cn').click()]);
  await expect(page.getByRole('heading', { name: '欢迎回来' })).toBeVisible();
  await expect(page).toHaveTitle(/登录 - HMI 云平台/);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('请输入密码')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: '欢迎回来' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hmicloud_1.0.4_LOCALE'))).toBe('zh-cn');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

  await page.getByTestId('language-switch').click();
  await Promise.all([page.waitForEvent('load'), page.getByTestId('lang-zh-tw').click()]);
  await expect(page.getByRole('heading', { name: '歡迎回來' })).toBeVisible();
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('請輸入密碼')).toBeVisible();
});

test('switching language clears the cached card-type list', async ({ page, mainUrl }) => {
  await page.goto(`${mainUrl}/#/login`);
  await page.evaluate(() => localStorage.setItem('hmicloud_1.0.4_CARD_TYPES', '[{"id":1}]'));
  await page.getByTestId('language-switch').click();
  await Promise.all([page.waitForEvent('load'), page.getByTestId('lang-zh-tw').click()]);
  expect(await page.evaluate(() => localStorage.getItem('hmicloud_1.0.4_CARD_TYPES'))).toBeNull();
});

test('the dark theme persists and is applied before the app renders', async ({ page, mainUrl }) => {
  await page.goto(`${mainUrl}/#/login`);
  await expect(page.getByTestId('theme-switch')).toHaveAttribute('data-mode', 'light');
  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('hmicloud_1.0.4_THEME'))).toBe('dark');

  await page.reload({ waitUntil: 'domcontentloaded' });
  // Set by the blocking head script, before the module scripts run.
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
    'rgb(11, 15, 23)',
  );
  await expect(page.getByTestId('theme-switch')).toHaveAttribute('data-mode', 'dark');
  // antd's surfaces follow (dark algorithm): the form card is not white.
  const card = await page.locator('.auth-card').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(card).not.toBe('rgb(255, 255, 255)');

  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});
