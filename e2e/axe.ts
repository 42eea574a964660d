/**
 * One accessibility check for every spec: axe on the page as it is now, failing on serious and
 * critical violations, each named with its rule, its help text and the elements it found.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, settleAnimations } from './fixtures';

/**
 * Lists the serious and critical violations of the settled page, one line each; `tags` limits
 * the rules to those standards (all of axe's rules otherwise).
 */
export async function seriousViolations(page: Page, tags?: string[]) {
  await settleAnimations(page);
  // Legacy mode runs axe once in the page itself. The default runs it frame by frame and then
  // opens a blank page to merge the results, which doubles the cost of a check; our pages have
  // no frames to merge. Only violations come back in full: passes listed node by node cost
  // seconds on big pages.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (tags) builder = builder.withTags(tags);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}) ${violation.help} → ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

export async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page), 'serious or critical accessibility violations').toEqual([]);
}
