/** What the vehicle browser tests share beyond the scene: the browser's local day and a loaded image. */
import type { Locator, Page } from '@playwright/test';
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

/**
 * Chromium reports the failed decode of a preview whose bytes start like a JPEG but are not one
 * as a blocked connection to its blob: URL (the page allows blob: images, not blob: fetches);
 * the preview then says 'No preview', which is what those tests check.
 */
export function forgiveBrokenPreview(consoleErrors: string[]) {
  for (let index = consoleErrors.length - 1; index >= 0; index -= 1) {
    if (/^Connecting to 'blob:.*connect-src/s.test(consoleErrors[index] ?? '')) {
      consoleErrors.splice(index, 1);
    }
  }
}

/** After a vehicle is added its starter schedules are offered (decision 054): "Not now" declines. */
export async function declineStarterSchedules(page: Page) {
  const offer = page.getByRole('dialog', { name: /^Service reminders for your / });
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toBeHidden();
}
