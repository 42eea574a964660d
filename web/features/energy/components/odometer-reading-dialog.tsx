/**
 * A reading entered alone, or a reading fixed (decision 050): its date and odometer, in the
 * vehicle's unit. Fixing a reading that came with a fill-up or a record fixes theirs too (the
 * server's rule). The contract's schemas judge it; the server's field messages show on the fields.
 */
import { ODOMETER_MESSAGES, type OdometerReading } from '@contract/odometer';
import { odometerReadingInputSchema } from '@contract/schemas/odometer';
import { type DistanceUnit, UNIT_LABELS } from '@contract/units';
import { zodResolver } from '@hookform/resolvers/zod';
import { OdometerQuestionNote, useOdometerQuestion } from '@web/components/odometer-question';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { FormDialogContent } from '@web/components/ui/form-dialog-content';
import { InputField } from '@web/components/ui/form-field';
import { toast } from '@web/components/ui/use-toast';
import { useToday } from '@web/lib/today';
import { useSaveForm } from '@web/lib/use-save-form';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useAddOdometerReading } from '../api/add-odometer-reading';
import { refreshVehicleEnergy } from '../api/energy-reads';
import { useUpdateOdometerReading } from '../api/update-odometer-reading';

type ReadingValues = { date: string; odometer: string };

/** The values as typed, judged by the contract's schema with its messages on the same fields. */
const readingFormSchema = z
  .object({ date: z.string(), odometer: z.string() })
  .superRefine((values, context) => {
    const result = odometerReadingInputSchema.safeParse(values);
    if (result.success) return;
    for (const issue of result.error.issues) {
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: [issue.path[0] ?? 'odometer'],
      });
    }
  });

export const READING_TEXTS = {
  addTitle: 'Add a reading',
  fixTitle: 'Fix this reading',
  added: 'Reading added',
  fixed: 'Reading fixed',
} as const;

export function OdometerReadingDialog({
  open,
  onOpenChange,
  vehicleId,
  unit,
  reading,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vehicleId: number;
  unit: DistanceUnit;
  /** The reading to fix; none to add one. */
  reading?: OdometerReading;
}) {
  const id = useId();
  const add = useAddOdometerReading();
  const update = useUpdateOdometerReading();
  const today = useToday();
  const form = useForm<ReadingValues>({
    resolver: zodResolver(readingFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: reading
      ? { date: reading.date, odometer: String(reading.odometer) }
      : { date: today, odometer: '' },
  });
  const odometerQuestion = useOdometerQuestion(form.watch(['date', 'odometer']));
  const saving = useSaveForm({
    form,
    fieldOf: (apiField) => (apiField === 'date' || apiField === 'odometer' ? apiField : null),
    onError: odometerQuestion.ask,
    failedToast: {
      title: reading ? 'Not fixed' : 'Not added',
      fallback: ODOMETER_MESSAGES.odometer,
    },
  });
  const isPending = saving.isPending;
  const { confirmDiscard, discardQuestion } = useDiscardQuestion(
    form.formState.isDirty && !isPending,
  );
  const close = () => onOpenChange(false);
  const { errors } = form.formState;

  /** Decision 068: `confirmOdometer` is sent only after the server questioned the figure. */
  const submit = async (values: ReadingValues, confirmOdometer = false) => {
    const payload = {
      ...odometerReadingInputSchema.parse(values),
      ...(confirmOdometer ? { confirmOdometer } : {}),
    };
    const outcome = await saving.run(() =>
      reading
        ? update.mutateAsync({ id: reading.id, payload })
        : add.mutateAsync({ vehicleId, payload }),
    );
    if (!outcome.saved) return;
    void refreshVehicleEnergy(vehicleId);
    toast({ title: reading ? READING_TEXTS.fixed : READING_TEXTS.added });
    close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <FormDialogContent
        title={reading ? READING_TEXTS.fixTitle : READING_TEXTS.addTitle}
        description={`The odometer as the dashboard shows it, in ${UNIT_LABELS[unit]}.`}
        isBusy={isPending}
        className="max-w-md"
      >
        <form
          noValidate
          aria-label={reading ? READING_TEXTS.fixTitle : READING_TEXTS.addTitle}
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => submit(values))}
        >
          <fieldset disabled={isPending} className="grid gap-4 sm:grid-cols-2">
            <legend className="sr-only">Odometer reading</legend>
            <InputField
              id={`${id}-date`}
              label="Date"
              type="date"
              inputClassName="h-12 text-base sm:h-10 sm:text-sm"
              error={errors.date?.message}
              {...form.register('date')}
            />
            <InputField
              id={`${id}-odometer`}
              label={`Odometer (${UNIT_LABELS[unit]})`}
              inputMode="decimal"
              autoComplete="off"
              inputClassName="h-12 text-base sm:h-10 sm:text-sm"
              error={errors.odometer?.message}
              {...form.register('odometer')}
            />
          </fieldset>
          {odometerQuestion.question && (
            <OdometerQuestionNote
              question={odometerQuestion.question}
              isBusy={isPending}
              onSaveAnyway={form.handleSubmit((values) => submit(values, true))}
            />
          )}
          <div
            data-slot="form-actions"
            className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          >
            <Button variant="outline" onClick={() => confirmDiscard(close)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? 'Saving...' : reading ? 'Save reading' : 'Add reading'}
            </Button>
          </div>
          {discardQuestion}
        </form>
      </FormDialogContent>
    </Dialog>
  );
}
