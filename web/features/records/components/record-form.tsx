/**
 * The one record form (convention 12): add and edit, for maintenance, repairs and
 * modifications. The fields are RecordFormFields, the submit is useRecordSave; what differs
 * between the kinds comes from RECORD_KINDS and RECORD_KINDS_ON_WEB.
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { zodResolver } from '@hookform/resolvers/zod';
import { OdometerQuestionNote, useOdometerQuestion } from '@web/components/odometer-question';
import { Button } from '@web/components/ui/button';
import { useDiscardQuestion } from '@web/components/ui/discard-changes';
import { useToday } from '@web/lib/today';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  type EditedRecord,
  type RecordFormValues,
  recordFormDefaults,
  recordFormSchema,
} from '../lib/record-form-values';
import type { RecordFormMode } from '../lib/record-kinds';
import { RECORD_FORM_TEXTS } from '../lib/record-texts';
import { RecordFormFields, type RecordFormVehicle } from './record-form-fields';
import { useRecordSave } from './use-record-save';

export type RecordFormProps = {
  type: RecordType;
  mode: RecordFormMode;
  /** The record being edited (edit mode). */
  record?: EditedRecord;
  /** The vehicles the picker offers. */
  vehicles: readonly RecordFormVehicle[];
  /** The vehicle chosen in advance (opened from a vehicle). */
  vehicleId?: number;
  onSaved: () => void;
  onCancel?: () => void;
  /** The server refused the record for the plan's limit (402). */
  onPlanLimit?: () => void;
  onBusyChange?: (isBusy: boolean) => void;
};

export function RecordForm(props: RecordFormProps) {
  const { type, mode, record, vehicleId, onCancel } = props;
  const kind = RECORD_KINDS[type];
  const idPrefix = useId();
  const schema = useMemo(() => recordFormSchema(type, mode), [type, mode]);
  const today = useToday();
  const form = useForm<RecordFormValues>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: recordFormDefaults(type, mode, {
      ...(record ? { record } : {}),
      ...(vehicleId !== undefined ? { vehicleId } : {}),
      today,
    }),
  });
  const odometerQuestion = useOdometerQuestion(form.watch(['vehicleId', 'date', 'odometer']));
  const save = useRecordSave({
    ...props,
    askOdometer: odometerQuestion.ask,
    form,
  });
  const { isBusy } = save;
  // Chosen attachments are input too; nothing is unsaved while a save runs (its close asks nothing).
  const { confirmDiscard, discardQuestion } = useDiscardQuestion(
    (form.formState.isDirty || save.files.length > 0) && !isBusy,
  );
  const submitLabel = mode === 'add' ? `Add ${kind.label}` : 'Save Changes';
  const pendingLabel = mode === 'add' ? RECORD_FORM_TEXTS.saving : RECORD_FORM_TEXTS.updating;

  return (
    <form
      noValidate
      aria-label={`${mode === 'add' ? 'Add' : 'Edit'} ${kind.noun}`}
      onSubmit={form.handleSubmit((values) => save.submit(values), save.refuse)}
    >
      <fieldset disabled={isBusy} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">{kind.label} details</legend>
        <RecordFormFields {...props} form={form} idPrefix={idPrefix} save={save} />
      </fieldset>
      {odometerQuestion.question && (
        <OdometerQuestionNote
          className="mt-4"
          question={odometerQuestion.question}
          isBusy={isBusy}
          onSaveAnyway={form.handleSubmit((values) => save.submit(values, true), save.refuse)}
        />
      )}

      <div
        data-slot="form-actions"
        className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        {onCancel && (
          <Button variant="outline" onClick={() => confirmDiscard(onCancel)} disabled={isBusy}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isBusy || save.hasRefusedFile}>
          {isBusy ? pendingLabel : submitLabel}
        </Button>
      </div>
      {discardQuestion}
    </form>
  );
}
