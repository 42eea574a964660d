/**
 * The one record form (convention 12): add and edit, for maintenance, repairs and
 * modifications. What differs between them comes from RECORD_KINDS and lib/record-form-values:
 * the category list, the title (copied from the category when maintenance is added, D26;
 * required when editing, 'Title*' on maintenance), the due date and mileage (maintenance edit),
 * and the attachments (one PDF and one photo, or several on the maintenance edit form).
 *
 * Saving uploads the attachments first (`POST /api/upload`, with a progress bar), then sends the
 * record with their URLs (001 §7). A failed upload lets maintenance and repairs save without the
 * files and stops modifications. The toasts are each form's own (001 §8); a 402 (the plan's
 * limit, D12) hands over to the upgrade dialog.
 */

import { TEXT_LIMITS } from '@contract/common';
import { RECORD_FORM_TEXTS, RECORD_KINDS, type RecordType } from '@contract/records';
import { VEHICLE_TOASTS, type Vehicle, vehicleTitle } from '@contract/vehicles';
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
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/class-names';
import { toCalendarDate } from '@web/lib/format';
import { refreshRecordData } from '@web/lib/query-client';
import type { UploadProgress } from '@web/lib/upload-with-progress';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { addRecordImage } from '../api/add-record-image';
import { useSaveRecord } from '../api/save-record';
import { uploadFiles } from '../api/upload-files';
import { attachmentUrls, uploadOrder } from '../lib/attachments';
import {
  type Attachments,
  type EditedRecord,
  formCategories,
  type RecordFormValues,
  recordFormDefaults,
  recordFormSchema,
  toRecordPayload,
} from '../lib/record-form-values';
import { recordImageCaption } from '../lib/record-image-check';
import { RECORD_KINDS_ON_WEB, type RecordFormMode, type ToastText } from '../lib/record-kinds';
import { failedToast, savedToast, uploadFailure } from '../lib/record-save-texts';
import { AttachmentPicker } from './attachment-picker';
import { DatePicker } from './date-picker';

export type RecordFormVehicle = Pick<Vehicle, 'id' | 'year' | 'make' | 'model'>;

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

function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function describe(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

type Phase = 'idle' | 'uploading' | 'saving';

export function RecordForm({
  type,
  mode,
  record,
  vehicles,
  vehicleId,
  onSaved,
  onCancel,
  onPlanLimit,
  onBusyChange,
}: RecordFormProps) {
  const kind = RECORD_KINDS[type];
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const today = toCalendarDate(new Date());
  const schema = useMemo(() => recordFormSchema(type, mode), [type, mode]);
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
  const { errors } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [phase, setPhaseState] = useState<Phase>('idle');
  const save = useSaveRecord();
  const isBusy = phase !== 'idle';
  const categories = formCategories(type, mode, record?.category);
  const kindOnWeb = RECORD_KINDS_ON_WEB[type];
  const hasTitle = !(mode === 'add' && kindOnWeb.titleFromCategoryOnAdd);
  const hasDueFields = mode === 'edit' && kind.hasDue;

  const setPhase = (next: Phase) => {
    setPhaseState(next);
    onBusyChange?.(next !== 'idle');
  };

  /**
   * Uploads the chosen files and answers their URLs, or null when the form must stop. A failure
   * that lets the record be saved without the files comes back as the toast to show once the
   * record is saved (one toast at a time, 000 §9: the save's own toast would replace it).
   */
  const uploadAttachments = async (): Promise<{
    attachments: Attachments & { morePhotos: File[] };
    failure?: ToastText;
  } | null> => {
    if (files.length === 0) return { attachments: { morePhotos: [] } };
    const ordered = uploadOrder(files);
    setPhase('uploading');
    setProgress({ loaded: 0, total: ordered.reduce((sum, file) => sum + file.size, 0) });
    try {
      const urls = await uploadFiles(ordered, setProgress);
      return { attachments: attachmentUrls(ordered, urls) };
    } catch (error) {
      const failure = uploadFailure(type, error);
      if (failure.stops) {
        toast({ variant: 'destructive', ...failure.toast });
        return null;
      }
      return { attachments: { morePhotos: [] }, failure: failure.toast };
    } finally {
      setProgress(null);
    }
  };

  const submit = async (values: RecordFormValues) => {
    const upload = await uploadAttachments();
    if (upload === null) {
      setPhase('idle');
      return;
    }
    const uploaded = upload.attachments;
    setPhase('saving');
    const payload = toRecordPayload(values, {
      type,
      mode,
      today: toCalendarDate(new Date()),
      ...(record ? { record } : {}),
      attachments: uploaded,
    });
    let saved: Awaited<ReturnType<typeof save.mutateAsync>>;
    try {
      saved = await save.mutateAsync({
        type,
        ...(record ? { id: record.id, storedVehicleId: record.vehicleId } : {}),
        payload,
      });
    } catch (error) {
      setPhase('idle');
      if (error instanceof ApiError && error.status === 402 && onPlanLimit) {
        onPlanLimit();
        return;
      }
      toast({ variant: 'destructive', ...failedToast(type, mode, error) });
      return;
    }
    // Further photos of the maintenance edit form join the record's images.
    const recordId = saved?.id ?? record?.id;
    const imageFailures: string[] = [];
    if (recordId !== undefined) {
      for (const photo of uploaded.morePhotos) {
        try {
          await addRecordImage({ type, recordId, file: photo, caption: recordImageCaption() });
        } catch (error) {
          imageFailures.push(
            `${photo.name}: ${errorMessage(error, VEHICLE_TOASTS.uploadImageFailed)}`,
          );
        }
      }
    }
    void refreshRecordData();
    if (upload.failure) {
      toast({ variant: 'destructive', ...upload.failure });
    } else if (imageFailures.length > 0) {
      toast({
        variant: 'destructive',
        title: VEHICLE_TOASTS.uploadFailed,
        description: imageFailures.join('\n'),
      });
    } else {
      toast(savedToast(type, mode));
    }
    setPhase('idle');
    onSaved();
  };

  const refuse = (invalid: FieldErrors<RecordFormValues>) => {
    // 001 §5: the modification form also says so in a toast.
    if (kindOnWeb.missingCategoryToast && invalid.category) {
      toast({ variant: 'destructive', ...kindOnWeb.missingCategoryToast });
    }
  };

  const submitLabel = mode === 'add' ? `Add ${kind.label}` : 'Save Changes';
  const pendingLabel = mode === 'add' ? RECORD_FORM_TEXTS.saving : RECORD_FORM_TEXTS.updating;

  return (
    <form
      noValidate
      aria-label={`${mode === 'add' ? 'Add' : 'Edit'} ${kind.noun}`}
      onSubmit={form.handleSubmit(submit, refuse)}
    >
      <fieldset disabled={isBusy} className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="sr-only">{kind.label} details</legend>
        <Field id={id('vehicle')} label={kindOnWeb.vehicleLabel} error={errors.vehicleId?.message}>
          <Controller
            control={form.control}
            name="vehicleId"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={isBusy}>
                <SelectTrigger
                  id={id('vehicle')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...describe(id('vehicle'), errors.vehicleId?.message)}
                >
                  <SelectValue placeholder="Select vehicle" />
                </SelectTrigger>
                <SelectContent className="max-h-72">
                  {vehicles.map((vehicle) => (
                    <SelectItem key={vehicle.id} value={String(vehicle.id)}>
                      {vehicleTitle(vehicle)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>

        <Field id={id('category')} label="Category" error={errors.category?.message}>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={isBusy}>
                <SelectTrigger
                  id={id('category')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...describe(id('category'), errors.category?.message)}
                >
                  <SelectValue placeholder="Select category" />
                </SelectTrigger>
                <SelectContent className="max-h-72">
                  {categories.map((category) => (
                    <SelectItem key={category} value={category}>
                      {category}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>

        {hasTitle && (
          <Field
            id={id('title')}
            label={mode === 'edit' ? kindOnWeb.editTitleLabel : 'Title'}
            error={errors.title?.message}
            className="sm:col-span-2"
          >
            <Input
              id={id('title')}
              autoComplete="off"
              maxLength={TEXT_LIMITS.title}
              placeholder={kindOnWeb.titlePlaceholder}
              {...describe(id('title'), errors.title?.message)}
              {...form.register('title')}
            />
          </Field>
        )}

        <Field
          id={id('description')}
          label="Description"
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id={id('description')}
            rows={2}
            maxLength={TEXT_LIMITS.description}
            {...form.register('description')}
          />
        </Field>

        <Field id={id('cost')} label="Cost" error={errors.cost?.message}>
          <Input
            id={id('cost')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 89.50"
            {...describe(id('cost'), errors.cost?.message)}
            {...form.register('cost')}
          />
        </Field>

        <Field id={id('date')} label="Date" error={errors.date?.message}>
          <Controller
            control={form.control}
            name="date"
            render={({ field }) => (
              <DatePicker
                id={id('date')}
                value={field.value}
                onChange={field.onChange}
                disabled={isBusy}
              />
            )}
          />
        </Field>

        <Field id={id('location')} label="Location">
          <Input
            id={id('location')}
            autoComplete="off"
            maxLength={TEXT_LIMITS.location}
            placeholder="e.g. Main Street Garage"
            {...form.register('location')}
          />
        </Field>

        <Field id={id('technician')} label="Technician">
          <Input
            id={id('technician')}
            autoComplete="off"
            maxLength={TEXT_LIMITS.technician}
            {...form.register('technician')}
          />
        </Field>

        {hasDueFields && (
          <>
            <Field id={id('due-date')} label="Due Date">
              <Controller
                control={form.control}
                name="dueDate"
                render={({ field }) => (
                  <DatePicker
                    id={id('due-date')}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={isBusy}
                    placeholder="No due date"
                  />
                )}
              />
            </Field>
            <Field id={id('due-mileage')} label="Due Mileage" error={errors.dueMileage?.message}>
              <Input
                id={id('due-mileage')}
                inputMode="numeric"
                autoComplete="off"
                placeholder="e.g. 60000"
                {...describe(id('due-mileage'), errors.dueMileage?.message)}
                {...form.register('dueMileage')}
              />
            </Field>
          </>
        )}

        <Field id={id('notes')} label="Notes" className="sm:col-span-2">
          <Textarea
            id={id('notes')}
            rows={2}
            maxLength={TEXT_LIMITS.notes}
            {...form.register('notes')}
          />
        </Field>

        <div className="min-w-0 sm:col-span-2">
          <AttachmentPicker
            layout={kindOnWeb.attachmentLayout[mode]}
            files={files}
            onChange={setFiles}
            {...(record ? { current: { fileUrl: record.fileUrl, imageUrl: record.imageUrl } } : {})}
            progress={progress}
            disabled={isBusy}
          />
        </div>
      </fieldset>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={isBusy}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isBusy}>
          {isBusy ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
