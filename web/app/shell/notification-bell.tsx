/**
 * The notification bell (000 §2, D18): a badge counting the open records due from today to
 * today + 7 days in the user's local calendar, and a panel listing them.
 */
import { NOTIFICATION_WINDOW_DAYS } from '@contract/records';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { Skeleton } from '@web/components/ui/skeleton';
import { USER_QUERY_KEY } from '@web/features/accounts/api/get-user';
import { useUpcomingMaintenance } from '@web/features/records/api/get-upcoming-maintenance';
import { UpcomingItemList } from '@web/features/records/components/upcoming-item-list';
import { queryClient } from '@web/lib/query-client';
import { ArrowRight, Bell, CalendarCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { dueSoonItems } from './due-soon';

/** Judged at fetch time: no read once logout has cleared the user (see the hook). */
const isSignedIn = () => queryClient.getQueryData(USER_QUERY_KEY) != null;

// 000 §2, with the 7 of NOTIFICATION_WINDOW_DAYS written out so the copy reads as the spec's.
export const NOTIFICATIONS_EMPTY_TEXT = 'No upcoming services in the next 7 days';

export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const { items, isLoading } = useUpcomingMaintenance(isSignedIn);
  const dueSoon = dueSoonItems(items);
  const count = dueSoon.length;
  const label = count > 0 ? `Notifications (${count} due soon)` : 'Notifications';

  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
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
      </PopoverTrigger>
      <PopoverContent
        align="end"
        sideOffset={8}
        collisionPadding={8}
        aria-labelledby={titleId}
        className="w-88 overflow-hidden p-0"
      >
        <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3">
          <div>
            <h2 id={titleId} className="text-sm font-semibold text-foreground">
              Upcoming services
            </h2>
            <p className="text-xs text-muted-foreground">
              Due in the next {NOTIFICATION_WINDOW_DAYS} days
            </p>
          </div>
          {count > 0 && (
            <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-accent-foreground tabular-nums">
              {count} due
            </span>
          )}
        </div>
        <div className="max-h-80 overflow-y-auto">
          {isLoading ? (
            <div className="flex flex-col gap-3 p-4" aria-busy="true">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : count === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
              <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <CalendarCheck className="size-5" aria-hidden="true" />
              </span>
              <p className="text-sm text-muted-foreground">{NOTIFICATIONS_EMPTY_TEXT}</p>
            </div>
          ) : (
            <UpcomingItemList items={dueSoon} />
          )}
        </div>
        <div className="border-t border-border bg-muted/40 p-2">
          <Button asChild variant="ghost" className="w-full justify-center text-primary">
            <Link href="/records" onClick={() => setIsOpen(false)}>
              View All Records
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
