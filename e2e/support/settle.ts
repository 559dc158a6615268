import { expect, type Page } from '@playwright/test';

/**
 * Waits until the screen stands still: fonts loaded and no finite animation running (drawers
 * sliding in, dialogs zooming, tables measuring their widths); endless ones, such as a raised
 * alarm's pulsing dot, aside. The condition a fixed pause before a screenshot only hoped for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}
