/**
 * The line beside an invested total that says what was spent on top of it (D51), as the planned
 * note says its planned part (D48), shown only when something was: 'plus €501.07 running costs',
 * in the user's currency (D49).
 */
import { cn } from '@web/lib/class-names';
import { spentOnTopPart } from '@web/lib/money';
import { useCurrency } from '@web/lib/preferences';

export function SpentOnTopNote({
  spentOnTop,
  as: Element = 'span',
  className,
}: {
  spentOnTop: unknown;
  /** `dd` in a description list: a further description of the total's term, after its value. */
  as?: 'span' | 'dd';
  className?: string;
}) {
  const text = spentOnTopPart(spentOnTop, useCurrency());
  if (!text) return null;
  return (
    <Element
      className={cn('block text-xs font-normal text-muted-foreground tabular-nums', className)}
      data-testid="spent-on-top"
    >
      {text}
    </Element>
  );
}
