/**
 * Recent Activity (000 §2, D19): the newest events of the garage, each with what happened, to
 * which vehicle and when ('Unknown date' when the date cannot be read, 001 §8), linking to the
 * vehicle's page.
 */
import type { ActivityItem, ActivityType } from '@contract/records';
import { cn } from '@web/lib/class-names';
import { formatDate } from '@web/lib/format';
import { Car, CheckCircle2, Hammer, type LucideIcon, Sparkles, Wrench } from 'lucide-react';
import { Link } from 'wouter';

/** 001 §8: an activity without a date. */
const UNKNOWN_DATE = 'Unknown date';

const EVENTS: Record<ActivityType, { label: string; icon: LucideIcon; tone: string }> = {
  vehicle_added: { label: 'Vehicle added', icon: Car, tone: 'bg-primary-soft text-primary' },
  maintenance_added: { label: 'Maintenance added', icon: Wrench, tone: 'bg-info-soft text-info' },
  maintenance_completed: {
    label: 'Maintenance completed',
    icon: CheckCircle2,
    tone: 'bg-success-soft text-success',
  },
  repair_added: { label: 'Repair added', icon: Hammer, tone: 'bg-warn-soft text-warn' },
  repair_completed: {
    label: 'Repair completed',
    icon: CheckCircle2,
    tone: 'bg-success-soft text-success',
  },
  modification_added: {
    label: 'Modification added',
    icon: Sparkles,
    tone: 'bg-primary-soft text-accent-foreground',
  },
  modification_completed: {
    label: 'Modification completed',
    icon: CheckCircle2,
    tone: 'bg-success-soft text-success',
  },
};

export function RecentActivityList({ items }: { items: readonly ActivityItem[] }) {
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => {
        const event = EVENTS[item.type] ?? EVENTS.vehicle_added;
        const Icon = event.icon;
        return (
          <li key={item.id} data-testid="activity-item">
            <Link
              href={`/vehicles/${item.vehicleId}`}
              className="flex items-start gap-3 px-4 py-3 transition-colors hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none sm:px-5"
            >
              <span
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-lg',
                  event.tone,
                )}
              >
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-foreground">
                  {item.title}
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  {event.label} · {item.vehicleName}
                </span>
              </span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                {formatDate(item.date, UNKNOWN_DATE)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
