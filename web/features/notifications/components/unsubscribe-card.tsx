/**
 * The unsubscribe link of a message, opened by a person (decision 054, RFC 8058): one button that
 * stops that channel's messages, then says it is done. Opening the link changes nothing, since
 * mail scanners open links too; only the button does.
 */
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  UNSUBSCRIBE_TEXTS,
} from '@contract/notifications';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { BellOff, CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'wouter';
import { useUnsubscribe } from '../api/unsubscribe';

export function channelOf(value: string | null): NotificationChannel {
  return NOTIFICATION_CHANNELS.find((channel) => channel === value) ?? 'email';
}

export function UnsubscribeCard({
  unsubscribeKey,
  channel,
}: {
  unsubscribeKey: string;
  channel: NotificationChannel;
}) {
  const { state, run } = useUnsubscribe(unsubscribeKey, channel);
  const texts = UNSUBSCRIBE_TEXTS[channel];
  return (
    <Card className="w-full max-w-md">
      <CardContent className="flex flex-col gap-4 p-8">
        {state.status === 'done' ? (
          <div role="status" className="flex flex-col gap-3">
            <div className="flex items-center gap-3">
              <CircleCheck className="size-7 shrink-0 text-success" aria-hidden="true" />
              <h1 className="text-2xl font-bold tracking-tight">{state.message || texts.done}</h1>
            </div>
            <p className="text-sm text-muted-foreground">
              You can turn them on again at any time in Account Settings › Notifications.
            </p>
            <Button asChild variant="outline" className="self-start">
              <Link href="/account">Open Account Settings</Link>
            </Button>
          </div>
        ) : (
          <>
            <div className="flex items-center gap-3">
              <BellOff className="size-7 shrink-0 text-primary" aria-hidden="true" />
              <h1 className="text-2xl font-bold tracking-tight">Stop reminders?</h1>
            </div>
            <p className="text-sm text-muted-foreground">
              You will no longer get service reminders this way. Your vehicles and their history
              stay as they are.
            </p>
            {state.status === 'failed' && (
              <p role="alert" className="flex gap-1.5 text-sm font-medium text-destructive">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {state.message}
              </p>
            )}
            <Button
              type="button"
              className="self-start"
              disabled={state.status === 'pending'}
              onClick={() => void run()}
            >
              {state.status === 'pending' ? 'Stopping...' : texts.action}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
