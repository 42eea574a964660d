/**
 * A zip's download under way: the bar and '12.4 MB of 27.1 MB', for the backup in Account
 * Settings and a vehicle's passport alike.
 */
import { BACKUP_TEXTS } from '@contract/backup';
import { formatStorageSize } from '@contract/uploads';
import { ProgressBar } from '@web/components/ui/progress-bar';
import type { DownloadProgress } from '@web/lib/download-file';

export function DownloadProgressBar({
  progress,
  label,
}: {
  progress: DownloadProgress;
  label: string;
}) {
  const { received, total } = progress;
  const percent = total ? Math.min(100, Math.floor((received / total) * 100)) : null;
  const text =
    received === 0
      ? BACKUP_TEXTS.preparing
      : total
        ? BACKUP_TEXTS.downloaded(formatStorageSize(received), formatStorageSize(total))
        : formatStorageSize(received);
  return (
    <div className="grid gap-1.5">
      <ProgressBar percent={percent} label={label} valueText={text} />
      <p className="text-xs text-muted-foreground tabular-nums" aria-hidden>
        {text}
        {percent !== null && received > 0 ? ` · ${percent}%` : ''}
      </p>
    </div>
  );
}
