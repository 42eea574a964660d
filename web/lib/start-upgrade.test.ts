import { PAYMENT_MESSAGES } from '@contract/subscription';
import { describe, expect, it } from 'vitest';
import { type PaymentTab, startUpgrade, type UpgradeEnvironment } from './start-upgrade';

const LINK = 'https://buy.stripe.com/test_premium';

function environment(prepare: UpgradeEnvironment['prepare'], canOpen = true) {
  const events: string[] = [];
  const tab: PaymentTab = {
    location: { href: 'about:blank' },
    opener: 'the app',
    close: () => events.push('closed'),
  };
  const env: UpgradeEnvironment = {
    openBlankTab: () => {
      events.push('opened');
      return canOpen ? tab : null;
    },
    prepare: async () => {
      events.push('prepare');
      return prepare();
    },
    notify: (message) => events.push(`toast: ${message}`),
    warn: (message) => events.push(`warn: ${message}`),
  };
  return { env, tab, events };
}

describe('startUpgrade (D36)', () => {
  it('opens the tab before asking the server, then sends it to the prepared page', async () => {
    const prepared = `${LINK}?client_reference_id=7&prefilled_email=a%40b.c`;
    const { env, tab, events } = environment(async () => prepared);
    expect(await startUpgrade({ paymentLinkUrl: LINK }, env)).toBe(prepared);
    expect(events).toEqual(['opened', 'prepare']);
    expect(tab.location.href).toBe(prepared);
    expect(tab.opener).toBeNull();
  });

  it('falls back to the payment link when preparing fails, and only logs the failure', async () => {
    const { env, tab, events } = environment(async () => {
      throw new Error('500: boom');
    });
    expect(await startUpgrade({ paymentLinkUrl: LINK }, env)).toBe(LINK);
    expect(tab.location.href).toBe(LINK);
    expect(events).toEqual([
      'opened',
      'prepare',
      'warn: Preparing the subscription failed; opening the payment link',
    ]);
  });

  it('opens nothing and says so when the server has no payment link', async () => {
    for (const status of [{ paymentLinkUrl: null }, null]) {
      const { env, events } = environment(async () => LINK);
      expect(await startUpgrade(status, env)).toBeNull();
      expect(events).toEqual([`toast: ${PAYMENT_MESSAGES.upgradesUnavailable}`]);
    }
  });

  it('does not call the server when the browser blocks the tab', async () => {
    const { env, events } = environment(async () => LINK, false);
    expect(await startUpgrade({ paymentLinkUrl: LINK }, env)).toBeNull();
    expect(events).toEqual(['opened', 'warn: The payment page could not open a new tab']);
  });
});
