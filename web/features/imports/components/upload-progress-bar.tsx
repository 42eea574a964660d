/** How far an upload has gone, as a bar and its percent; "Reading the file..." once all is sent. */
import { IMPORT_TEXTS as TEXTS } from '@contract/imports';
import type { UploadProgress } from '@web/lib/upload-with-progress';

export function percentOf(progress: UploadProgress | null): number {
  return progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
}

export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const percent = percentOf(progress);
  const isSent = percent >= 100;
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label={TEXTS.uploadProgress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {isSent ? TEXTS.reading : TEXTS.uploading(percent)}
      </p>
    </div>
  );
}
