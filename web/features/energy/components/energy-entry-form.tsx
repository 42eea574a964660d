/**
 * The log form of a fill-up or a charge (decision 050), for logging and for editing: large
 * inputs for a phone at the pump; the energy as a segmented row when the vehicle has more than
 * one; the date (today); the odometer prefilled with today's estimate from the history, in the
 * vehicle's unit; any two of quantity, price per unit and total with the third shown derived as
 * it is typed; full and missed; for a charge the charger, state of charge and battery kWh; the
 * place, a receipt and notes. The contract's schema judges it; the server's field messages are
 * placed on the same fields.
 */
import {
  CHARGER_KIND_LABELS,
  CHARGER_KINDS,
  ENERGY_KINDS,
  type EnergyEntry,
} from '@contract/energy';
import { type Preferences, UNIT_LABELS } from '@contract/units';
import { type Vehicle, vehicleTitle } from '@contract/vehicles';
import { zodResolver } from '@hookform/resolvers/zod';
import { OdometerQuestionNote, useOdometerQuestion } from '@web/components/odometer-question';
import { Button } from '@web/components/ui/button';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { FormField, fieldAria } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { SegmentedChoice } from '@web/components/ui/segmented-choice';
import { SwitchField } from '@web/components/ui/switch-field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/class-names';
import { currencySymbol } from '@web/lib/format';
import { formatDistance, quantityUnitFor } from '@web/lib/format-units';
import { useToday } from '@web/lib/today';
import { uploadFiles } from '@web/lib/upload-files';
import { useSaveForm } from '@web/lib/use-save-form';
import { useEffect, useId, useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { refreshVehicleEnergy } from '../api/energy-reads';
import { useOdometerHistory } from '../api/get-odometer-history';
import { useSaveEnergyEntry } from '../api/save-energy-entry';
import {
  AMOUNT_FIELDS,
  type AmountField,
  amountTriangle,
  derivedText,
  noteAmountEdit,
} from '../lib/amounts';
import {
  type EntryFormValues,
  editedEntryValues,
  entryFormSchema,
  formFieldOf,
  isCharge,
  loggableEnergies,
  newEntryValues,
  toEntryPayload,
} from '../lib/entry-form-values';
import { entryKindOf, QUANTITY_LABELS } from '../lib/entry-kinds';
import { isDocument, ReceiptPicker } from './receipt-picker';

/** Inputs a thumb can hit and a phone does not zoom into (16 px text). */
const LARGE_INPUT = 'h-12 text-base sm:h-11';

export type EnergyEntryFormProps = {
  /** The vehicles a new entry may be for (the first chosen); an edit names its own. */
  vehicles: readonly Vehicle[];
  /** The entry being edited; none when logging a new one. */
  entry?: EnergyEntry | undefined;
  preferences: Preferences;
  onSaved: () => void;
  onCancel: () => void;
  /** The server refused the entry for the plan's limit (402, D12). */
  onPlanLimit: () => void;
  onBusyChange: (isBusy: boolean) => void;
};

export function EnergyEntryForm({
  vehicles,
  entry,
  preferences,
  onSaved,
  onCancel,
  onPlanLimit,
  onBusyChange,
}: EnergyEntryFormProps) {
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const [receipt, setReceipt] = useState<File | null>(null);
  // A refused receipt keeps Save disabled until it is removed: saving then would drop it silently.
  const [hasRefusedReceipt, setHasRefusedReceipt] = useState(false);
  const save = useSaveEnergyEntry();
  const firstVehicle = vehicles[0];
  /** What judging and sending an entry depends on: the unit typed in and the vehicle's energies. */
  const contextOf = (values: Pick<EntryFormValues, 'vehicleId' | 'energy'>) => {
    const chosen = vehicles.find((candidate) => String(candidate.id) === values.vehicleId);
    return {
      // An edit keeps the unit its quantity was typed in; a new entry takes the user's.
      unit:
        entry && entry.energy === values.energy
          ? entry.unit
          : quantityUnitFor(values.energy, preferences),
      hasTwoEnergies: (chosen ?? firstVehicle)?.energies.length === 2,
    };
  };
  const today = useToday();
  const form = useForm<EntryFormValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The contract judges the payload as it will be sent, in the unit of the energy chosen.
    resolver: (values, context, options) =>
      zodResolver(entryFormSchema(contextOf(values)))(values, context, options as never),
    defaultValues: entry
      ? editedEntryValues(entry)
      : firstVehicle
        ? newEntryValues(firstVehicle, today)
        : undefined,
  });
  const vehicleId = Number(form.watch('vehicleId'));
  const vehicle = vehicles.find((candidate) => candidate.id === vehicleId) ?? firstVehicle;
  const energy = form.watch('energy');
  const kind = entryKindOf(energy);
  const { unit, hasTwoEnergies } = contextOf({ vehicleId: String(vehicleId), energy });

  const history = useOdometerHistory(vehicle?.id ?? null);
  const estimate = history.summary?.estimate ?? null;
  const odometerUnit = history.summary?.unit ?? vehicle?.odometerUnit ?? 'mi';
  // The history's estimate of today's odometer is where a new entry starts (not a change).
  useEffect(() => {
    if (entry || estimate === null || form.getFieldState('odometer').isDirty) return;
    form.resetField('odometer', { defaultValue: String(Math.round(estimate)) });
  }, [entry, estimate, form]);

  const odometerQuestion = useOdometerQuestion(form.watch(['vehicleId', 'date', 'odometer']));
  const saving = useSaveForm({
    form,
    fieldOf: formFieldOf,
    onPlanLimit,
    onError: odometerQuestion.ask,
    failedToast: { title: entry ? 'Not updated' : 'Not logged', fallback: 'Please try again.' },
    onPendingChange: onBusyChange,
  });
  const isBusy = saving.isPending;
  const { confirmDiscard, discardQuestion } = useDiscardQuestion(
    (form.formState.isDirty || receipt !== null) && !isBusy,
  );

  // A receipt uploaded for a save the server questioned is not uploaded again by "Save anyway".
  const uploadedReceipt = useRef<{ file: File; attachments: Record<string, string> } | null>(null);

  /** Decision 068: `confirmOdometer` is sent only after the server questioned the figure. */
  const submit = async (values: EntryFormValues, confirmOdometer = false) => {
    if (!vehicle || hasRefusedReceipt) return;
    saving.setPending(true);
    let attachments = {};
    if (receipt && uploadedReceipt.current?.file === receipt) {
      attachments = uploadedReceipt.current.attachments;
    } else if (receipt) {
      try {
        const [url] = await uploadFiles([receipt]);
        attachments = isDocument(receipt) ? { fileUrl: url! } : { imageUrl: url! };
        uploadedReceipt.current = { file: receipt, attachments };
      } catch (error) {
        saving.setPending(false);
        toast({
          variant: 'destructive',
          title: 'Receipt not uploaded',
          description: errorMessage(error, 'The receipt could not be uploaded.'),
        });
        return;
      }
    }
    const outcome = await saving.run(() =>
      save.mutateAsync({
        vehicleId: vehicle.id,
        ...(entry ? { id: entry.id } : {}),
        payload: {
          ...toEntryPayload(values, contextOf(values)),
          ...attachments,
          ...(confirmOdometer ? { confirmOdometer } : {}),
        },
      }),
    );
    if (!outcome.saved) return;
    void refreshVehicleEnergy(vehicle.id);
    toast({ title: entry ? kind.updatedToast : kind.savedToast });
    onSaved();
  };

  const chooseVehicle = (next: string) => {
    const chosen = vehicles.find((candidate) => String(candidate.id) === next);
    form.setValue('vehicleId', next, { shouldDirty: true });
    if (chosen && !loggableEnergies(chosen).includes(form.getValues('energy'))) {
      form.setValue('energy', chosen.energies[0] ?? 'gasoline', { shouldDirty: true });
    }
    // The odometer starts again from the chosen vehicle's estimate.
    form.resetField('odometer', { defaultValue: '' });
  };

  const energies = vehicle ? loggableEnergies(vehicle) : [energy];
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-label={entry ? kind.editTitle : kind.logLabel}
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => submit(values))}
    >
      <fieldset disabled={isBusy} className="grid min-w-0 gap-5">
        <legend className="sr-only">{kind.name}</legend>
        {!entry && vehicles.length > 1 && (
          <FormField id={id('vehicle')} label="Vehicle">
            <select
              id={id('vehicle')}
              value={form.watch('vehicleId')}
              onChange={(event) => chooseVehicle(event.target.value)}
              className={cn(
                'w-full rounded-md border border-input bg-card px-3 text-foreground shadow-card outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
                LARGE_INPUT,
              )}
            >
              {vehicles.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {vehicleTitle(candidate)}
                </option>
              ))}
            </select>
          </FormField>
        )}

        {energies.length > 1 && (
          <SegmentedChoice
            size="large"
            legend="Energy"
            name={id('energy')}
            value={energy}
            choices={energies.map((choice) => ({
              value: choice,
              label: ENERGY_KINDS[choice].label,
            }))}
            onChange={(next) => form.setValue('energy', next, { shouldDirty: true })}
          />
        )}

        <div className="grid grid-cols-2 gap-3">
          <FormField id={id('date')} label="Date" error={errors.date?.message}>
            <Input
              id={id('date')}
              type="date"
              className={LARGE_INPUT}
              {...fieldAria(id('date'), errors.date?.message)}
              {...form.register('date')}
            />
          </FormField>
          <FormField
            id={id('odometer')}
            label={`Odometer (${UNIT_LABELS[odometerUnit]})`}
            error={errors.odometer?.message}
            hint={
              estimate !== null && !entry
                ? 'Estimated from recent driving'
                : history.summary?.current
                  ? `Last: ${formatDistance(history.summary.current.odometer, odometerUnit)}`
                  : undefined
            }
          >
            <Input
              id={id('odometer')}
              inputMode="decimal"
              autoComplete="off"
              className={LARGE_INPUT}
              {...fieldAria(id('odometer'), errors.odometer?.message, true)}
              {...form.register('odometer')}
            />
          </FormField>
        </div>
        {odometerQuestion.question && (
          <OdometerQuestionNote
            question={odometerQuestion.question}
            isBusy={isBusy}
            onSaveAnyway={form.handleSubmit((values) => submit(values, true))}
          />
        )}

        <AmountFields
          form={form}
          id={id}
          labels={{
            quantity: `${QUANTITY_LABELS[ENERGY_KINDS[energy].measure]} (${UNIT_LABELS[unit]})`,
            unitPrice: `Price per ${UNIT_LABELS[unit]}`,
            totalCost: 'Total cost',
          }}
          symbol={currencySymbol(preferences.currency)}
        />

        <div className="grid gap-3 sm:grid-cols-2">
          <SwitchField
            control={form.control}
            name="isFull"
            id={id('is-full')}
            label={kind.fullLabel}
            hint={kind.fullHint}
          />
          <SwitchField
            control={form.control}
            name="missedPrevious"
            id={id('missed')}
            label={kind.missedLabel}
            hint="Economy skips the span it was in."
          />
        </div>

        {isCharge(energy) && (
          <ChargeFields form={form} id={id} batteryCapacity={vehicle?.batteryCapacity ?? null} />
        )}

        {hasTwoEnergies && (
          <FormField
            id={id('distance-on-energy')}
            label={`Distance on ${ENERGY_KINDS[energy].label.toLowerCase()} since the last ${kind.name.toLowerCase()} (${UNIT_LABELS[odometerUnit]})`}
            hint="Optional: gives this energy its own economy on a vehicle with two."
            error={errors.distanceOnEnergy?.message}
          >
            <Input
              id={id('distance-on-energy')}
              inputMode="decimal"
              autoComplete="off"
              className={LARGE_INPUT}
              {...fieldAria(id('distance-on-energy'), errors.distanceOnEnergy?.message, true)}
              {...form.register('distanceOnEnergy')}
            />
          </FormField>
        )}

        <FormField id={id('place')} label="Station or place" error={errors.place?.message}>
          <Input
            id={id('place')}
            autoComplete="off"
            className={LARGE_INPUT}
            {...fieldAria(id('place'), errors.place?.message)}
            {...form.register('place')}
          />
        </FormField>

        <ReceiptPicker
          file={receipt}
          onChange={setReceipt}
          onRefusedChange={setHasRefusedReceipt}
          current={entry ? { fileUrl: entry.fileUrl, imageUrl: entry.imageUrl } : undefined}
          disabled={isBusy}
        />

        <FormField id={id('notes')} label="Notes" error={errors.notes?.message}>
          <Textarea
            id={id('notes')}
            rows={2}
            className="text-base sm:text-sm"
            {...fieldAria(id('notes'), errors.notes?.message)}
            {...form.register('notes')}
          />
        </FormField>
      </fieldset>

      {/* Kept in view at the dialog's foot, where a thumb reaches Save without scrolling. */}
      <div
        data-slot="form-actions"
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <Button
          variant="outline"
          size="lg"
          onClick={() => confirmDiscard(onCancel)}
          disabled={isBusy}
        >
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={isBusy || hasRefusedReceipt}>
          {isBusy ? 'Saving...' : entry ? 'Save Changes' : `Save ${kind.name.toLowerCase()}`}
        </Button>
      </div>
      {discardQuestion}
    </form>
  );
}

/**
 * Quantity, price per unit and total: the two typed last are given, the third shows its figure
 * derived as they are typed (marked "Calculated"); typing into it makes it given instead.
 */
function AmountFields({
  form,
  id,
  labels,
  symbol,
}: {
  form: UseFormReturn<EntryFormValues>;
  id: (name: string) => string;
  labels: Record<AmountField, string>;
  symbol: string;
}) {
  const values = form.watch(['quantity', 'unitPrice', 'totalCost', 'typed']);
  const [quantity, unitPrice, totalCost, typed] = values;
  const triangle = amountTriangle({ quantity, unitPrice, totalCost }, typed);
  const { errors } = form.formState;
  const type = (field: AmountField, text: string) => {
    form.setValue(field, text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('typed', noteAmountEdit(form.getValues('typed'), field, text), {
      shouldDirty: true,
    });
  };
  return (
    <div className="grid grid-cols-3 gap-3">
      {AMOUNT_FIELDS.map((field) => {
        const isDerived = triangle.derived === field;
        const error = errors[field]?.message;
        const hintId = `${id(field)}-hint`;
        const isMoney = field !== 'quantity';
        return (
          <div key={field} className="grid content-start gap-2">
            <Label htmlFor={id(field)} className="min-h-8 items-end leading-tight">
              {labels[field]}
            </Label>
            <div className="relative">
              {isMoney && (
                <span
                  aria-hidden
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-muted-foreground sm:text-sm"
                >
                  {symbol}
                </span>
              )}
              <Input
                id={id(field)}
                inputMode="decimal"
                autoComplete="off"
                value={isDerived ? derivedText(field, triangle.derivedValue) : form.watch(field)}
                onChange={(event) => type(field, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id(field)}-error` : isDerived ? hintId : undefined}
                className={cn(
                  LARGE_INPUT,
                  'tabular-nums',
                  isMoney && (symbol.length > 1 ? 'pl-11' : 'pl-7'),
                  isDerived && 'border-dashed bg-muted/50',
                )}
              />
            </div>
            {isDerived && !error && (
              <p id={hintId} className="text-xs text-muted-foreground">
                Calculated
              </p>
            )}
            {error && (
              <p id={`${id(field)}-error`} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A charge's own fields: the charger, the state of charge before and after, battery kWh. */
function ChargeFields({
  form,
  id,
  batteryCapacity,
}: {
  form: UseFormReturn<EntryFormValues>;
  id: (name: string) => string;
  batteryCapacity: number | null;
}) {
  const { errors } = form.formState;
  const chargerKind = form.watch('chargerKind');
  const percentField = (name: 'socStart' | 'socEnd', label: string) => (
    <FormField id={id(name)} label={label} error={errors[name]?.message}>
      <div className="relative">
        <Input
          id={id(name)}
          inputMode="numeric"
          autoComplete="off"
          className={cn(LARGE_INPUT, 'pr-8 tabular-nums')}
          {...fieldAria(id(name), errors[name]?.message)}
          {...form.register(name)}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground"
        >
          %
        </span>
      </div>
    </FormField>
  );
  return (
    <div className="grid gap-4 rounded-lg border border-border p-4">
      <SegmentedChoice
        size="large"
        legend="Charger"
        name={id('charger-kind')}
        value={chargerKind}
        choices={CHARGER_KINDS.map((kind) => ({ value: kind, label: CHARGER_KIND_LABELS[kind] }))}
        onChange={(next) =>
          form.setValue('chargerKind', next === chargerKind ? '' : next, { shouldDirty: true })
        }
      />
      <div className="grid grid-cols-2 gap-3">
        {percentField('socStart', 'Charge before')}
        {percentField('socEnd', 'Charge after')}
      </div>
      <FormField
        id={id('battery-kwh')}
        label="Battery kWh (if the car reports it)"
        hint={
          batteryCapacity === null
            ? 'With the battery’s capacity in the vehicle’s profile, state of charge gives it too.'
            : 'Against the wall’s kWh it gives the charging loss.'
        }
        error={errors.batteryKwh?.message}
      >
        <Input
          id={id('battery-kwh')}
          inputMode="decimal"
          autoComplete="off"
          className={LARGE_INPUT}
          {...fieldAria(id('battery-kwh'), errors.batteryKwh?.message, true)}
          {...form.register('batteryKwh')}
        />
      </FormField>
    </div>
  );
}
