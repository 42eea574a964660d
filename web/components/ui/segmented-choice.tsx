/**
 * A choice among a few, as a row of segments that are native radio buttons: arrow keys move
 * between them, a screen reader hears a group named by its legend, and a click anywhere on a
 * segment is a click on its radio. Pressing the chosen segment again calls `onChange` with it,
 * so an optional choice can be let go (the charger kind).
 */
import { cn } from '@web/lib/class-names';
import { type ReactNode, useId } from 'react';

/** Two to four segments share a row; four fold into two rows on a phone. */
const COLUMNS: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-2 sm:grid-cols-4',
};

/** `large` for the forms used standing at a pump, one thumb on the phone. */
const HEIGHTS = { default: 'min-h-10', large: 'h-11' } as const;

export function SegmentedChoice<Value extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  onBlur,
  disabled,
  hint,
  size = 'default',
}: {
  legend: ReactNode;
  name: string;
  value: string;
  choices: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  onBlur?: () => void;
  disabled?: boolean;
  hint?: string;
  size?: keyof typeof HEIGHTS;
}) {
  const legendId = useId();
  const hintId = useId();
  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={hint ? hintId : undefined}
      className="grid content-start gap-2"
    >
      <p id={legendId} className="text-sm font-medium leading-none">
        {legend}
      </p>
      <div className={cn('grid gap-1 rounded-lg bg-muted p-1', COLUMNS[choices.length])}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'relative flex cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm font-medium text-muted-foreground transition-colors hover:text-foreground has-checked:bg-card has-checked:text-foreground has-checked:shadow-card has-focus-visible:ring-2 has-focus-visible:ring-ring',
              HEIGHTS[size],
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              onClick={() => value === choice.value && onChange(choice.value)}
              onBlur={onBlur}
              disabled={disabled}
              className="absolute inset-0 cursor-pointer appearance-none rounded-md"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
