/**
 * A new vehicle's year, make and model, as the import will create it: what the file states, else
 * the preview's suggestion from the file's name for it, for the user to confirm (decision 055:
 * nothing is made up). Checked by the contract's rules of the vehicle create call before it is
 * sent; the server's new preview is what is shown after.
 */
import { type ImportPreview, IMPORT_TEXTS as TEXTS } from '@contract/imports';
import { importVehicleDetailsSchema as detailsSchema } from '@contract/schemas/imports';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/class-names';
import { Check, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';

type PreviewVehicle = ImportPreview['vehicles'][number];
export type VehicleDetails = { year: number; make: string; model: string };

const FIELDS = ['year', 'make', 'model'] as const;

export function ImportVehicleDetails({
  vehicle,
  disabled,
  onConfirm,
}: {
  vehicle: PreviewVehicle;
  disabled: boolean;
  onConfirm: (details: VehicleDetails) => void;
}) {
  const id = useId();
  const start = (field: (typeof FIELDS)[number]) =>
    String(vehicle.suggested[field] ?? vehicle.details[field] ?? '');
  const [values, setValues] = useState(() => ({
    year: start('year'),
    make: start('make'),
    model: start('model'),
  }));
  const [error, setError] = useState<string | null>(null);
  // The suggestion holds what the file states, and fills or splits the rest from its name.
  const isSuggested = FIELDS.some(
    (field) =>
      vehicle.suggested[field] !== null && vehicle.suggested[field] !== vehicle.details[field],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = detailsSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TEXTS.failed);
      return;
    }
    setError(null);
    onConfirm(parsed.data);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={TEXTS.vehicleDetails(vehicle.name)}
      data-testid="import-vehicle-details"
      data-needs-choice={vehicle.needsDetails ? '' : undefined}
      className={cn(
        'grid gap-3 rounded-lg border p-3',
        vehicle.needsDetails ? 'border-warn bg-warn-soft/60' : 'border-border',
      )}
    >
      {vehicle.needsDetails && (
        <p className="flex gap-2 text-sm font-medium">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden="true" />
          {TEXTS.needsDetails}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[6rem_minmax(0,1fr)_minmax(0,1fr)]">
        {FIELDS.map((field) => (
          <div key={field} className="grid gap-1.5">
            <Label htmlFor={`${id}-${field}`}>{TEXTS[field]}</Label>
            <Input
              id={`${id}-${field}`}
              value={values[field]}
              inputMode={field === 'year' ? 'numeric' : undefined}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              disabled={disabled}
              aria-invalid={error !== null ? true : undefined}
            />
          </div>
        ))}
      </div>
      {isSuggested && vehicle.needsDetails && (
        <p className="text-sm text-muted-foreground">{TEXTS.suggestedFromFile}</p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          size="sm"
          variant={vehicle.needsDetails ? 'default' : 'outline'}
          disabled={disabled}
        >
          {TEXTS.confirmDetails}
        </Button>
        {!vehicle.needsDetails && (
          <span className="flex items-center gap-1 text-sm text-muted-foreground">
            <Check className="size-4 text-success" aria-hidden="true" />
            {TEXTS.detailsConfirmed}
          </span>
        )}
      </div>
    </form>
  );
}
