/**
 * The vehicle's fields and their validation (001 §2, §5, D31), shared by the add-vehicle dialog,
 * the Edit Vehicle dialog and the /vehicles/{id}/edit page. Year, make and model are dropdowns;
 * the model list follows the make (cleared and reloaded on every change, disabled until a make
 * with models is chosen); 'Other' reveals a text field. The edit mode adds the notes and the
 * other stored fields of 001 §3. Inputs stay as typed while a save runs, so a failure loses
 * nothing.
 */
import { DATE_RANGE } from '@contract/common';
import { modelsOf, OTHER, VEHICLE_MAKES } from '@contract/makes';
import { LICENSE_PLATE_MAX, type Vehicle, type VehicleInput, VIN_MAX } from '@contract/vehicles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/class-names';
import { type ReactNode, useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  modelInputOf,
  toVehicleInput,
  type VehicleFormMode,
  type VehicleFormValues,
  vehicleFormDefaults,
  vehicleFormSchema,
  yearChoices,
} from '../lib/vehicle-form-values';

export type VehicleFormProps = {
  mode: VehicleFormMode;
  /** The vehicle being edited (edit mode). */
  vehicle?: Vehicle;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (input: VehicleInput) => void | Promise<void>;
  onCancel?: () => void;
  /** Rendered after the fields, before the buttons (the add dialog's image picker). */
  extraFields?: ReactNode;
};

/** A label, its control, and the error or hint under it, tied together for screen readers. */
function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
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

/** The aria attributes a control needs so its error (or hint) is announced with it. */
function describe(id: string, error: string | undefined, hasHint = false) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}

export function VehicleForm({
  mode,
  vehicle,
  isPending,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  extraFields,
}: VehicleFormProps) {
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const schema = useMemo(() => vehicleFormSchema(mode), [mode]);
  const form = useForm<VehicleFormValues>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: vehicleFormDefaults(mode, vehicle),
  });
  const { errors } = form.formState;
  const years = useMemo(
    () => yearChoices(mode === 'edit' ? vehicle?.year : undefined),
    [mode, vehicle?.year],
  );
  const make = form.watch('make');
  const model = form.watch('model');
  const modelInput = modelInputOf(make);
  const models = modelsOf(make);

  const chooseMake = (next: string) => {
    form.setValue('make', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    // 001 §2: the model is cleared and its list reloaded whenever the make changes.
    form.setValue('model', '', { shouldDirty: true });
    form.setValue('modelOther', '', { shouldDirty: true });
    if (next !== OTHER) form.setValue('makeOther', '');
    form.clearErrors(['model', 'modelOther', 'makeOther']);
  };

  return (
    <form
      noValidate
      aria-label={mode === 'add' ? 'Add vehicle' : 'Edit vehicle'}
      onSubmit={form.handleSubmit((values) => onSubmit(toVehicleInput(values, mode)))}
    >
      {/* A disabled fieldset keeps the typed values while a save runs, and blocks edits. */}
      <fieldset disabled={isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">Vehicle details</legend>
        <Field id={id('year')} label="Year" error={errors.year?.message}>
          <Controller
            control={form.control}
            name="year"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={isPending}>
                <SelectTrigger
                  id={id('year')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...describe(id('year'), errors.year?.message)}
                >
                  <SelectValue placeholder="Select year" />
                </SelectTrigger>
                <SelectContent className="max-h-72">
                  {years.map((year) => (
                    <SelectItem key={year} value={String(year)}>
                      {year}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>

        <div className="grid content-start gap-2">
          <Field id={id('make')} label="Make" error={errors.make?.message}>
            <Controller
              control={form.control}
              name="make"
              render={({ field }) => (
                <Select value={field.value} onValueChange={chooseMake} disabled={isPending}>
                  <SelectTrigger
                    id={id('make')}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    {...describe(id('make'), errors.make?.message)}
                  >
                    <SelectValue placeholder="Select make" />
                  </SelectTrigger>
                  <SelectContent className="max-h-72">
                    {VEHICLE_MAKES.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          {make === OTHER && (
            <Field id={id('make-other')} label="Other make" error={errors.makeOther?.message}>
              <Input
                id={id('make-other')}
                autoComplete="off"
                placeholder="e.g. Studebaker"
                {...describe(id('make-other'), errors.makeOther?.message)}
                {...form.register('makeOther')}
              />
            </Field>
          )}
        </div>

        <div className="grid content-start gap-2">
          {modelInput === 'text' ? (
            <Field id={id('model-other')} label="Model" error={errors.modelOther?.message}>
              <Input
                id={id('model-other')}
                autoComplete="off"
                placeholder="e.g. Champion"
                {...describe(id('model-other'), errors.modelOther?.message)}
                {...form.register('modelOther')}
              />
            </Field>
          ) : (
            <Field
              id={id('model')}
              label="Model"
              error={errors.model?.message}
              hint={modelInput === 'none' ? 'Choose a make first' : undefined}
            >
              <Controller
                control={form.control}
                name="model"
                render={({ field }) => (
                  <Select
                    // A new make remounts the list so it never shows the previous make's models.
                    key={make}
                    value={field.value}
                    onValueChange={field.onChange}
                    disabled={isPending || modelInput === 'none'}
                  >
                    <SelectTrigger
                      id={id('model')}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      {...describe(id('model'), errors.model?.message, modelInput === 'none')}
                    >
                      <SelectValue placeholder="Select model" />
                    </SelectTrigger>
                    <SelectContent className="max-h-72">
                      {models.map((name) => (
                        <SelectItem key={name} value={name}>
                          {name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
          )}
          {modelInput === 'select' && model === OTHER && (
            <Field id={id('model-other')} label="Other model" error={errors.modelOther?.message}>
              <Input
                id={id('model-other')}
                autoComplete="off"
                {...describe(id('model-other'), errors.modelOther?.message)}
                {...form.register('modelOther')}
              />
            </Field>
          )}
        </div>

        <Field id={id('trim')} label="Trim" error={errors.trim?.message}>
          <Input
            id={id('trim')}
            autoComplete="off"
            placeholder="e.g. EX-L"
            {...describe(id('trim'), errors.trim?.message)}
            {...form.register('trim')}
          />
        </Field>

        <Field id={id('mileage')} label="Mileage" error={errors.mileage?.message}>
          <Input
            id={id('mileage')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 45000"
            {...describe(id('mileage'), errors.mileage?.message)}
            {...form.register('mileage')}
          />
        </Field>

        <Field id={id('color')} label="Color" error={errors.color?.message}>
          <Input
            id={id('color')}
            autoComplete="off"
            placeholder="e.g. Silver"
            {...describe(id('color'), errors.color?.message)}
            {...form.register('color')}
          />
        </Field>

        <Field
          id={id('purchase-price')}
          label="Purchase Price"
          error={errors.purchasePrice?.message}
        >
          <Input
            id={id('purchase-price')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 12500"
            {...describe(id('purchase-price'), errors.purchasePrice?.message)}
            {...form.register('purchasePrice')}
          />
        </Field>

        {mode === 'edit' && (
          <>
            <Field
              id={id('current-value')}
              label="Current Value"
              error={errors.currentValue?.message}
            >
              <Input
                id={id('current-value')}
                inputMode="decimal"
                autoComplete="off"
                {...describe(id('current-value'), errors.currentValue?.message)}
                {...form.register('currentValue')}
              />
            </Field>
            <Field
              id={id('purchase-date')}
              label="Purchase Date"
              error={errors.purchaseDate?.message}
            >
              <Input
                id={id('purchase-date')}
                type="date"
                min={DATE_RANGE.min}
                max={DATE_RANGE.max}
                {...describe(id('purchase-date'), errors.purchaseDate?.message)}
                {...form.register('purchaseDate')}
              />
            </Field>
            <Field id={id('vin')} label="VIN" error={errors.vin?.message}>
              <Input
                id={id('vin')}
                autoComplete="off"
                maxLength={VIN_MAX}
                className="uppercase"
                {...describe(id('vin'), errors.vin?.message)}
                {...form.register('vin')}
              />
            </Field>
            <Field
              id={id('license-plate')}
              label="License Plate"
              error={errors.licensePlate?.message}
            >
              <Input
                id={id('license-plate')}
                autoComplete="off"
                maxLength={LICENSE_PLATE_MAX}
                {...describe(id('license-plate'), errors.licensePlate?.message)}
                {...form.register('licensePlate')}
              />
            </Field>
          </>
        )}

        <div className="flex items-start justify-between gap-4 rounded-lg border border-border bg-muted/40 p-4 sm:col-span-2">
          <div className="grid gap-1">
            <Label htmlFor={id('is-project')}>Project vehicle</Label>
            <p id={id('is-project-hint')} className="text-xs text-muted-foreground">
              A build or restoration rather than a daily driver.
            </p>
          </div>
          <Controller
            control={form.control}
            name="isProject"
            render={({ field }) => (
              <Switch
                id={id('is-project')}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby={id('is-project-hint')}
              />
            )}
          />
        </div>

        {mode === 'edit' && (
          <Field
            id={id('notes')}
            label="Notes"
            error={errors.notes?.message}
            className="sm:col-span-2"
          >
            <Textarea
              id={id('notes')}
              rows={3}
              {...describe(id('notes'), errors.notes?.message)}
              {...form.register('notes')}
            />
          </Field>
        )}

        {extraFields && <div className="min-w-0 sm:col-span-2">{extraFields}</div>}
      </fieldset>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
