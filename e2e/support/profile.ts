import { expect, type Page } from '@playwright/test';

/** The personal centre (the start page is the device overview now; these tests work on the profile). */
export async function openProfile(page: Page, base: string) {
  await page.goto(`${base}/#/system/profile`);
  await expect(page.getByTestId('profile-page')).toBeVisible();
}

/** Renames the team from the personal centre (a signed-in call that needs a valid token). */
export async function renameTeam(page: Page, name: string, options: { timeout?: number } = {}) {
  await page.getByTestId('team-name').locator('.ant-typography-edit').click(options);
  const box = page.getByTestId('profile-details').locator('textarea');
  await box.fill(name, options);
  await box.press('Enter', options);
}

export const storedToken = (page: Page) =>
  page.evaluate(
    () => localStorage.getItem('hmicloud_1.0.4_TOKEN') ?? sessionStorage.getItem('hmicloud_1.0.4_TOKEN'),
  );

/** Toasts on screen: notices not already playing their leave animation. */
export const visibleToasts = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('.ant-message-notice')].filter((n) => {
        for (let el: Element | null = n; el; el = el.parentElement)
          if (/-leave/.test(el.className)) return false;
        return true;
      }).length,
  );

export async function expectToastCountAtMost(page: Page, max: number) {
  expect(await visibleToasts(page)).toBeLessThanOrEqual(max);
}
