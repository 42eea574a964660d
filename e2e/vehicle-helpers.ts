/** What the vehicle browser tests share beyond the scene: the browser's local day and a loaded image. */
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/** The browser runs in America/New_York (playwright.config.ts); "today" is judged there. */
export { localDay, shownDate, TIME_ZONE, thisMonth } from './dates';

/** A loaded image has pixels: naturalWidth > 0. */
export async function expectLoaded(image: Locator) {
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
}
