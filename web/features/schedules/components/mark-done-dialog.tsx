/**
 * Mark done (decision 054): the day it was done (today to start with), the odometer (left empty,
 * the server estimates it from the odometer history), the cost and notes. Sent to
 * `POST /api/schedules/{id}/complete`, it becomes a maintenance record and the schedule moves on;
 * the toast names the next due point. The plan's limit (402, D50) hands over to the upgrade
 * dialog; the dialog stays open while the call runs.
 */
import { TEXT_LIMITS } from '@contract/common';
import type { Schedule } from '@contract/schedules';
import { UNIT_LABELS } from '@contract/units';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { FormField, fieldAria, InputField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { useToday } from '@web/lib/today';
import { useSaveForm } from '@web/lib/use-save-form';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCompleteSchedule } from '../api/complete-schedule';
import {
  type CompletionFormValues,
  completionFieldOf,
  completionFormDefaults,
  completionFormSchema,
  toCompletionPayload,
} from '../lib/schedule-form-values';
import { completedToast } from '../lib/schedule-texts';

export type MarkDoneDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schedule: Schedule;
  onPlanLimit: () => void;
};

export function MarkDoneDialog({ open, onOpenChange, schedule, onPlanLimit }: MarkDoneDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}>
      <FormDialogContent
        title={`Mark done: ${schedule.title}`}
        description="It is added to the maintenance records, and the schedule counts on from it."
        isBusy={isBusy}
        className="max-w-lg"
      >
        <MarkDoneForm
          schedule={schedule}
          onDone={() => onOpenChange(false)}
          onPlanLimit={onPlanLimit}
          onBusyChange={setIsBusy}
        />
      </FormDialogContent>
    </Dialog>
  );
}

function MarkDoneForm({
  schedule,
  onDone,
  onPlanLimit,
  onBusyChange,
}: {
  schedule: Schedule;
  onDone: () => void;
  onPlanLimit: () => void;
  onBusyChange: (isBusy: boolean) => void;
}) {
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const completion = useCompleteSchedule();
  const today = useToday();
  const form = useForm<CompletionFormValues>({
    resolver: zodResolver(completionFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: completionFormDefaults(today),
  });
  const saving = useSaveForm({
    form,
    fieldOf: completionFieldOf,
    onPlanLimit,
    failedToast: { title: 'Not marked done', fallback: 'Please try again.' },
    onPendingChange: onBusyChange,
  });
  const isBusy = saving.isPending;
  const { errors } = form.formState;
  const { confirmDiscard, discardQuestion } = useDiscardQuestion(form.formState.isDirty && !isBusy);

  const submit = async (values: CompletionFormValues) => {
    const outcome = await saving.run(() =>
      completion.mutateAsync({ id: schedule.id, completion: toCompletionPayload(values) }),
    );
    if (!outcome.saved) return;
    toast(completedToast(outcome.answer?.schedule ?? schedule));
    onDone();
  };

  return (
    <form noValidate aria-label="Mark done" onSubmit={form.handleSubmit(submit)}>
      <fieldset disabled={isBusy} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">What was done</legend>
        <FormField id={id('date')} label="Done on" error={errors.date?.message}>
          <Input
            id={id('date')}
            type="date"
            {...fieldAria(id('date'), errors.date?.message)}
            {...form.register('date')}
          />
        </FormField>
        <InputField
          id={id('odometer')}
          label="Odometer"
          hint="Optional: left empty, it is estimated from the odometer history."
          error={errors.odometer?.message}
          inputMode="decimal"
          autoComplete="off"
          suffix={UNIT_LABELS[schedule.odometerUnit]}
          {...form.register('odometer')}
        />
        <InputField
          id={id('cost')}
          label="Cost"
          hint="Optional"
          error={errors.cost?.message}
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 89.50"
          {...form.register('cost')}
        />
        <FormField
          id={id('notes')}
          label="Notes"
          error={errors.notes?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id={id('notes')}
            rows={3}
            maxLength={TEXT_LIMITS.notes}
            {...fieldAria(id('notes'), errors.notes?.message)}
            {...form.register('notes')}
          />
        </FormField>
      </fieldset>

      <div
        data-slot="form-actions"
        className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <Button variant="outline" onClick={() => confirmDiscard(onDone)} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? 'Saving...' : 'Mark done'}
        </Button>
      </div>
      {discardQuestion}
    </form>
  );
}
