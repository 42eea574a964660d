/**
 * The fields of the vehicle form's "Fuel & energy" section (decision 050): what the vehicle runs
 * on (one or two energies; a plug-in hybrid is Gasoline, then Electricity), AdBlue/DEF, the
 * tank's capacity in the user's volume unit, the battery's in kWh, and the unit its odometer
 * shows. Loaded when the section is first opened, with the user's units.
 */
import { ENERGY_KINDS, PROPULSION_ENERGIES } from '@contract/energy';
import { DISTANCE_UNITS, PREFERENCE_CHOICE_LABELS, UNIT_LABELS } from '@contract/units';
import type { Vehicle } from '@contract/vehicles';
import { InputField } from '@web/components/ui/form-field';
import { SegmentedChoice } from '@web/components/ui/segmented-choice';
import { SelectField } from '@web/components/ui/select-field';
import { SwitchField } from '@web/components/ui/switch-field';
import { usePreferences } from '@web/lib/preferences';
import { useEffect, useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  capacitiesOf,
  type EnergyProfileUnits,
  energiesOf,
  NO_SECOND_ENERGY,
  tankCapacityText,
  type VehicleFormMode,
  type VehicleFormValues,
} from '../lib/vehicle-form-values';

const ENERGY_OPTIONS = PROPULSION_ENERGIES.map((energy) => ({
  value: energy,
  label: ENERGY_KINDS[energy].label,
}));

export function EnergyProfileFields({
  form,
  mode,
  vehicle,
  disabled,
  onOpened,
}: {
  form: UseFormReturn<VehicleFormValues>;
  mode: VehicleFormMode;
  vehicle?: Vehicle | undefined;
  disabled: boolean;
  onOpened: (section: NonNullable<EnergyProfileUnits>) => void;
}) {
  const { preferences } = usePreferences();
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const { errors } = form.formState;

  // The stored figures, in the user's units, become the fields' starting values (not a change).
  useEffect(() => {
    if (!preferences) return;
    form.resetField('tankCapacity', {
      defaultValue: tankCapacityText(vehicle?.tankCapacity, preferences.volumeUnit),
    });
    if (mode === 'add') {
      form.resetField('odometerUnit', { defaultValue: preferences.distanceUnit });
    }
    onOpened({ volumeUnit: preferences.volumeUnit });
  }, [preferences, form, mode, vehicle?.tankCapacity, onOpened]);

  const energy = form.watch('energy');
  const secondEnergy = form.watch('secondEnergy');
  const hasAdblue = form.watch('hasAdblue');
  const energies = energiesOf({ energy, secondEnergy });
  const asks = capacitiesOf(energies);
  const offersAdblue = energies.includes('diesel') || hasAdblue;

  if (!preferences) {
    return <p className="text-sm text-muted-foreground">Loading your units…</p>;
  }
  const volumeLabel = UNIT_LABELS[preferences.volumeUnit];

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id={id('energy')}
        label="Runs on"
        error={errors.energy?.message}
        control={form.control}
        name="energy"
        options={ENERGY_OPTIONS}
        placeholder="Choose an energy"
        disabled={disabled}
        onValueChange={(next) => {
          form.setValue('energy', next, { shouldDirty: true });
          if (next === form.getValues('secondEnergy')) {
            form.setValue('secondEnergy', NO_SECOND_ENERGY, { shouldDirty: true });
          }
        }}
      />
      <SelectField
        id={id('second-energy')}
        label="Second energy"
        hint="A plug-in hybrid: Gasoline, then Electricity"
        error={errors.secondEnergy?.message}
        control={form.control}
        name="secondEnergy"
        options={[
          { value: NO_SECOND_ENERGY, label: 'None' },
          ...ENERGY_OPTIONS.filter((option) => option.value !== energy),
        ]}
        placeholder="None"
        disabled={disabled}
      />
      {asks.tank && (
        <InputField
          id={id('tank-capacity')}
          label={`Tank capacity (${volumeLabel})`}
          error={errors.tankCapacity?.message}
          inputMode="decimal"
          autoComplete="off"
          {...form.register('tankCapacity')}
        />
      )}
      {asks.battery && (
        <InputField
          id={id('battery-capacity')}
          label="Battery capacity (kWh)"
          hint="Usable capacity; with state of charge it gives the battery’s own consumption"
          error={errors.batteryCapacity?.message}
          inputMode="decimal"
          autoComplete="off"
          {...form.register('batteryCapacity')}
        />
      )}
      <Controller
        control={form.control}
        name="odometerUnit"
        render={({ field }) => (
          <SegmentedChoice
            legend="Odometer shows"
            name={field.name}
            value={field.value}
            choices={DISTANCE_UNITS.map((unit) => ({
              value: unit,
              label: PREFERENCE_CHOICE_LABELS.distanceUnit[unit],
            }))}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            // Decision 050: a change of unit fixes a mistake; the numbers read off the dashboard stay.
            hint="Readings keep their numbers when you change it."
          />
        )}
      />
      {offersAdblue && (
        <SwitchField
          control={form.control}
          name="hasAdblue"
          id={id('adblue')}
          label="AdBlue/DEF"
          hint="Log diesel exhaust fluid apart from the fuel: it never counts in fuel economy."
          className="sm:col-span-2"
        />
      )}
    </div>
  );
}
