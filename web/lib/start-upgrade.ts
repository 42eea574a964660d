/**
 * 'Upgrade Now' (D13, D36). The payment page opens in a new tab, and that tab must be opened
 * synchronously inside the click (a tab opened after an `await` is blocked as a pop-up), so a
 * blank tab opens first; then `POST /api/prepare-subscription` answers the page for this user and
 * the tab goes there, or to the status's `paymentLinkUrl` when that call fails (001 §4: a failed
 * prepare is only logged). With no link configured no tab opens and a toast says so.
 */
import {
  PAYMENT_MESSAGES,
  type PrepareSubscriptionResponse,
  type SubscriptionStatus,
} from '@contract/subscription';
import { apiRequest, readJson } from './api-client';

/** The part of a browser tab the flow drives. */
export type PaymentTab = { location: { href: string }; opener: unknown; close: () => void };

export type UpgradeEnvironment = {
  openBlankTab: () => PaymentTab | null;
  prepare: () => Promise<string | null>;
  notify: (message: string) => void;
  warn: (message: string, error?: unknown) => void;
};

export async function prepareSubscription(): Promise<string | null> {
  const response = await apiRequest('POST', '/api/prepare-subscription');
  return (await readJson<PrepareSubscriptionResponse>(response))?.url ?? null;
}

/** Answers where the tab was sent, or null when no payment page could be opened. */
export async function startUpgrade(
  status: Pick<SubscriptionStatus, 'paymentLinkUrl'> | null,
  environment: UpgradeEnvironment,
): Promise<string | null> {
  const fallbackUrl = status?.paymentLinkUrl ?? null;
  if (!fallbackUrl) {
    environment.notify(PAYMENT_MESSAGES.upgradesUnavailable);
    return null;
  }
  const tab = environment.openBlankTab();
  if (!tab) {
    environment.warn('The payment page could not open a new tab');
    return null;
  }
  // The payment page must not reach back into this one.
  tab.opener = null;
  let url = fallbackUrl;
  try {
    url = (await environment.prepare()) ?? fallbackUrl;
  } catch (error) {
    environment.warn('Preparing the subscription failed; opening the payment link', error);
  }
  tab.location.href = url;
  return url;
}

/** The flow in a real browser window. */
export function browserUpgradeEnvironment(notify: (message: string) => void): UpgradeEnvironment {
  return {
    openBlankTab: () => window.open('about:blank', '_blank'),
    prepare: prepareSubscription,
    notify,
    warn: (message, error) => console.warn(message, error),
  };
}
