/**
 * The form-field primitives every form uses: a label, its control, and the error or hint under
 * it (000 §5: errors show under each field), tied together for assistive technology — the
 * control is `aria-invalid` and described by the message it shows. `InputField` and
 * `SelectField` are the two controls the forms repeat; anything else goes inside a `FormField`
 * with `fieldAria`.
 */
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { cn } from '@web/lib/class-names';
import type * as React from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type FieldFrame = {
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

/** A labelled text input; the rest of its props go to the input (`register(...)` included). */
export function InputField({
  id,
  label,
  error,
  hint,
  labelAside,
  className,
  ...inputProps
}: FieldFrame & Omit<React.ComponentProps<typeof Input>, 'id' | 'className'>) {
  return (
    <FormField {...{ id, label, error, hint, labelAside, className }}>
      <Input id={id} {...fieldAria(id, error, !!hint)} {...inputProps} />
    </FormField>
  );
}

/** A labelled dropdown bound to a form field; each option's value is also its text unless named. */
export function SelectField<Values extends FieldValues>({
  control,
  name,
  options,
  placeholder,
  disabled,
  onValueChange,
  ...frame
}: FieldFrame & {
  control: Control<Values>;
  name: FieldPath<Values>;
  options: readonly (string | { value: string; label: string })[];
  placeholder: string;
  disabled?: boolean;
  /** Replaces the field's own change handler (e.g. to clear dependent fields). */
  onValueChange?: (value: string) => void;
}) {
  const { id, error, hint } = frame;
  return (
    <FormField {...frame}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            value={field.value}
            onValueChange={onValueChange ?? field.onChange}
            disabled={disabled}
          >
            <SelectTrigger
              id={id}
              ref={field.ref}
              onBlur={field.onBlur}
              {...fieldAria(id, error, !!hint)}
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent className="max-h-72">
              {options.map((option) => {
                const { value, label } =
                  typeof option === 'string' ? { value: option, label: option } : option;
                return (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                );
              })}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}
