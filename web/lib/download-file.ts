/**
 * Downloads the app makes itself and hands to the browser as files: the JSON export, the backup
 * and a vehicle's passport. A zip is read as it arrives, so that a bar can show how much of its
 * `Content-Length` came; a refusal throws the same ApiError as every call (`apiRequest`).
 */
import { useCallback, useRef, useState } from 'react';
import { apiRequest } from './api-client';

/** Bytes received of a download, and its length when the server said it. */
export type DownloadProgress = { received: number; total: number | null };

/** The message of a download the connection cut before its end. */
export const CUT_SHORT_MESSAGE = 'The download was cut short';

/** `GET path` as a Blob, reporting each chunk's arrival; rejects when fewer bytes come. */
export async function fetchFileWithProgress(
  path: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const response = await apiRequest('GET', path);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  onProgress({ received: 0, total });
  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    onProgress({ received: blob.size, total });
    return blob;
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  if (total !== null && received !== total) throw new Error(CUT_SHORT_MESSAGE);
  return new Blob(chunks, { type });
}

/** Hands a file to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A download's progress as a screen shows it: updated when the whole percent changes (a zip of
 * hundreds of MB comes in thousands of chunks), null when none is under way.
 */
export function useDownloadProgress() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const shownPercent = useRef(-1);
  const report = useCallback((next: DownloadProgress) => {
    const percent = next.total ? Math.floor((next.received / next.total) * 100) : -1;
    if (next.received > 0 && percent === shownPercent.current && percent !== -1) return;
    shownPercent.current = percent;
    setProgress(next);
  }, []);
  const clear = useCallback(() => {
    shownPercent.current = -1;
    setProgress(null);
  }, []);
  return { progress, report, clear };
}
