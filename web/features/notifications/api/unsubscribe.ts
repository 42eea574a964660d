/**
 * `POST /api/unsubscribe/{key}?channel=…`: the unsubscribe page's button, the same one-click call
 * a mail provider makes (RFC 8058), without a session. The page is public and loads no query
 * cache, so the hook keeps its own state.
 */
import {
  type NotificationChannel,
  ONE_CLICK_UNSUBSCRIBE,
  unsubscribeApiPath,
} from '@contract/notifications';
import { apiRequest, errorMessage, readJson } from '@web/lib/api-client';
import { useState } from 'react';

export async function unsubscribe(
  key: string,
  channel: NotificationChannel,
): Promise<{ message: string } | null> {
  const response = await apiRequest('POST', unsubscribeApiPath(key, channel), {
    [ONE_CLICK_UNSUBSCRIBE.field]: ONE_CLICK_UNSUBSCRIBE.value,
  });
  return readJson<{ message: string }>(response);
}

type UnsubscribeState =
  | { status: 'idle' | 'pending' }
  | { status: 'done'; message: string }
  | { status: 'failed'; message: string };

export function useUnsubscribe(key: string, channel: NotificationChannel) {
  const [state, setState] = useState<UnsubscribeState>({ status: 'idle' });
  async function run() {
    setState({ status: 'pending' });
    try {
      const answer = await unsubscribe(key, channel);
      setState({ status: 'done', message: answer?.message ?? '' });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error, 'Please try again.') });
    }
  }
  return { state, run };
}
