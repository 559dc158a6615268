import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { TokenPair } from '@hmi/domain';
import { activationLink } from './outbox.ts';

export interface Account {
  email: string;
  password: string;
}

export const newAccount = (): Account => ({
  email: `e2e-${randomBytes(5).toString('hex')}@example.com`,
  password: 'Plant2025!',
});

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

async function call<T>(base: string, path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${base}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** Registers by email through the API and activates from the outbox mail (for tests about other things). */
export async function createActiveAccount(
  base: string,
  dataDir: string,
  extra: { data_center?: string } = {},
): Promise<Account> {
  const account = newAccount();
  const reg = await call(base, '/global/register?type=1', {
    username: account.email,
    passwd: account.password,
    lang: 'en-us',
    ...extra,
  });
  expect(reg.code, JSON.stringify(reg)).toBe(0);
  const link = await activationLink(dataDir, account.email);
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.headers.get('location') ?? '').toContain('activeresult?code=0');
  return account;
}

/** Signs in through the API and returns the token pair. */
export async function apiLogin(base: string, account: Account) {
  const r = await call<TokenPair>(base, '/global/login?type=1', {
    user: account.email,
    passwd: account.password,
  });
  expect(r.code, JSON.stringify(r)).toBe(0);
  return r.data;
}

/** Closes the account through the API (the browser's session then gets 1055). */
export async function apiCloseAccount(base: string, account: Account) {
  const { token } = await apiLogin(base, account);
  const info = await fetch(`${base}/v1/global/getUserInfo`, { headers: { authorization: token } });
  const profile = ((await info.json()) as Envelope<{ name: string; contact: string; data_center: string }>)
    .data;
  const r = await call(
    base,
    '/global/removal',
    {
      account: account.email,
      true_name: profile.name,
      contact: profile.contact,
      data_center: profile.data_center.split(',')[0],
      passwd: account.password,
    },
    token,
  );
  expect(r.code, JSON.stringify(r)).toBe(0);
}

/** Signs in through the login screen and waits for the signed-in frame. */
export async function uiLogin(page: Page, base: string, account: Account, remember = true) {
  await page.goto(`${base}/#/login`);
  await page.getByTestId('login-user').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  const remember$ = page.getByTestId('login-remember');
  if ((await remember$.isChecked()) !== remember) await remember$.click();
  await page.getByTestId('agreement-checkbox').check();
  await page.getByTestId('login-submit').click();
  // The first entry loads user info, counts and the start page: slow on a busy machine.
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 30_000 });
}

/**
 * Signs in through the API and opens `path` (a hash route) signed in, the session stored as the
 * login screen stores it with "remember me" (localStorage). For tests about other things: a
 * sign-in through the screen loads the login page and the start page before the page the test
 * wants, seconds each on the 2-core CI machine. The screen itself is tested by account.spec,
 * guard.spec and the session specs, which sign in with `uiLogin`.
 */
export async function openSignedIn(page: Page, base: string, account: Account, path = '/') {
  const pair = await apiLogin(base, account);
  // A small document of the console's origin, to write its storage without loading the app;
  // the route below is then a new document, which starts the app with the session.
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate((p) => {
    const prefix = 'hmicloud_1.0.4_';
    localStorage.setItem(`${prefix}TOKEN`, p.token);
    localStorage.setItem(`${prefix}REFRESHTOKEN`, p.refresh_token);
    localStorage.setItem(`${prefix}HOST`, p.host);
    if (p.region) localStorage.setItem(`${prefix}CURRENTREGION`, p.region);
  }, pair);
  await page.goto(`${base}/#${path}`);
  await expect(page.getByTestId('app-shell')).toBeVisible({ timeout: 30_000 });
}
