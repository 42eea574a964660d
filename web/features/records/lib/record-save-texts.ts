/**
 * What the record forms say after a save (001 §8): each kind's own wording of success and
 * failure, for adding and for editing, read from RECORD_KINDS_ON_WEB.
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { ApiError } from '@web/lib/api-client';
import { RECORD_KINDS_ON_WEB, type RecordFormMode, type ToastText } from './record-kinds';

/** 001 §7: what a failed upload says when the form stops, and when the record is saved anyway. */
const UPLOAD_FAILURE_TEXTS = {
  stopsTitle: 'File upload failed',
  stopsFallback: 'Failed to upload files. Please try again.',
  savesWithoutFilesTitle: 'Failed to upload files',
} as const;

/** 'Maintenance added' / 'Your maintenance record has been saved.'; 'Repair record has been added'. */
export function savedToast(type: RecordType, mode: RecordFormMode): ToastText {
  return RECORD_KINDS_ON_WEB[type].savedToast[mode];
}

function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage || null;
  return null;
}

/**
 * 001 §8: the server's message under the form's failure title, or the form's own fallback; the
 * modification forms put the status first ('Failed to add modification: {status} {message}').
 */
export function failedToast(type: RecordType, mode: RecordFormMode, error: unknown): ToastText {
  const { title, fallback, statusPrefix } = RECORD_KINDS_ON_WEB[type].saveFailed[mode];
  const message = serverMessage(error);
  if (statusPrefix && error instanceof ApiError) {
    return { title, description: `${statusPrefix}: ${error.status} ${message ?? ''}` };
  }
  return { title, description: message ?? fallback };
}

/**
 * 001 §7: when the attachments cannot be uploaded, maintenance and repair save without them
 * (toast 'Failed to upload files'); the modification form stops ('File upload failed').
 */
export function uploadFailure(type: RecordType, error: unknown) {
  const reason = serverMessage(error);
  if (RECORD_KINDS_ON_WEB[type].uploadFailure === 'stops') {
    return {
      stops: true,
      toast: {
        title: UPLOAD_FAILURE_TEXTS.stopsTitle,
        description: reason ?? UPLOAD_FAILURE_TEXTS.stopsFallback,
      },
    };
  }
  const saved = `The ${RECORD_KINDS[type].noun} record was saved without the files.`;
  return {
    stops: false,
    toast: {
      title: UPLOAD_FAILURE_TEXTS.savesWithoutFilesTitle,
      description: reason ? `${reason}. ${saved}` : saved,
    },
  };
}
