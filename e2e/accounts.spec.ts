/**
 * Sign-up, sign-in, sign-out and Account Settings in the browser (000 §2, §4, §5, §8, D10, D21,
 * D24), against the real server and database.
 */
import fs from 'node:fs';
import {
  fillRegisterForm,
  forgiveHttpErrors,
  registerViaUi,
  submitLoginForm,
} from './accounts-helpers';
import { TIME_ZONE } from './dates';
import { expect, saveScreenshot, settleAnimations, test } from './fixtures';
import { expectToast, signUp, uniqueEmail } from './scene';

/** Today in the browser's time zone (playwright.config.ts), not the test process's. */
function localDate(date = new Date()) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

test.describe('the /auth screen', () => {
  test('shows Login by default and switches tabs on click', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await expect(page).toHaveTitle('Garage Ledger — Sign In');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'More Sign-In Options' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Garage Ledger home' })).toHaveAttribute(
      'href',
      '/',
    );
    const sidePanel = page.getByText('Manage your vehicle projects like a pro!');
    if (testInfo.project.name === 'desktop') {
      await expect(sidePanel).toBeVisible();
      for (const point of [
        'Store all vehicle documentation',
        'Track modifications and expenses',
        'Never miss maintenance with smart reminders',
        'Build a complete history of vehicle projects',
      ]) {
        await expect(page.getByText(point)).toBeVisible();
      }
    } else {
      await expect(sidePanel).toBeHidden();
    }
    await settleAnimations(page);
    await saveScreenshot(page, 'auth-login', testInfo.project.name);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'More Sign-Up Options' })).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot(page, 'auth-register', testInfo.project.name);

    await page.getByRole('tab', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  for (const query of ['tab=register', 'signup=true']) {
    test(`opens Sign Up for ?${query}`, { tag: '@desktop-only' }, async ({ page }) => {
      await page.goto(`/auth?${query}`);
      await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    });
  }

  test('says why single sign-on failed and cleans the address', { tag: '@desktop-only' }, async ({
    page,
  }) => {
    await page.goto('/auth?error=sso_unavailable');
    await expectToast(
      page,
      'Single sign-on unavailable',
      'Signing in with another provider is not available on this server.',
    );
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('shows every sign-up field message and clears one once corrected', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    await page.goto('/auth?tab=register');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    const firstName = form.getByLabel('First Name');
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('First name is required');
    await expect(page).toHaveURL(/\/auth\?tab=register$/);

    // After the first submit each change re-validates its field.
    await firstName.fill('Ada');
    await expect(form.getByText('First name is required')).toBeHidden();
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Last name is required')).toBeVisible();

    await fillRegisterForm(page, {
      lastName: 'Lovelace',
      email: 'not-an-email',
      password: 'short',
    });
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await fillRegisterForm(page, {
      email: uniqueEmail(),
      password: 'long-enough',
      confirmPassword: 'different',
    });
    await expect(form.getByText('Please enter a valid email address')).toBeHidden();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await form.getByLabel('Confirm Password').fill('long-enough');
    await expect(form.getByText('Passwords do not match')).toBeHidden();
  });

  test('a taken e-mail fails registration with the server’s reason', {
    tag: '@desktop-only',
  }, async ({ page, request, consoleErrors }) => {
    const { account } = await signUp(request);
    await page.goto('/auth?signup=true');
    await fillRegisterForm(page, { ...account, confirmPassword: account.password });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(
      page,
      'Registration failed',
      'Registration failed: An account with this email already exists',
    );
    const form = page.getByRole('form', { name: 'Create account' });
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/auth\?signup=true$/);
    forgiveHttpErrors(consoleErrors, 409);
  });
});

test.describe('signing up, out and in', () => {
  test('registering through the form lands on the dashboard, greeted by name', async ({
    page,
  }, testInfo) => {
    await registerViaUi(page, { firstName: 'Grace' });
    await expectToast(page, 'Registration successful', 'Welcome to Garage Ledger, Grace!');
    await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot(page, 'dashboard-welcome', testInfo.project.name);
    await expect(page).toHaveTitle('Garage Ledger — Dashboard');
    // The session survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  });

  test('signs out from Security, refuses a wrong password, then signs in', {
    tag: '@desktop-only',
  }, async ({ page, consoleErrors }) => {
    const { account } = await signUp(page.request, { firstName: 'Katherine' });
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Security' }).click();
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await signOut.click();
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, 'Logged out', 'You have been successfully logged out.');

    await submitLoginForm(page, account.email, 'wrong-password');
    await expectToast(page, 'Login failed', 'Login failed: Invalid email or password');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    forgiveHttpErrors(consoleErrors, 401);

    await submitLoginForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Login successful', 'Welcome back, Katherine!');
    await expect(page.getByRole('heading', { name: 'Welcome, Katherine' })).toBeVisible();
  });

  test('the login form checks its fields before calling', { tag: '@desktop-only' }, async ({
    page,
  }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await form.getByLabel('Password').fill('123456');
    await expect(form.getByText('Password must be at least 6 characters')).toBeHidden();
  });
});

test.describe('who may see which page', () => {
  for (const path of ['/account', '/dashboard', '/home']) {
    test(`a signed-out visit to ${path} lands on /auth`, { tag: '@desktop-only' }, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    });
  }

  test('a signed-in visit to /auth or / lands on /dashboard; /home shows it', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    await signUp(page.request, { firstName: 'Mary' });
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Mary' })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Mary' })).toBeVisible();
  });

  test('the session survives one failed read at start: it is retried after 500 ms (000 §4)', {
    tag: '@desktop-only',
  }, async ({ page, consoleErrors }) => {
    await signUp(page.request, { firstName: 'Retry' });
    // The server restarting behind a proxy answers the first read with a 502.
    let reads = 0;
    await page.route('**/api/user', async (route) => {
      reads += 1;
      if (reads === 1) await route.fulfill({ status: 502, body: 'Bad Gateway' });
      else await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Retry' })).toBeVisible();
    expect(reads).toBe(2);
    forgiveHttpErrors(consoleErrors, 502);
  });
});

test.describe('Account Settings', () => {
  test('shows its tabs', async ({ page }, testInfo) => {
    const { user } = await signUp(page.request);
    await page.goto('/account');
    await expect(page).toHaveTitle('Garage Ledger — Account Settings');
    await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByText('Account Information')).toBeVisible();
    await expect(page.getByText(String(user.id), { exact: true })).toBeVisible();
    // D4's MMM d, yyyy in the user's own calendar, like every other date of the app.
    const created = await page.evaluate(
      (createdAt) =>
        new Intl.DateTimeFormat('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
        }).format(new Date(createdAt)),
      user.createdAt,
    );
    await expect(page.getByText(created, { exact: true })).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot(page, 'account-profile', testInfo.project.name);

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByText('Change Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot(page, 'account-security', testInfo.project.name);

    await page.getByRole('tab', { name: 'Data' }).click();
    await expect(page.getByRole('button', { name: 'Export Data' })).toBeVisible();
    await expect(
      page.getByText(
        'This action cannot be undone. This will permanently delete your account and remove all your data from our servers.',
      ),
    ).toBeVisible();
    // The past imports are read when the tab opens; once they show, nothing moves under the click.
    await expect(page.getByText('You have not imported anything yet.')).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot(page, 'account-data', testInfo.project.name);

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Are you absolutely sure?' })).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot(page, 'account-delete-dialog', testInfo.project.name);
  });

  test('updates the e-mail, and refuses an invalid or taken one', { tag: '@desktop-only' }, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { account: other } = await signUp(request);
    await signUp(page.request);
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Profile' });
    const email = form.getByLabel('Email');

    await email.fill('not-an-email');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();

    await email.fill(other.email);
    await expect(form.getByText('Please enter a valid email address')).toBeHidden();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Update failed', 'This email is already in use by another account');
    forgiveHttpErrors(consoleErrors, 409);

    const next = uniqueEmail('renamed');
    await email.fill(next);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully');
    await page.reload();
    await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Email')).toHaveValue(next);
  });

  test('changes the first and last name beside the e-mail; the creation date reads as every date does @desktop-only', async ({
    page,
  }) => {
    await signUp(page.request, { firstName: 'Ada', lastName: 'Lovelace' });
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Profile' });
    await expect(form.getByLabel('First name')).toHaveValue('Ada');
    await expect(form.getByLabel('Last name')).toHaveValue('Lovelace');
    // D4: MMM d, yyyy, as everywhere else (the account was made today).
    const today = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }).format(new Date());
    await expect(page.getByText('Account Created').locator('xpath=..')).toContainText(today);

    await form.getByLabel('First name').fill(' ');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form.getByText('First name is required')).toBeVisible();

    await form.getByLabel('First name').fill('Augusta');
    await form.getByLabel('Last name').fill('King');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Profile updated', 'Your profile has been updated successfully');
    // Account Information follows at once, and the names survive a reload.
    await expect(page.getByRole('definition').filter({ hasText: 'Augusta King' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('First name')).toHaveValue(
      'Augusta',
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Augusta' })).toBeVisible();
  });

  test('changes the password after checking every field', { tag: '@desktop-only' }, async ({
    page,
    consoleErrors,
  }) => {
    const { account } = await signUp(page.request);
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Security' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    const current = form.getByLabel('Current Password');
    const next = form.getByLabel('New Password', { exact: true });
    const confirm = form.getByLabel('Confirm New Password');
    const submit = form.getByRole('button', { name: 'Update Password' });

    await submit.click();
    await expect(form.getByText('Current password is required')).toBeVisible();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(form.getByText('Please confirm your password')).toBeVisible();

    await current.fill(account.password);
    await expect(form.getByText('Current password is required')).toBeHidden();
    await next.fill('brand-new-secret');
    await confirm.fill('something-else');
    await submit.click();
    await expect(form.getByText("Passwords don't match")).toBeVisible();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');

    await current.fill('not-my-password');
    await confirm.fill('brand-new-secret');
    await expect(form.getByText("Passwords don't match")).toBeHidden();
    await submit.click();
    await expectToast(page, 'Password change failed', 'Current password is incorrect');
    forgiveHttpErrors(consoleErrors, 400);

    await current.fill(account.password);
    await submit.click();
    await expectToast(page, 'Password updated', 'Your password has been changed successfully');
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');
    await expect(confirm).toHaveValue('');

    // The new password signs in; the old one no longer does.
    const withNew = await page.request.post('/api/login', {
      data: { email: account.email, password: 'brand-new-secret' },
    });
    expect(withNew.status()).toBe(200);
    const withOld = await page.request.post('/api/login', {
      data: { email: account.email, password: account.password },
    });
    expect(withOld.status()).toBe(401);
  });

  test('exports the data as an indented JSON file', { tag: '@desktop-only' }, async ({ page }) => {
    const { account } = await signUp(page.request);
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Data' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`garage-ledger-export-${localDate()}.json`);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text).toMatch(/^\{\n {2}"format": "garage-ledger-export",\n/);
    expect(text).toContain(account.email);
    expect(text).not.toMatch(/password/i);
    const document = JSON.parse(text) as { format: string; version: number; user: unknown };
    expect(document.format).toBe('garage-ledger-export');
    // Format version 3: schedules, notification settings and each file's digest.
    expect(document.version).toBe(3);
    await expectToast(page, 'Data exported', 'Your data has been exported successfully');
  });

  test('deletes the account only once the box is ticked', { tag: '@desktop-only' }, async ({
    page,
    consoleErrors,
  }) => {
    const { account } = await signUp(page.request);
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    const understood = dialog.getByRole('checkbox', {
      name: 'I understand this action is permanent',
    });
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    await expect(confirm).toBeDisabled();
    await understood.click();
    await expect(understood).toBeChecked();
    await expect(confirm).toBeEnabled();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(understood).not.toBeChecked();
    await expect(confirm).toBeDisabled();

    await understood.click();
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Account deleted', 'Your account has been deleted successfully');

    await page.goto('/auth');
    await submitLoginForm(page, account.email, account.password);
    await expectToast(page, 'Login failed', 'Login failed: Invalid email or password');
    forgiveHttpErrors(consoleErrors, 401);
  });
});
