/**
 * A short list of upcoming items (000 §2's bell panel, the dashboard's Upcoming Services, a
 * vehicle's Upcoming Maintenance): type icon, title, vehicle name and when it is due ('Due:
 * {MMM d, yyyy}', 'Due at 90,000 mi (…)', D47), overdue items marked 'Overdue'. The type is also
 * said in words for screen readers.
 */
import type { UpcomingItemType } from '@contract/records';
import { UPCOMING_TEXTS } from '../lib/record-texts';
import { dueText, type ListedUpcomingItem, upcomingItemKey } from '../lib/upcoming-due';
import { RecordTypeIcon } from './record-type-icon';

const TYPE_LABELS: Record<UpcomingItemType, string> = {
  maintenance: 'Maintenance',
  repair: 'Repair',
  modification: 'Modification',
  other: 'Other',
};

export function UpcomingItemList({ items }: { items: readonly ListedUpcomingItem[] }) {
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => (
        <li
          key={upcomingItemKey(item)}
          data-testid="upcoming-item"
          className="flex items-start gap-3 px-4 py-3"
        >
          <RecordTypeIcon type={item.type} />
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-2">
              <p className="truncate text-sm font-medium text-foreground">
                <span className="sr-only">{TYPE_LABELS[item.type]}: </span>
                {item.title}
              </p>
              {item.isOverdue && (
                <span
                  data-testid="upcoming-overdue"
                  className="shrink-0 rounded-full bg-warn-soft px-2 py-0.5 text-[11px] leading-tight font-semibold text-foreground"
                >
                  {UPCOMING_TEXTS.overdue}
                </span>
              )}
            </div>
            <p className="truncate text-xs text-muted-foreground">{item.vehicleName}</p>
            <p className="mt-0.5 text-xs font-medium text-muted-foreground tabular-nums">
              {dueText(item)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
