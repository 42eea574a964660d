/**
 * Add schedule and Edit schedule (decision 054): the title, the category (choosing one fills an
 * empty title), the intervals in months and in the vehicle's distance unit, the first due point
 * and the last done point, and fixed intervals. The contract's schema judges the form as it is
 * sent; the server's field messages go under the same fields, its other refusals in a toast, and
 * the plan's limit (402, D50) hands over to the upgrade dialog. The dialog stays open while a
 * save runs.
 */

import { MAINTENANCE_CATEGORIES } from '@contract/categories';
import { TEXT_LIMITS } from '@contract/common';
import type { Schedule } from '@contract/schedules';
import { UNIT_LABELS } from '@contract/units';
import type { Vehicle } from '@contract/vehicles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { FormField, fieldAria, InputField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SelectField } from '@web/components/ui/select-field';
import { SwitchField } from '@web/components/ui/switch-field';
import { toast } from '@web/components/ui/use-toast';
import { useSaveForm } from '@web/lib/use-save-form';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSaveSchedule } from '../api/save-schedule';
import {
  type ScheduleFormValues,
  scheduleFieldOf,
  scheduleFormDefaults,
  scheduleFormSchema,
  toSchedulePayload,
} from '../lib/schedule-form-values';

export type ScheduleFormVehicle = Pick<Vehicle, 'id' | 'odometerUnit'>;

export type ScheduleFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vehicle: ScheduleFormVehicle;
  /** The schedule to edit; none to add one. */
  schedule?: Schedule | undefined;
  /** The server refused a new schedule for the plan's limit (402). */
  onPlanLimit: () => void;
};

export function ScheduleFormDialog({
  open,
  onOpenChange,
  vehicle,
  schedule,
  onPlanLimit,
}: ScheduleFormDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}>
      <FormDialogContent
        title={schedule ? 'Edit schedule' : 'Add schedule'}
        description={
          schedule
            ? schedule.title
            : 'A service that comes back by time, by distance, or by whichever comes first.'
        }
        isBusy={isBusy}
      >
        <ScheduleForm
          vehicle={vehicle}
          schedule={schedule}
          onDone={() => onOpenChange(false)}
          onPlanLimit={onPlanLimit}
          onBusyChange={setIsBusy}
        />
      </FormDialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  vehicle,
  schedule,
  onDone,
  onPlanLimit,
  onBusyChange,
}: {
  vehicle: ScheduleFormVehicle;
  schedule: Schedule | undefined;
  onDone: () => void;
  onPlanLimit: () => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const save = useSaveSchedule();
  const form = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: scheduleFormDefaults(schedule),
  });
  const saving = useSaveForm({
    form,
    fieldOf: scheduleFieldOf,
    onPlanLimit,
    failedToast: {
      title: schedule ? 'Schedule not updated' : 'Schedule not added',
      fallback: 'Please try again.',
    },
    onPendingChange: onBusyChange,
  });
  const isBusy = saving.isPending;
  const { errors } = form.formState;
  const { confirmDiscard, discardQuestion } = useDiscardQuestion(form.formState.isDirty && !isBusy);
  const unit = UNIT_LABELS[vehicle.odometerUnit];

  const submit = async (values: ScheduleFormValues) => {
    const payload = toSchedulePayload(values);
    const outcome = await saving.run(() =>
      save.mutateAsync({
        vehicleId: vehicle.id,
        ...(schedule ? { id: schedule.id } : {}),
        payload,
      }),
    );
    if (!outcome.saved) return;
    toast({ title: schedule ? 'Schedule updated' : 'Schedule added', description: payload.title });
    onDone();
  };

  const chooseCategory = (category: string) => {
    form.setValue('category', category, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    if (form.getValues('title').trim() === '') {
      form.setValue('title', category, { shouldDirty: true });
    }
  };

  const dateField = (name: 'firstDueDate' | 'lastDoneDate', label: string, hint?: string) => (
    <FormField id={id(name)} label={label} error={errors[name]?.message} hint={hint}>
      <Input
        id={id(name)}
        type="date"
        {...fieldAria(id(name), errors[name]?.message, hint !== undefined)}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <form
      noValidate
      aria-label={schedule ? 'Edit schedule' : 'Add schedule'}
      onSubmit={form.handleSubmit(submit)}
    >
      <fieldset disabled={isBusy} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">Schedule details</legend>
        <SelectField
          id={id('category')}
          label="Category"
          error={errors.category?.message}
          control={form.control}
          name="category"
          options={MAINTENANCE_CATEGORIES}
          placeholder="Select category"
          disabled={isBusy}
          onValueChange={chooseCategory}
        />
        <InputField
          id={id('title')}
          label="Title"
          error={errors.title?.message}
          autoComplete="off"
          maxLength={TEXT_LIMITS.title}
          placeholder="e.g. Oil and filter change"
          {...form.register('title')}
        />

        <InputField
          id={id('interval-months')}
          label="Every how many months"
          error={errors.intervalMonths?.message}
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 12"
          suffix="months"
          inputClassName="pr-18"
          {...form.register('intervalMonths')}
        />
        <InputField
          id={id('interval-distance')}
          label="Every how far"
          error={errors.intervalDistance?.message}
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 7500"
          suffix={unit}
          {...form.register('intervalDistance')}
        />
        <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
          Give one or both: with both, it is due at whichever comes first.
        </p>

        {dateField(
          'firstDueDate',
          'First due on',
          schedule ? undefined : 'Left empty, it counts from today.',
        )}
        <InputField
          id={id('first-due-odometer')}
          label="First due at"
          hint={schedule ? undefined : 'Left empty, it counts from the current odometer.'}
          error={errors.firstDueOdometer?.message}
          inputMode="decimal"
          autoComplete="off"
          suffix={unit}
          {...form.register('firstDueOdometer')}
        />

        {dateField('lastDoneDate', 'Last done on', 'Optional')}
        <InputField
          id={id('last-done-odometer')}
          label="Last done at"
          hint="Optional"
          error={errors.lastDoneOdometer?.message}
          inputMode="decimal"
          autoComplete="off"
          suffix={unit}
          {...form.register('lastDoneOdometer')}
        />

        <SwitchField
          control={form.control}
          name="fixedIntervals"
          id={id('fixed-intervals')}
          label="Fixed intervals"
          hint="Count the next one from when it was due, not from when it was done."
          className="sm:col-span-2"
        />
      </fieldset>

      <div
        data-slot="form-actions"
        className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <Button variant="outline" onClick={() => confirmDiscard(onDone)} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? 'Saving...' : schedule ? 'Save changes' : 'Add schedule'}
        </Button>
      </div>
      {discardQuestion}
    </form>
  );
}
