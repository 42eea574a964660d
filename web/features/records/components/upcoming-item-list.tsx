/**
 * A short list of upcoming items (000 §2's bell panel): type icon, title, vehicle name and
 * 'Due: {MMM d, yyyy}'. The type is also said in words for screen readers.
 */
import { effectiveDueDate, type UpcomingItem, type UpcomingItemType } from '@contract/records';
import { formatDate } from '@web/lib/format';
import { RecordTypeIcon } from './record-type-icon';

const TYPE_LABELS: Record<UpcomingItemType, string> = {
  maintenance: 'Maintenance',
  repair: 'Repair',
  modification: 'Modification',
  other: 'Other',
};

export function UpcomingItemList({ items }: { items: readonly UpcomingItem[] }) {
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => (
        <li
          key={`${item.type}-${item.id}`}
          data-testid="upcoming-item"
          className="flex items-start gap-3 px-4 py-3"
        >
          <RecordTypeIcon type={item.type} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-foreground">
              <span className="sr-only">{TYPE_LABELS[item.type]}: </span>
              {item.title}
            </p>
            <p className="truncate text-xs text-muted-foreground">{item.vehicleName}</p>
            <p className="mt-0.5 text-xs font-medium text-muted-foreground tabular-nums">
              Due: {formatDate(effectiveDueDate(item))}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
