/**
 * A labelled switch with its hint, bound to a react-hook-form field: the row the forms use for a
 * yes-or-no setting (a project vehicle, AdBlue, a fill-up filled to full). The switch is named by
 * its label and described by its hint.
 */
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/class-names';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export function SwitchField<Values extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
  className,
  disabled,
}: {
  control: Control<Values>;
  name: FieldPath<Values>;
  id: string;
  label: string;
  hint: string;
  className?: string;
  /** Shown but not changeable; the hint says why. */
  disabled?: boolean;
}) {
  const hintId = `${id}-hint`;
  return (
    <div
      className={cn(
        'flex items-start justify-between gap-4 rounded-lg border border-border bg-muted/40 p-4',
        className,
      )}
    >
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={hintId}
            disabled={disabled}
          />
        )}
      />
    </div>
  );
}
