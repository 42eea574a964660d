/**
 * How far something has come, as a thin bar: `percent` from 0 to 100, or null while the whole is
 * not known yet (a pulsing stretch). Screen readers hear `label` and `valueText`.
 */
import { cn } from '@web/lib/class-names';

export function ProgressBar({
  percent,
  label,
  valueText,
  className,
}: {
  percent: number | null;
  label: string;
  valueText: string;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={valueText}
      className={cn('h-1.5 overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn(
          'h-full rounded-full bg-primary transition-[width] duration-150 motion-reduce:transition-none',
          percent === null && 'w-1/3 animate-pulse',
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
