/**
 * Account Settings › Notifications (decision 054): where reminders go (e-mail to the account's
 * address, an ntfy topic, a signed webhook), which ones, how far ahead, with one Save; a 'Send a
 * test' per channel that is set up, its answer toasted; and the recent deliveries, failures
 * standing out with their error. The browser's time zone is sent with the first save.
 */
import {
  CHANNEL_LABELS,
  DELIVERY_STATUS_LABELS,
  type DeliveryStatus,
  DUE_SOON_BOUNDS,
  NOTIFICATION_KIND_LABELS,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationSettingsUpdate,
  type NotificationSettings as Settings,
} from '@contract/notifications';
import { DISTANCE_WORDS } from '@contract/units';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { fieldAria, InputField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { SwitchField } from '@web/components/ui/switch-field';
import { toast } from '@web/components/ui/use-toast';
import { formatDate } from '@web/lib/format';
import { usePreferences } from '@web/lib/preferences';
import { useTimeZone } from '@web/lib/today';
import { Copy, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useSaveNotificationSettings } from '../api/save-notification-settings';
import { useSendNotificationTest } from '../api/send-notification-test';

type FormValues = {
  emailEnabled: boolean;
  ntfyUrl: string;
  ntfyToken: string;
  webhookUrl: string;
  dueSoon: boolean;
  overdue: boolean;
  weeklyDigest: boolean;
  dueSoonDays: number;
  dueSoonDistance: number;
};

const valuesOf = (settings: Settings): FormValues => ({
  emailEnabled: settings.email.enabled,
  ntfyUrl: settings.ntfy.url ?? '',
  ntfyToken: settings.ntfy.token ?? '',
  webhookUrl: settings.webhook.url ?? '',
  dueSoon: settings.events.dueSoon,
  overdue: settings.events.overdue,
  weeklyDigest: settings.events.weeklyDigest,
  dueSoonDays: settings.dueSoonDays,
  dueSoonDistance: settings.dueSoonDistance,
});

/** The server's field names (`ntfy.url`) as the form's. */
const FORM_FIELDS: Record<string, keyof FormValues> = {
  'email.enabled': 'emailEnabled',
  'ntfy.url': 'ntfyUrl',
  'ntfy.token': 'ntfyToken',
  'webhook.url': 'webhookUrl',
  dueSoonDays: 'dueSoonDays',
  dueSoonDistance: 'dueSoonDistance',
};

/** Whether 'Send a test' can use a channel as saved. */
function isSetUp(settings: Settings, channel: NotificationChannel): boolean {
  if (channel === 'email') return settings.email.enabled && settings.emailAvailable;
  if (channel === 'ntfy') return settings.ntfy.url !== null;
  return settings.webhook.url !== null;
}

function TestButton({ channel, settings }: { channel: NotificationChannel; settings: Settings }) {
  const send = useSendNotificationTest();
  if (!isSetUp(settings, channel)) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={send.isPending}
      onClick={() => send.mutate(channel)}
      aria-label={`Send a test ${channel === 'email' ? 'e-mail' : `to ${CHANNEL_LABELS[channel]}`}`}
    >
      <Send aria-hidden="true" />
      {send.isPending ? 'Sending...' : 'Send a test'}
    </Button>
  );
}

function ChannelHeading({
  channel,
  settings,
  description,
}: {
  channel: NotificationChannel;
  settings: Settings;
  description: string;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex min-h-8 items-center justify-between gap-3">
        <h3 className="text-sm font-semibold">{CHANNEL_LABELS[channel]}</h3>
        <TestButton channel={channel} settings={settings} />
      </div>
      <p className="text-xs text-muted-foreground">{description}</p>
    </div>
  );
}

function WebhookSecret({ secret }: { secret: string }) {
  const id = 'notification-webhook-secret';
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Signing secret
      </label>
      <div className="flex gap-2">
        <Input id={id} value={secret} readOnly className="font-mono text-xs" />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard.writeText(secret).then(
              () => toast({ title: 'Signing secret copied' }),
              () =>
                toast({
                  variant: 'destructive',
                  title: 'Could not copy',
                  description: 'Please select the secret and copy it yourself.',
                }),
            );
          }}
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Each call is signed with this secret in its Garage-Ledger-Signature header, so your receiver
        can check it came from here.
      </p>
    </div>
  );
}

function NotificationsForm({ settings }: { settings: Settings }) {
  const timeZone = useTimeZone();
  const form = useForm<FormValues>({ defaultValues: valuesOf(settings) });
  const { errors } = form.formState;
  const save = useSaveNotificationSettings({
    onSaved: (saved) => form.reset(valuesOf(saved)),
    onFieldErrors: (fieldErrors) => {
      for (const [field, message] of Object.entries(fieldErrors)) {
        const name = FORM_FIELDS[field];
        if (name) form.setError(name, { message });
      }
    },
  });
  const { discardQuestion } = useDiscardQuestion(form.formState.isDirty && !save.isPending);
  const distanceUnit = usePreferences().preferences?.distanceUnit ?? 'mi';
  const distanceWord = DISTANCE_WORDS[distanceUnit].other;

  function submit(values: FormValues) {
    const change: NotificationSettingsUpdate = {
      // A server without mail refuses e-mail turned on (409): a switch left on from before is
      // not sent again, so the rest still saves.
      ...(settings.emailAvailable || !values.emailEnabled
        ? { email: { enabled: values.emailEnabled } }
        : {}),
      ntfy: { url: values.ntfyUrl || null, token: values.ntfyToken || null },
      webhook: { url: values.webhookUrl || null },
      events: {
        dueSoon: values.dueSoon,
        overdue: values.overdue,
        weeklyDigest: values.weeklyDigest,
      },
      dueSoonDays: values.dueSoonDays,
      dueSoonDistance: values.dueSoonDistance,
    };
    save.mutate(change);
  }

  const daysError = errors.dueSoonDays?.message;
  const distanceError = errors.dueSoonDistance?.message;
  return (
    <form
      noValidate
      aria-label="Notifications"
      className="grid gap-6"
      onSubmit={form.handleSubmit(submit)}
    >
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-6">
        <legend className="sr-only">Where reminders go</legend>
        <section className="grid gap-3" aria-label="E-mail">
          <ChannelHeading
            channel="email"
            settings={settings}
            description={`To ${settings.emailAddress}, the address of your account.`}
          />
          <SwitchField
            control={form.control}
            name="emailEnabled"
            id="notification-email"
            label="Send reminders by e-mail"
            disabled={!settings.emailAvailable && !settings.email.enabled}
            hint={
              settings.emailAvailable
                ? 'Each e-mail has a link that turns them off in one click.'
                : 'This server is not set up to send e-mail. Use ntfy or a webhook instead.'
            }
          />
        </section>

        <section className="grid gap-3 border-t border-border pt-6" aria-label="ntfy">
          <ChannelHeading
            channel="ntfy"
            settings={settings}
            description="Push notifications to your phone through an ntfy topic, on ntfy.sh or your own server."
          />
          <InputField
            id="notification-ntfy-url"
            label="Topic address"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://ntfy.sh/my-garage"
            error={errors.ntfyUrl?.message}
            {...form.register('ntfyUrl')}
          />
          <InputField
            id="notification-ntfy-token"
            label="Access token (optional)"
            type="password"
            autoComplete="off"
            hint="For a protected topic. Sent only over https://, or to a private address this server allows."
            error={errors.ntfyToken?.message}
            {...form.register('ntfyToken')}
          />
        </section>

        <section className="grid gap-3 border-t border-border pt-6" aria-label="Webhook">
          <ChannelHeading
            channel="webhook"
            settings={settings}
            description="A signed JSON message to an address of yours, such as Home Assistant or your own script."
          />
          <InputField
            id="notification-webhook-url"
            label="Webhook address"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/hooks/garage"
            hint="A public https:// address; a private one only where this server allows it."
            error={errors.webhookUrl?.message}
            {...form.register('webhookUrl')}
          />
          {settings.webhook.secret && <WebhookSecret secret={settings.webhook.secret} />}
        </section>

        <section className="grid gap-3 border-t border-border pt-6" aria-label="What to send">
          <h3 className="text-sm font-semibold">What to send</h3>
          <SwitchField
            control={form.control}
            name="dueSoon"
            id="notification-due-soon"
            label="Due soon"
            hint="When a service comes within the distance or days below."
          />
          <SwitchField
            control={form.control}
            name="overdue"
            id="notification-overdue"
            label="Overdue"
            hint="When a service passes its due date or mileage."
          />
          <SwitchField
            control={form.control}
            name="weeklyDigest"
            id="notification-weekly-digest"
            label="Weekly digest"
            hint="Once a week, everything overdue or due soon in one message."
          />
          <div className="grid gap-2">
            {/* Wrapped between its phrases, never inside one: "or 500 miles ahead," stays whole. */}
            <p className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm">
              <span className="inline-flex items-center gap-2">
                <label htmlFor="notification-due-soon-days">Warn me</label>
                <Input
                  id="notification-due-soon-days"
                  type="number"
                  inputMode="numeric"
                  min={DUE_SOON_BOUNDS.days.min}
                  max={DUE_SOON_BOUNDS.days.max}
                  className="w-18"
                  {...fieldAria('notification-due-soon-days', daysError)}
                  {...form.register('dueSoonDays', { valueAsNumber: true })}
                />
                <span>days</span>
              </span>
              <span className="inline-flex items-center gap-2">
                <span>or</span>
                <Input
                  id="notification-due-soon-distance"
                  type="number"
                  inputMode="numeric"
                  min={DUE_SOON_BOUNDS.distance.min}
                  max={DUE_SOON_BOUNDS.distance.max}
                  aria-label={`Distance ahead, in ${distanceWord}`}
                  className="w-22"
                  {...fieldAria('notification-due-soon-distance', distanceError)}
                  {...form.register('dueSoonDistance', { valueAsNumber: true })}
                />
                <span>{distanceWord} ahead,</span>
              </span>
              <span>whichever comes first.</span>
            </p>
            {daysError && (
              <p
                id="notification-due-soon-days-error"
                className="text-sm font-medium text-destructive"
              >
                {daysError}
              </p>
            )}
            {distanceError && (
              <p
                id="notification-due-soon-distance-error"
                className="text-sm font-medium text-destructive"
              >
                {distanceError}
              </p>
            )}
            <p className="text-xs text-muted-foreground">
              Days begin in your time zone, {timeZone}, set under Units.
            </p>
          </div>
        </section>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save Notifications'}
        </Button>
      </div>
      {discardQuestion}
    </form>
  );
}

const STATUS_BADGES: Record<DeliveryStatus, 'success' | 'danger' | 'info' | 'secondary'> = {
  sent: 'success',
  failed: 'danger',
  pending: 'info',
  cancelled: 'secondary',
};

function DeliveryRow({ delivery }: { delivery: NotificationDelivery }) {
  const isFailed = delivery.status === 'failed';
  return (
    <li
      className={
        isFailed
          ? 'grid gap-1 rounded-lg border border-destructive/40 bg-danger-soft/40 p-3'
          : 'grid gap-1 rounded-lg border border-border p-3'
      }
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-sm font-medium break-words">{delivery.subject}</p>
        <Badge variant={STATUS_BADGES[delivery.status]}>
          {DELIVERY_STATUS_LABELS[delivery.status]}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {CHANNEL_LABELS[delivery.channel]} · {NOTIFICATION_KIND_LABELS[delivery.kind]} ·{' '}
        {formatDate(delivery.sentAt ?? delivery.createdAt)}
        {delivery.attempts > 1 ? ` · ${delivery.attempts} attempts` : ''}
      </p>
      {delivery.lastError && (
        <p className="text-sm text-destructive break-words">{delivery.lastError}</p>
      )}
    </li>
  );
}

function RecentDeliveries({ deliveries }: { deliveries: NotificationDelivery[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent deliveries</CardTitle>
        <CardDescription>
          The last messages sent to you, and any that did not arrive.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has been sent yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Recent deliveries">
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function NotificationSettings() {
  const { data: settings, isError } = useNotificationSettings();
  return (
    <div className="grid gap-6" data-testid="notification-settings">
      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>
            Reminders of services due soon or overdue, sent where you choose.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings ? (
            <NotificationsForm settings={settings} />
          ) : isError ? (
            <p className="text-sm text-destructive">
              Your notification settings could not be loaded. Please reload the page.
            </p>
          ) : (
            <div
              className="grid gap-5"
              role="status"
              aria-label="Loading your notification settings"
            >
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          )}
        </CardContent>
      </Card>
      {settings && <RecentDeliveries deliveries={settings.deliveries} />}
    </div>
  );
}
