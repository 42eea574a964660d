/** The icon of an upcoming item's type (000 §2): maintenance, repair, modification, other. */
import type { UpcomingItemType } from '@contract/records';
import { cn } from '@web/lib/class-names';
import { Calendar, Hammer, type LucideIcon, Sparkles, Wrench } from 'lucide-react';

const ICONS: Record<UpcomingItemType, LucideIcon> = {
  maintenance: Wrench,
  repair: Hammer,
  modification: Sparkles,
  other: Calendar,
};

const TONES: Record<UpcomingItemType, string> = {
  maintenance: 'bg-info-soft text-info',
  repair: 'bg-warn-soft text-warn',
  modification: 'bg-primary-soft text-accent-foreground',
  other: 'bg-muted text-muted-foreground',
};

export function RecordTypeIcon({
  type,
  className,
}: {
  type: UpcomingItemType;
  className?: string;
}) {
  const Icon = ICONS[type] ?? Calendar;
  return (
    <span
      data-type={type}
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-lg',
        TONES[type] ?? TONES.other,
        className,
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}
