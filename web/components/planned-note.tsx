/**
 * The line under an invested total that says how much of it is planned (D48), shown only when
 * some is: 'incl. $690.00 planned', in the user's currency (D49).
 */
import { cn } from '@web/lib/class-names';
import { plannedPart } from '@web/lib/format';
import { useCurrency } from '@web/lib/preferences';

export function PlannedNote({
  planned,
  as: Element = 'span',
  className,
}: {
  planned: unknown;
  /** `dd` in a description list: a second description of the total's term, after its value. */
  as?: 'span' | 'dd';
  className?: string;
}) {
  const text = plannedPart(planned, useCurrency());
  if (!text) return null;
  return (
    <Element
      className={cn('block text-xs font-normal text-muted-foreground tabular-nums', className)}
      data-testid="planned-part"
    >
      {text}
    </Element>
  );
}
