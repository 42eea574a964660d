/**
 * The form-field primitives every form uses: a label, its control, and the error or hint under
 * it (000 §5: errors show under each field), tied together for assistive technology — the
 * control is `aria-invalid` and described by the message it shows. `InputField` is the control
 * the forms repeat most (`SelectField`, in its own module so that a form without a dropdown loads
 * no Radix Select); anything else goes inside a `FormField` with `fieldAria`.
 */
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/class-names';
import { CircleAlert } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useRef } from 'react';

export type FieldFrame = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Something beside the label, e.g. a link. */
  labelAside?: React.ReactNode;
  className?: string | undefined;
};

/** The aria attributes a control needs so its error (or hint) is announced with it. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}

/** A label, its control, and the error or hint under it. */
export function FormField({ children, ...frame }: FieldFrame & { children: React.ReactNode }) {
  const { id, label, error, hint, labelAside, className } = frame;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Why a chosen file was not kept, under its file input (D15: the browser judges a file as the
 * server would, before anything is sent). Announced at once, and scrolled to the middle of the
 * view (clear of a dialog's buttons at its foot), since the field may sit below the fold; one line
 * per refused file. With `onRemove`, the refused file stays named until it is removed, and the
 * form keeps Save disabled meanwhile.
 */
export function FileRefusal({
  id,
  refusals,
  onRemove,
}: {
  id: string;
  refusals: readonly string[];
  onRemove?: (() => void) | undefined;
}) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals.length > 0) alert.current?.scrollIntoView({ block: 'center' });
  }, [refusals]);
  if (refusals.length === 0) return null;
  const alertBox = (
    <div
      ref={alert}
      id={id}
      role="alert"
      className="flex min-w-0 flex-1 gap-1.5 text-sm font-medium text-destructive"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="grid gap-1">
        {refusals.map((refusal) => (
          <span key={refusal}>{refusal}</span>
        ))}
      </p>
    </div>
  );
  if (!onRemove) return alertBox;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {alertBox}
      <Button variant="outline" size="sm" className="shrink-0" onClick={onRemove}>
        {refusals.length === 1 ? 'Remove refused file' : 'Remove refused files'}
      </Button>
    </div>
  );
}

/**
 * A labelled text input; `className` styles the field, `inputClassName` the input, and the rest
 * of its props go to the input (`register(...)` included). A `suffix` is the unit written inside
 * the input's end ('mi'), announced with the input; given as '' it keeps its place while there is
 * no unit yet, so the input is not remounted when one comes.
 */
export function InputField({
  id,
  label,
  error,
  hint,
  labelAside,
  className,
  inputClassName,
  suffix,
  ...inputProps
}: FieldFrame &
  Omit<React.ComponentProps<typeof Input>, 'id' | 'className'> & {
    inputClassName?: string;
    suffix?: string | undefined;
  }) {
  const aria = fieldAria(id, error, !!hint);
  const suffixId = `${id}-suffix`;
  const describedBy = suffix
    ? [aria['aria-describedby'], suffixId].filter(Boolean).join(' ')
    : aria['aria-describedby'];
  const input = (
    <Input
      id={id}
      className={cn(suffix !== undefined && 'pr-10', inputClassName)}
      {...aria}
      aria-describedby={describedBy}
      {...inputProps}
    />
  );
  return (
    <FormField {...{ id, label, error, hint, labelAside, className }}>
      {suffix === undefined ? (
        input
      ) : (
        <div className="relative">
          {input}
          <span
            id={suffixId}
            data-testid="input-suffix"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
          >
            {suffix}
          </span>
        </div>
      )}
    </FormField>
  );
}
