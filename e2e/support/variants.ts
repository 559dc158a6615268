import { expect, type Page } from '@playwright/test';
import { settled } from './settle.ts';

export type Theme = 'light' | 'dark';

/** The screenshot widths of the screen specs. */
export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 375, height: 812 },
} as const;

/**
 * Switches the loaded page to `theme` through the console's own theme switch (header or sign-in
 * card), as a user does, and waits until the whole screen has repainted. The click is dispatched
 * to the button itself: an open dialog's mask covers the header, and no pointer is left hovering
 * (its tooltip would show in a screenshot). On the 2-core CI machine a switch costs 0.3-2 s (antd
 * restyles every component), about what loading a light screen again costs: it pays off on
 * screens that are dear to load (many calls, a sign-in per variation), not on every screen.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  const button = page.getByTestId('theme-switch').first();
  if ((await button.getAttribute('data-mode')) !== theme) await button.dispatchEvent('click');
  await expect(button).toHaveAttribute('data-mode', theme);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(theme === 'dark');
  await settled(page);
}

/**
 * Runs `shoot` on the loaded screen in light and dark at 1440 and 375 px (in that order), switching
 * theme and width in place, and leaves the page light at 1440 px.
 */
export async function eachVariant(
  page: Page,
  shoot: (theme: Theme, size: keyof typeof VIEWPORTS) => Promise<void>,
): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    for (const [size, viewport] of Object.entries(VIEWPORTS) as [
      keyof typeof VIEWPORTS,
      { width: number; height: number },
    ][]) {
      await page.setViewportSize(viewport);
      await settled(page);
      await shoot(theme, size);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await switchTheme(page, 'light');
}
