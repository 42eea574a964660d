/**
 * A select among a fixed list of choices (the list filters of /records and /expenses, and the
 * forms' dropdowns through SelectField) whose Radix and Floating UI code (about 35 KB gzipped)
 * loads on its first opening, not with the page (decision 017, 051). Until then a button of the
 * trigger's look, role and name shows the chosen choice (or the placeholder) and opens the list
 * as Radix's trigger would (usePopupOnDemand).
 */
import { cn } from '@web/lib/class-names';
import { lazyComponent } from '@web/lib/lazy-component';
import { usePopupOnDemand } from '@web/lib/use-popup-on-demand';
import { ChevronDownIcon } from 'lucide-react';
import { type Ref, Suspense } from 'react';
import { SELECT_TRIGGER_CLASSES } from './select-trigger-classes';

const ChoiceSelectPopup = lazyComponent(() => import('./choice-select-popup'), 'ChoiceSelectPopup');

export type Choice = { value: string; label: string };

export type ChoiceSelectProps = {
  choices: readonly Choice[];
  value: string;
  onValueChange: (value: string) => void;
  /** Named by a `<label htmlFor>` or by `aria-label`. */
  id?: string;
  'aria-label'?: string;
  className?: string;
  contentClassName?: string;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  disabled?: boolean;
  onBlur?: () => void;
  /** The trigger, whichever is shown (a form focuses it on an error). */
  ref?: Ref<HTMLButtonElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

export function ChoiceSelect(props: ChoiceSelectProps) {
  const { hasOpened, isOpen, setIsOpen, standInProps } = usePopupOnDemand(
    ChoiceSelectPopup,
    'listbox',
  );
  const chosen = props.choices.find((choice) => choice.value === props.value);
  const standIn = (
    <button
      type="button"
      ref={props.ref}
      id={props.id}
      aria-label={props['aria-label']}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      disabled={props.disabled}
      onBlur={props.onBlur}
      data-slot="select-trigger"
      data-state="closed"
      data-placeholder={chosen ? undefined : ''}
      className={cn(SELECT_TRIGGER_CLASSES, props.className)}
      {...standInProps}
    >
      <span data-slot="select-value" style={{ pointerEvents: 'none' }}>
        {chosen?.label ?? props.placeholder}
      </span>
      <ChevronDownIcon className="text-muted-foreground" aria-hidden />
    </button>
  );
  if (!hasOpened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ChoiceSelectPopup {...props} isOpen={isOpen} onOpenChange={setIsOpen} />
    </Suspense>
  );
}
