/**
 * Charts that never break: figures all equal (to the last bits of floating point) draw a flat
 * line in the middle of distinct grid lines, with no NaN in the drawing and no console error
 * (the shared fixture fails the test on any).
 */
import type { Locator } from '@playwright/test';
import { localDay } from './dates';
import { expect, saveScreenshot, test } from './fixtures';
import { addVehicle, postCreated, signUp } from './scene';

/** The numbers an SVG attribute holds, every one of which must be finite. */
async function expectFiniteDrawing(chart: Locator) {
  const attributes = await chart.locator('svg *').evaluateAll((elements) =>
    elements.flatMap((element) =>
      ['x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'd'].flatMap((name) => {
        const value = element.getAttribute(name);
        return value === null ? [] : [value];
      }),
    ),
  );
  expect(attributes.length).toBeGreaterThan(0);
  expect(attributes.filter((value) => /NaN|Infinity/.test(value))).toEqual([]);
}

test('three charges at the same price per kWh draw one flat line on distinct grid lines', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  // Premium: the free plan keeps one entry.
  await signUp(page.request, { plan: 'premium' });
  const ev = await addVehicle(page.request, {
    year: 2023,
    make: 'Tesla',
    model: 'Model 3',
    energies: ['electricity'],
  });
  // The same price, $0.35/kWh, as three totals divide: 10.50 ÷ 30 = 0.35, but 9.80 ÷ 28 and
  // 11.55 ÷ 33 = 0.35000000000000003 in floating point. And the same economy after the first:
  // 140 mi ÷ 28 kWh = 165 mi ÷ 33 kWh = 5 mi/kWh.
  const charges: [number, number, number, number][] = [
    [-9, 12_000, 30, 10.5],
    [-5, 12_140, 28, 9.8],
    [-1, 12_305, 33, 11.55],
  ];
  for (const [day, odometer, quantity, totalCost] of charges) {
    await postCreated(page.request, `/api/vehicles/${ev.id}/energy`, {
      date: localDay(day),
      odometer,
      energy: 'electricity',
      quantity,
      totalCost,
      chargerKind: 'home',
    });
  }

  await page.goto(`/vehicles/${ev.id}`);
  await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
  const price = page.getByTestId('price-chart');
  const drawing = price.getByRole('img', { name: /^Electricity, 3 points/ });
  await expect(drawing).toHaveAccessibleName(/lowest 0\.35 \$\/kWh, highest 0\.35 \$\/kWh$/);
  await drawing.scrollIntoViewIfNeeded();

  // A flat line: three points at one height, half-way down the plot (0.30 … 0.40 around 0.35).
  const points = drawing.locator('circle');
  await expect(points).toHaveCount(3);
  const heights = await points.evaluateAll((circles) =>
    circles.map((circle) => Number(circle.getAttribute('cy'))),
  );
  // The plot runs from 12 px (top) to 180 − 28 = 152 px: its middle is 82 (to a hundredth of a
  // pixel: 0.35000000000000003 sits 1e-14 px off 0.35).
  expect(heights).toHaveLength(3);
  for (const height of heights) expect(height).toBeCloseTo(82, 2);

  // Grid values distinct, each on its own line: 0.3, 0.32 … 0.4.
  const values = drawing.locator('text[text-anchor="end"]');
  const placed = await values.evaluateAll((texts) =>
    texts
      .filter((text) => /^\d/.test(text.textContent ?? ''))
      .map((text) => ({ value: text.textContent, y: text.getAttribute('y') })),
  );
  expect(placed.map((one) => one.value)).toEqual(['0.3', '0.32', '0.34', '0.36', '0.38', '0.4']);
  expect(new Set(placed.map((one) => one.y)).size).toBe(6);
  await expectFiniteDrawing(price);

  // Economy, two equal spans: a flat line too.
  const economy = page.getByTestId('economy-chart');
  await expect(economy.getByRole('img', { name: /^Electricity, 2 points/ })).toBeVisible();
  await expectFiniteDrawing(economy);
  await saveScreenshot(page, 'chart-equal-values', testInfo.project.name);
});
