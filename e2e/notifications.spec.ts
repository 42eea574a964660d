/**
 * Account Settings › Notifications on a server that sends mail (decision 054): a user turns
 * e-mail reminders on, sends a test, sees where it went and finds it among the deliveries, and
 * the e-mail arrives at a real SMTP server in this process. Its unsubscribe link, opened as a
 * person would, asks once and turns e-mail off.
 */
import { type MailCapture, startMailCapture } from '../server/test/mail-capture';
import { EXTRA_SERVER_FIXTURE, type ExtraServer, startExtraServer } from './extra-server';
import { expect, test as shared } from './fixtures';
import { expectToast, signUp } from './scene';

const test = shared.extend<object, { capture: MailCapture; mailServer: ExtraServer }>({
  capture: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function destructures
    async ({}, use) => {
      const capture = await startMailCapture();
      await use(capture);
      await capture.close();
    },
    { scope: 'worker' },
  ],
  mailServer: [
    async ({ capture }, use) => {
      const server = await startExtraServer({ SMTP_URL: capture.url });
      await use(server);
      await server.stop();
    },
    EXTRA_SERVER_FIXTURE,
  ],
  baseURL: async ({ mailServer }, use) => use(mailServer.url),
});

test('e-mail reminders: turned on, tested, received, and stopped from the link @desktop-only', async ({
  page,
  capture,
}) => {
  test.setTimeout(60_000);
  const { account } = await signUp(page.request);

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const settings = page.getByTestId('notification-settings');
  await expect(
    settings.getByText(`To ${account.email}, the address of your account.`),
  ).toBeVisible();
  await expect(settings.getByText('Nothing has been sent yet.')).toBeVisible();
  // Nothing is set up yet, so there is nothing to test.
  await expect(settings.getByRole('button', { name: /^Send a test/ })).toHaveCount(0);

  const emailSwitch = settings.getByRole('switch', { name: 'Send reminders by e-mail' });
  await expect(emailSwitch).toHaveAttribute('aria-checked', 'false');
  await emailSwitch.click();
  await settings.getByRole('button', { name: 'Save Notifications' }).click();
  await expectToast(page, 'Notification settings saved');
  // The zone is the account's, proposed by the browser at registration (decision 066).
  await expect(
    settings.getByText('Days begin in your time zone, America/New_York, set under Units.'),
  ).toBeVisible();

  await settings.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expectToast(page, 'E-mail test sent', `A test e-mail was sent to ${account.email}.`);
  const deliveries = page.getByRole('list', { name: 'Recent deliveries' });
  await expect(deliveries.getByRole('listitem')).toHaveCount(1);
  await expect(deliveries).toContainText('Test message from Garage Ledger');
  await expect(deliveries).toContainText('Sent');

  const [mail] = await capture.waitFor(1);
  expect(mail!.envelopeTo).toEqual([account.email]);
  expect(mail!.subject).toBe('Test message from Garage Ledger');
  expect(mail!.text).toContain('This is a test of your e-mail reminders from Garage Ledger.');

  // The link a mail client shows as "Unsubscribe", opened by a person: it asks before it acts.
  const unsubscribeLine = mail!.headerLines.find((line) => line.key === 'list-unsubscribe')!.line;
  const link = /<([^>]+)>/.exec(unsubscribeLine.replace(/\r\n[ \t]/g, ''))![1]!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/unsubscribe\?key=[0-9a-f]{64}&channel=email$/);
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByRole('heading', { name: 'E-mail reminders are off.' })).toBeVisible();

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Send reminders by e-mail' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});
