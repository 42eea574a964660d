/**
 * The notification bell (000 §2, D18, D47): a badge counting the open records overdue or due from
 * today to today + 7 days in the user's local calendar, and a panel listing them, overdue first.
 */
import { Button } from '@web/components/ui/button';
import { USER_QUERY_KEY } from '@web/features/accounts/api/get-user';
import { useUpcomingMaintenance } from '@web/features/records/api/get-upcoming-maintenance';
import { lazyComponent, preloadAhead } from '@web/lib/lazy-component';
import { queryClient } from '@web/lib/query-client';
import { useUserNow } from '@web/lib/today';
import { Bell } from 'lucide-react';
import type * as React from 'react';
import { Suspense, useState } from 'react';
import { bellItems, bellLabel } from './due-soon';

// The popover's parts (Radix Popover, Floating UI, the item list) load with the first opening.
const NotificationPopover = lazyComponent(
  () => import('./notification-popover'),
  'NotificationPopover',
);

/** Judged at fetch time: no read once logout has cleared the user (see the hook). */
const isSignedIn = () => queryClient.getQueryData(USER_QUERY_KEY) != null;

// 000 §2, with the bell's 7 days (DUE_WINDOWS.bell) written out so the copy reads as the spec's.
export const NOTIFICATIONS_EMPTY_TEXT = 'No upcoming services in the next 7 days';

export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const { items, isLoading } = useUpcomingMaintenance(isSignedIn);
  const dueSoon = bellItems(items, useUserNow());
  const count = dueSoon.length;
  const label = bellLabel(dueSoon);

  // Until first opened, a bell of the same name and look stands in for the popover's trigger.
  const standIn = (
    <BellButton
      label={label}
      count={count}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void preloadAhead(NotificationPopover)}
      onClick={() => {
        setHasOpened(true);
        setIsOpen(true);
      }}
    />
  );
  if (!hasOpened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NotificationPopover
        isOpen={isOpen}
        setIsOpen={setIsOpen}
        label={label}
        dueSoon={dueSoon}
        isLoading={isLoading}
      />
    </Suspense>
  );
}

/** The bell with its count, before and after the popover's parts load. */
export function BellButton({
  label,
  count,
  ...props
}: { label: string; count: number } & React.ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      {...props}
      className="relative rounded-full text-muted-foreground hover:text-foreground"
    >
      <Bell className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span
          data-testid="notification-count"
          aria-hidden="true"
          className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-destructive-foreground tabular-nums ring-2 ring-card"
        >
          {count > 9 ? '9+' : count}
        </span>
      )}
    </Button>
  );
}
