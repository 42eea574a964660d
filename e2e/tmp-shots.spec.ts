import { localDay } from './dates';
import { saveScreenshot, settleAnimations, test } from './fixtures';
import { addVehicle, postCreated, signUp } from './scene';

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });
    test(`reminder pages ${scheme}`, async ({ page }, info) => {
      test.setTimeout(90_000);
      await signUp(page.request, { plan: 'premium' });
      const today = localDay();
      const civic = await addVehicle(page.request, { year: 2019, make: 'Honda', model: 'Civic', mileage: 51_800 });
      for (const [days, odometer] of [[-70, 49_700], [-50, 50_300], [-30, 50_900]] as const) {
        await postCreated(page.request, `/api/vehicles/${civic.id}/odometer`, {
          date: addDays(today, days),
          odometer,
        });
      }
      await postCreated(page.request, `/api/vehicles/${civic.id}/schedules`, {
        title: 'Oil Change', category: 'Oil Change', intervalDistance: 5000, firstDueOdometer: 52_400,
      });
      await postCreated(page.request, `/api/vehicles/${civic.id}/schedules`, {
        title: 'Brake fluid', category: 'Fluid Change', intervalMonths: 24, firstDueDate: addDays(today, -3),
      });
      await postCreated(page.request, `/api/vehicles/${civic.id}/schedules`, {
        title: 'Tire rotation', category: 'Tire Rotation', intervalMonths: 6, firstDueDate: addDays(today, 40),
      });
      await postCreated(page.request, '/api/maintenance', {
        vehicleId: civic.id, category: 'Other', title: 'Inspection', date: addDays(today, 9), dueDate: addDays(today, 9),
      });
      const name = (what: string) => `tmp-${what}-${scheme}`;
      await page.goto('/dashboard');
      await page.getByTestId('upcoming-item').first().waitFor();
      await settleAnimations(page);
      await saveScreenshot(page, name('dashboard'), info.project.name);
      await page.getByRole('button', { name: /^Notifications/ }).first().click();
      await settleAnimations(page);
      await saveScreenshot(page, name('bell'), info.project.name);
      await page.keyboard.press('Escape');
      await page.goto('/records?type=maintenance');
      await page.getByRole('tab', { name: 'Upcoming' }).click();
      await settleAnimations(page);
      await saveScreenshot(page, name('maintenance-view'), info.project.name);
      await page.goto(`/vehicles/${civic.id}`);
      await page.getByRole('tab', { name: 'Schedules' }).click();
      await page.getByTestId('schedules-tab').waitFor();
      await settleAnimations(page);
      await saveScreenshot(page, name('vehicle'), info.project.name);
      await page.goto('/account');
      await page.getByRole('tab', { name: /^(Notifications|Alerts)$/ }).click();
      await page.getByRole('button', { name: 'Create calendar link' }).waitFor();
      await settleAnimations(page);
      await saveScreenshot(page, name('account'), info.project.name);
    });
  });
}
