/**
 * Password reset by e-mail (decision 054), as a person goes through it: on a server that sends
 * mail (its own, with `SMTP_URL` pointing at an SMTP server in this process), 'Forgot password?'
 * on the sign-in form sends a link; the link's page takes a new password once, sends the user to
 * sign in with it, and a second use of the same link is refused with the way to ask again.
 */
import type { Page } from '@playwright/test';
import { type MailCapture, startMailCapture } from '../server/test/mail-capture';
import { forgiveHttpErrors, submitLoginForm } from './accounts-helpers';
import { expectNoSeriousViolations } from './axe';
import { EXTRA_SERVER_FIXTURE, type ExtraServer, startExtraServer } from './extra-server';
import { expect, test as shared } from './fixtures';
import { expectToast, signUp } from './scene';

const test = shared.extend<object, { mail: MailCapture; mailingServer: ExtraServer }>({
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const capture = await startMailCapture();
      await use(capture);
      await capture.close();
    },
    { scope: 'worker' },
  ],
  mailingServer: [
    async ({ mail }, use) => {
      const server = await startExtraServer({
        SMTP_URL: mail.url,
        MAIL_FROM: 'garage@example.com',
      });
      await use(server);
      await server.stop();
    },
    EXTRA_SERVER_FIXTURE,
  ],
  baseURL: async ({ mailingServer }, use) => use(mailingServer.url),
});

async function signOutViaSidebar(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test('a forgotten password is replaced through the e-mailed link @desktop-only', async ({
  page,
  request,
  mail,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  // An account the page is not signed in to (accounts.spec.ts signs up through the form).
  const { account } = await signUp(request);
  await page.goto('/auth');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill(account.email);
  await expectNoSeriousViolations(page);
  const mailsBefore = mail.messages.length;
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'If an account with a password uses this address, we have sent it a link to choose a new password. The link works for one hour.',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  const sent = (await mail.waitFor(mailsBefore + 1)).at(-1)!;
  expect(sent.envelopeTo).toEqual([account.email]);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(sent.text ?? '')?.[0];
  expect(link, sent.text).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel('New Password', { exact: true }).fill('a fresh secret 42');
  await page.getByLabel('Confirm New Password').fill('a fresh secret 42');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, 'Password changed', 'Please sign in with your new password.');

  await submitLoginForm(page, account.email, 'a fresh secret 42');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link a second time: refused, with the way to a new one.
  await signOutViaSidebar(page);
  await page.goto(link!);
  await page.getByLabel('New Password', { exact: true }).fill('another secret 43');
  await page.getByLabel('Confirm New Password').fill('another secret 43');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This reset link is invalid or has expired. Please ask for a new one.',
  );
  forgiveHttpErrors(consoleErrors, 400);
  await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
});

shared('a server that sends no mail offers no password reset @desktop-only', async ({ page }) => {
  // Judged once the server's facts, which say whether it sends mail, have reached the form.
  const siteFacts = page.waitForResponse((response) => response.url().endsWith('/api/site'));
  await page.goto('/auth');
  expect((await (await siteFacts).json()).mailEnabled).toBe(false);
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Forgot password?' })).toHaveCount(0);
});
