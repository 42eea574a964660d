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
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { FormField, fieldAria, InputField } from '@web/components/ui/form-field';
import { SelectField } from '@web/components/ui/select-field';
import { SwitchField } from '@web/components/ui/switch-field';
import { Textarea } from '@web/components/ui/textarea';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type EnergyProfileUnits,
  modelInputOf,
  toVehicleInput,
  type VehicleFormMode,
  type VehicleFormValues,
  vehicleFormDefaults,
  vehicleFormSchema,
  yearChoices,
} from '../lib/vehicle-form-values';
import { EnergyProfileSection } from './energy-profile-section';

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
  /** The extra fields hold input of their own (picked images): closing asks first too. */
  hasExtraInput?: boolean;
};

export function VehicleForm({
  mode,
  vehicle,
  isPending,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  extraFields,
  hasExtraInput = false,
}: VehicleFormProps) {
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  // Null until the "Fuel & energy" section is opened: only then is the profile sent.
  const [profile, setProfile] = useState<EnergyProfileUnits>(null);
  const openProfile = useCallback(
    (units: NonNullable<EnergyProfileUnits>) => setProfile(units),
    [],
  );
  const schema = useMemo(() => vehicleFormSchema(mode, profile), [mode, profile]);
  const form = useForm<VehicleFormValues>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: vehicleFormDefaults(mode, vehicle),
  });
  const { errors, isDirty } = form.formState;
  // Nothing is unsaved while a save runs: its own close or navigation must not ask.
  const { confirmDiscard, discardQuestion } = useDiscardQuestion(
    (isDirty || hasExtraInput) && !isPending,
  );
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
      onSubmit={form.handleSubmit((values) => onSubmit(toVehicleInput(values, mode, profile)))}
    >
      {/* A disabled fieldset keeps the typed values while a save runs, and blocks edits. */}
      <fieldset disabled={isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">Vehicle details</legend>
        <SelectField
          id={id('year')}
          label="Year"
          error={errors.year?.message}
          control={form.control}
          name="year"
          options={years.map(String)}
          placeholder="Select year"
          disabled={isPending}
        />

        <div className="grid content-start gap-2">
          <SelectField
            id={id('make')}
            label="Make"
            error={errors.make?.message}
            control={form.control}
            name="make"
            options={VEHICLE_MAKES}
            placeholder="Select make"
            disabled={isPending}
            onValueChange={chooseMake}
          />
          {make === OTHER && (
            <InputField
              id={id('make-other')}
              label="Other make"
              error={errors.makeOther?.message}
              autoComplete="off"
              placeholder="e.g. Studebaker"
              {...form.register('makeOther')}
            />
          )}
        </div>

        <div className="grid content-start gap-2">
          {modelInput === 'text' ? (
            <InputField
              id={id('model-other')}
              label="Model"
              error={errors.modelOther?.message}
              autoComplete="off"
              placeholder="e.g. Champion"
              {...form.register('modelOther')}
            />
          ) : (
            <SelectField
              // A new make remounts the list so it never shows the previous make's models.
              key={make}
              id={id('model')}
              label="Model"
              error={errors.model?.message}
              hint={modelInput === 'none' ? 'Choose a make first' : undefined}
              control={form.control}
              name="model"
              options={models}
              placeholder="Select model"
              disabled={isPending || modelInput === 'none'}
            />
          )}
          {modelInput === 'select' && model === OTHER && (
            <InputField
              id={id('model-other')}
              label="Other model"
              error={errors.modelOther?.message}
              autoComplete="off"
              {...form.register('modelOther')}
            />
          )}
        </div>

        <InputField
          id={id('trim')}
          label="Trim"
          error={errors.trim?.message}
          autoComplete="off"
          placeholder="e.g. EX-L"
          {...form.register('trim')}
        />

        <InputField
          id={id('mileage')}
          label="Mileage"
          error={errors.mileage?.message}
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 45000"
          {...form.register('mileage')}
        />

        <InputField
          id={id('color')}
          label="Color"
          error={errors.color?.message}
          autoComplete="off"
          placeholder="e.g. Silver"
          {...form.register('color')}
        />

        <InputField
          id={id('purchase-price')}
          label="Purchase Price"
          error={errors.purchasePrice?.message}
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 12500"
          {...form.register('purchasePrice')}
        />

        {mode === 'edit' && (
          <>
            <InputField
              id={id('current-value')}
              label="Current Value"
              error={errors.currentValue?.message}
              inputMode="decimal"
              autoComplete="off"
              {...form.register('currentValue')}
            />
            <InputField
              id={id('purchase-date')}
              label="Purchase Date"
              error={errors.purchaseDate?.message}
              type="date"
              min={DATE_RANGE.min}
              max={DATE_RANGE.max}
              {...form.register('purchaseDate')}
            />
            <InputField
              id={id('vin')}
              label="VIN"
              error={errors.vin?.message}
              autoComplete="off"
              maxLength={VIN_MAX}
              inputClassName="uppercase"
              {...form.register('vin')}
            />
            <InputField
              id={id('license-plate')}
              label="License Plate"
              error={errors.licensePlate?.message}
              autoComplete="off"
              maxLength={LICENSE_PLATE_MAX}
              {...form.register('licensePlate')}
            />
          </>
        )}

        <SwitchField
          control={form.control}
          name="isProject"
          id={id('is-project')}
          label="Project vehicle"
          hint="A build or restoration rather than a daily driver."
          className="sm:col-span-2"
        />

        {mode === 'edit' && (
          <FormField
            id={id('notes')}
            label="Notes"
            error={errors.notes?.message}
            className="sm:col-span-2"
          >
            <Textarea
              id={id('notes')}
              rows={3}
              {...fieldAria(id('notes'), errors.notes?.message)}
              {...form.register('notes')}
            />
          </FormField>
        )}

        <EnergyProfileSection
          form={form}
          mode={mode}
          vehicle={vehicle}
          disabled={isPending}
          onOpened={openProfile}
        />

        {extraFields && <div className="min-w-0 sm:col-span-2">{extraFields}</div>}
      </fieldset>

      <div
        data-slot="form-actions"
        className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        {onCancel && (
          <Button variant="outline" onClick={() => confirmDiscard(onCancel)} disabled={isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
      {discardQuestion}
    </form>
  );
}
