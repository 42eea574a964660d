/**
 * One accessibility check for every spec: axe on the page as it is now, failing on serious and
 * critical violations, each named with its rule, its help text and the elements it found.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export async function expectNoSeriousViolations(page: Page) {
  // Only violations come back in full: passes listed node by node cost seconds on big pages.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} → ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
  expect(serious, 'serious or critical accessibility violations').toEqual([]);
}
