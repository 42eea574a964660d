/** How far an upload has gone, as a bar and its percent; "Reading the file..." once all is sent. */
import { IMPORT_TEXTS as TEXTS } from '@contract/imports';
import { ProgressBar } from '@web/components/ui/progress-bar';
import type { UploadProgress } from '@web/lib/upload-with-progress';

export function percentOf(progress: UploadProgress | null): number {
  return progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
}

export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const percent = percentOf(progress);
  const isSent = percent >= 100;
  return (
    <div className="grid gap-1.5">
      <ProgressBar
        percent={percent}
        label={TEXTS.uploadProgress}
        valueText={`${percent}%`}
        className="h-2"
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {isSent ? TEXTS.reading : TEXTS.uploading(percent)}
      </p>
    </div>
  );
}
