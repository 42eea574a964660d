/**
 * A multipart upload that reports the bytes sent (fetch cannot), for the progress bars of every
 * upload. Failures throw the same ApiError as `apiRequest`, so toasts read the server's message.
 */
import { ApiError } from './api-client';

export type UploadProgress = { loaded: number; total: number };

function parseMessage(text: string): { message: string; body: unknown } {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return { message: typeof body?.message === 'string' ? body.message : text, body };
  } catch {
    return { message: text, body: undefined };
  }
}

/** Sends `form` to `url` with POST; answers the JSON of the reply. */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      const text = request.responseText;
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(text) as T);
        } catch {
          reject(
            new ApiError(request.status, text, 'The server answered an unreadable reply', text),
          );
        }
        return;
      }
      const responseText = text || request.statusText;
      const { message, body } = parseMessage(responseText);
      reject(new ApiError(request.status, responseText, message, body));
    };
    request.onerror = () =>
      reject(new ApiError(0, 'Network error', 'The upload could not reach the server', undefined));
    request.onabort = () =>
      reject(new ApiError(0, 'Aborted', 'The upload was cancelled', undefined));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
