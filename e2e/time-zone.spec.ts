/**
 * One "today" per user on the web (decision 066, D52): Account Settings › Units shows the time
 * zone beside the units, offers the device's zone when it differs and changes it only when the
 * user takes it; registration proposes the browser's zone; the web's "today" is the zone's day,
 * not the device's.
 */
import { registerViaUi } from './accounts-helpers';
import { expect, saveScreenshot, test } from './fixtures';
import { expectToast, postCreated, signUp } from './scene';

test.describe('in Auckland, with an account still on UTC', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });

  test('Account Settings shows the zone and offers the device’s, changing it only when taken', async ({
    page,
  }, testInfo) => {
    await signUp(page.request);
    const reset = await page.request.patch('/api/user/preferences', { data: { timeZone: 'UTC' } });
    expect(reset.status()).toBe(200);
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Units' }).click();
    const units = page.getByRole('form', { name: 'Units' });
    const zone = units.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('UTC');
    const proposal = units.getByRole('note', { name: 'Your device’s time zone' });
    await expect(proposal).toContainText('Your device is in Pacific/Auckland. Use it?');
    await saveScreenshot(page, 'account-time-zone-proposal', testInfo.project.name);

    // Offered, not taken: the account is still on UTC.
    const before = await page.request.get('/api/user/preferences');
    expect((await before.json()).timeZone).toBe('UTC');

    await proposal.getByRole('button', { name: 'Use Pacific/Auckland' }).click();
    await expectToast(page, 'Preferences saved');
    await expect(zone).toHaveValue('Pacific/Auckland');
    await expect(proposal).toHaveCount(0);
    const after = await page.request.get('/api/user/preferences');
    expect((await after.json()).timeZone).toBe('Pacific/Auckland');

    // Chosen in the list and saved with the units, like any of them.
    await zone.selectOption('Europe/Paris');
    await units.getByRole('button', { name: 'Save Units' }).click();
    await expectToast(page, 'Preferences saved');
    await page.reload();
    await page.getByRole('tab', { name: 'Units' }).click();
    await expect(
      page.getByRole('form', { name: 'Units' }).getByRole('combobox', { name: 'Time zone' }),
    ).toHaveValue('Europe/Paris');
  });

  test('registration proposes the browser’s zone as the account’s', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    await registerViaUi(page);
    const preferences = await page.request.get('/api/user/preferences');
    expect((await preferences.json()).timeZone).toBe('Pacific/Auckland');
  });
});

test.describe('a device in Los Angeles, an account in Auckland', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('a reading logged today is dated on the account’s day, not the device’s', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    // 2026-03-10 03:00 UTC: still March 9 (evening) on the device, March 10 (afternoon) in Auckland.
    await page.clock.setFixedTime(new Date('2026-03-10T03:00:00Z'));
    await signUp(page.request, { plan: 'premium' });
    const saved = await page.request.patch('/api/user/preferences', {
      data: { timeZone: 'Pacific/Auckland' },
    });
    expect(saved.status()).toBe(200);
    const vehicle = await postCreated(page.request, '/api/vehicles', {
      year: 2020,
      make: 'Tesla',
      model: 'Model 3',
    });
    await page.goto(`/vehicles/${vehicle.id}`);
    await page.getByRole('tab', { name: 'Fuel & Energy' }).click();
    await page.getByTestId('odometer-history').getByRole('button', { name: 'Add reading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a reading' });
    await expect(dialog.getByLabel('Date')).toHaveValue('2026-03-10');
  });
  test('the bell counts on the account’s day: due in 7 days in Auckland, 8 on the device', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    // 2026-03-10 03:00 UTC: March 9 on the device, March 10 in Auckland. Due March 17 is within
    // the bell's 7 days of Auckland's day (17 − 10 = 7), beyond them from the device's (17 − 9 = 8).
    await page.clock.setFixedTime(new Date('2026-03-10T03:00:00Z'));
    await signUp(page.request, { plan: 'premium' });
    const saved = await page.request.patch('/api/user/preferences', {
      data: { timeZone: 'Pacific/Auckland' },
    });
    expect(saved.status()).toBe(200);
    const vehicle = await postCreated(page.request, '/api/vehicles', {
      year: 2020,
      make: 'Tesla',
      model: 'Model 3',
    });
    await postCreated(page.request, '/api/maintenance', {
      vehicleId: vehicle.id,
      category: 'Tire Rotation',
      title: 'Tire rotation',
      dueDate: '2026-03-17',
      isCompleted: false,
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Notifications (1 due soon)' })).toBeVisible();
  });
});
