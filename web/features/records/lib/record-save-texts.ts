/**
 * What the record forms say after a save (001 §8): each kind's own wording of success and
 * failure, for adding and for editing.
 */
import { RECORD_FAILURES, RECORD_KINDS, RECORD_TOASTS, type RecordType } from '@contract/records';
import { ApiError } from '@web/lib/api-client';
import type { RecordFormMode } from './record-form-values';

export type ToastText = { title: string; description: string };

/** 'Maintenance added' / 'Your maintenance record has been saved.'; 'Repair record has been added'. */
export function savedToast(type: RecordType, mode: RecordFormMode): ToastText {
  const kind = RECORD_KINDS[type];
  if (type === 'maintenance') {
    return mode === 'add' ? RECORD_TOASTS.added(kind) : RECORD_TOASTS.updated(kind);
  }
  const title =
    mode === 'add' ? RECORD_TOASTS.added(kind).title : RECORD_TOASTS.updated(kind).title;
  const description =
    type === 'repair'
      ? mode === 'add'
        ? RECORD_TOASTS.repairAdded
        : RECORD_TOASTS.repairUpdated
      : mode === 'add'
        ? RECORD_TOASTS.modificationAdded
        : RECORD_TOASTS.modificationUpdated;
  return { title, description };
}

function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage || null;
  return null;
}

/**
 * 001 §8: maintenance 'Failed to add maintenance' with the server's message; repair the
 * server's message or 'Failed to add repair' under 'Failed to add repair record' ('Failed to
 * update repair' when editing); modification 'Failed to add modification: {status} {message}'
 * under 'Failed to add modification record'.
 */
export function failedToast(type: RecordType, mode: RecordFormMode, error: unknown): ToastText {
  const message = serverMessage(error);
  if (type === 'maintenance') {
    const title =
      mode === 'add' ? RECORD_FAILURES.addMaintenance : RECORD_FAILURES.updateMaintenance;
    return { title, description: message ?? title };
  }
  if (type === 'repair') {
    return mode === 'add'
      ? {
          title: RECORD_FAILURES.addRepairRecord,
          description: message ?? RECORD_FAILURES.addRepair,
        }
      : {
          title: RECORD_TOASTS.updateRepairFailed,
          description: message ?? RECORD_FAILURES.updateRepairRecord,
        };
  }
  const title =
    mode === 'add'
      ? RECORD_FAILURES.addModificationRecord
      : RECORD_FAILURES.updateModificationRecord;
  if (error instanceof ApiError) {
    const body = message ?? '';
    return {
      title,
      description:
        mode === 'add'
          ? RECORD_FAILURES.addModification(error.status, body)
          : RECORD_FAILURES.updateModification(error.status, body),
    };
  }
  return { title, description: title };
}

/**
 * 001 §7: when the attachments cannot be uploaded, maintenance and repair save without them
 * (toast 'Failed to upload files'); the modification form stops ('File upload failed').
 */
export function uploadFailure(type: RecordType, error: unknown) {
  const reason = serverMessage(error);
  if (type === 'modification') {
    return {
      stops: true,
      toast: {
        title: RECORD_FAILURES.fileUploadFailed,
        description: reason ?? RECORD_FAILURES.uploadFilesRetry,
      },
    };
  }
  const saved = `The ${RECORD_KINDS[type].noun} record was saved without the files.`;
  return {
    stops: false,
    toast: {
      title: RECORD_FAILURES.uploadFiles,
      description: reason ? `${reason}. ${saved}` : saved,
    },
  };
}
