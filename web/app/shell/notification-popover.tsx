/**
 * The bell's popover (000 §2, D47): the services overdue or due in the next days, and the way to
 * all records.
 * Loaded when the bell is first opened (decision 010).
 */
import { DUE_WINDOW_TEXTS } from '@contract/records';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { Skeleton } from '@web/components/ui/skeleton';
import { UpcomingItemList } from '@web/features/records/components/upcoming-item-list';
import type { ListedUpcomingItem } from '@web/features/records/lib/upcoming-due';
import { ArrowRight, CalendarCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { BellButton, NOTIFICATIONS_EMPTY_TEXT } from './notification-bell';

export function NotificationPopover({
  isOpen,
  setIsOpen,
  label,
  dueSoon,
  isLoading,
}: {
  isOpen: boolean;
  setIsOpen: (isOpen: boolean) => void;
  label: string;
  dueSoon: ListedUpcomingItem[];
  isLoading: boolean;
}) {
  const titleId = useId();
  const count = dueSoon.length;
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <BellButton label={label} count={count} />
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
            <p className="text-xs text-muted-foreground">{DUE_WINDOW_TEXTS.bell}</p>
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
