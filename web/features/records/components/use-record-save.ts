/**
 * What happens when a record form is submitted (001 §7, §8): the attachments are uploaded first
 * (`POST /api/upload`, with a progress bar), then the record is sent with their URLs, then any
 * further photos of the maintenance edit form join the record's images. A failed upload stops
 * the form or saves without the files, as the kind says (RECORD_KINDS_ON_WEB); the toasts are
 * each form's own, and the server's messages of single fields (D11) go under those fields too;
 * a 402 (the plan's limit, D12) hands over to the upgrade dialog.
 */
import type { RecordType } from '@contract/records';
import { VEHICLE_TOASTS } from '@contract/vehicles';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { refreshRecordData } from '@web/lib/query-client';
import { useToday } from '@web/lib/today';
import { uploadFiles } from '@web/lib/upload-files';
import type { UploadProgress } from '@web/lib/upload-with-progress';
import { useSaveForm } from '@web/lib/use-save-form';
import { useRef, useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { addRecordImage } from '../api/add-record-image';
import { useSaveRecord } from '../api/save-record';
import { attachmentUrls, uploadOrder } from '../lib/attachments';
import {
  type Attachments,
  type EditedRecord,
  type RecordFormValues,
  toRecordPayload,
} from '../lib/record-form-values';
import { recordImageCaption } from '../lib/record-image-check';
import { RECORD_KINDS_ON_WEB, type RecordFormMode, type ToastText } from '../lib/record-kinds';
import { failedToast, savedToast, uploadFailure } from '../lib/record-save-texts';

type Phase = 'idle' | 'uploading' | 'saving';

export type RecordSaveOptions = {
  type: RecordType;
  mode: RecordFormMode;
  record?: EditedRecord | undefined;
  onSaved: () => void;
  onPlanLimit?: (() => void) | undefined;
  onBusyChange?: ((isBusy: boolean) => void) | undefined;
  /** The form whose fields show the server's messages of single fields (D11). */
  form?: UseFormReturn<RecordFormValues> | undefined;
  /**
   * Decision 068: keeps the odometer question a failed save carries and answers whether there
   * was one (the form shows it instead of a toast).
   */
  askOdometer?: ((error: unknown) => boolean) | undefined;
};

export function useRecordSave({
  type,
  mode,
  record,
  onSaved,
  onPlanLimit,
  onBusyChange,
  form,
  askOdometer,
}: RecordSaveOptions) {
  const [files, setFiles] = useState<File[]>([]);
  // A refused file keeps Save disabled until it is removed: saving then would drop it silently.
  const [hasRefusedFile, setHasRefusedFile] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [phase, setPhaseState] = useState<Phase>('idle');
  const save = useSaveRecord();
  const saving = useSaveForm({
    ...(form ? { form } : {}),
    // The API's fields the form has are named alike; the others have no place to show.
    fieldOf: (apiField) =>
      form && apiField in form.getValues() ? (apiField as keyof RecordFormValues) : null,
    ...(onPlanLimit ? { onPlanLimit } : {}),
    ...(askOdometer ? { onError: askOdometer } : {}),
    failedToast: (error) => failedToast(type, mode, error),
  });
  const today = useToday();
  // The files uploaded for a save the server questioned are not uploaded again by "Save anyway".
  const uploaded = useRef<{ files: File[]; attachments: Attachments & { morePhotos: File[] } }>(
    null,
  );

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
    if (uploaded.current?.files === files) return { attachments: uploaded.current.attachments };
    const ordered = uploadOrder(files);
    setPhase('uploading');
    setProgress({ loaded: 0, total: ordered.reduce((sum, file) => sum + file.size, 0) });
    try {
      const urls = await uploadFiles(ordered, setProgress);
      const attachments = attachmentUrls(ordered, urls);
      uploaded.current = { files, attachments };
      return { attachments };
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

  /** Decision 068: `confirmOdometer` is sent only after the server questioned the figure. */
  const submit = async (values: RecordFormValues, confirmOdometer = false) => {
    if (hasRefusedFile) return;
    const upload = await uploadAttachments();
    if (upload === null) {
      setPhase('idle');
      return;
    }
    setPhase('saving');
    const payload = {
      ...toRecordPayload(values, {
        type,
        mode,
        today,
        ...(record ? { record } : {}),
        attachments: upload.attachments,
      }),
      ...(confirmOdometer ? { confirmOdometer } : {}),
    };
    const outcome = await saving.run(() =>
      save.mutateAsync({
        type,
        ...(record ? { id: record.id, storedVehicleId: record.vehicleId } : {}),
        payload,
      }),
    );
    if (!outcome.saved) {
      setPhase('idle');
      return;
    }
    const saved = outcome.answer;
    // Further photos of the maintenance edit form join the record's images.
    const recordId = saved?.id ?? record?.id;
    const imageFailures: string[] = [];
    if (recordId !== undefined) {
      for (const photo of upload.attachments.morePhotos) {
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

  /** 001 §5: a form that also says a missing category in a toast. */
  const refuse = (invalid: FieldErrors<RecordFormValues>) => {
    const categoryToast = RECORD_KINDS_ON_WEB[type].missingCategoryToast;
    if (categoryToast && invalid.category) toast({ variant: 'destructive', ...categoryToast });
  };

  return {
    submit,
    refuse,
    files,
    setFiles,
    hasRefusedFile,
    setHasRefusedFile,
    progress,
    isBusy: phase !== 'idle',
  };
}
