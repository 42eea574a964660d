/**
 * The installation's support address (D2) as a mailto link. It comes from `GET /api/site`, so
 * a short placeholder holds its place until it arrives; if the call fails the sentence still
 * reads, naming the support team without a broken link.
 */
import { cn } from '@web/lib/class-names';
import { useSiteInfo } from '@web/lib/site-info';

export function SupportEmailLink({ className }: { className?: string }) {
  const { data, isPending } = useSiteInfo();
  if (isPending) {
    return (
      <span
        aria-hidden="true"
        data-slot="support-email-placeholder"
        className="inline-block h-[1em] w-44 animate-pulse rounded bg-muted align-middle"
      />
    );
  }
  if (!data?.supportEmail) return <span className={className}>our support team</span>;
  return (
    <a
      href={`mailto:${data.supportEmail}`}
      className={cn(
        'rounded-sm font-medium text-primary underline decoration-primary/30 underline-offset-4 transition-colors hover:text-primary-hover hover:decoration-primary',
        className,
      )}
    >
      {data.supportEmail}
    </a>
  );
}
