/** Garage Ledger's mark and wordmark (docs/design.md): a car on a ledger line, in the brand teal. */
import { PRODUCT_NAME } from '@contract/product';
import { cn } from '@web/lib/class-names';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M7 19.5 9.2 13a2.5 2.5 0 0 1 2.4-1.7h8.8a2.5 2.5 0 0 1 2.4 1.7l2.2 6.5"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="6" y="19" width="20" height="5" rx="1.6" className="fill-primary-foreground" />
      <circle cx="10.5" cy="21.5" r="1.2" className="fill-primary" />
      <circle cx="21.5" cy="21.5" r="1.2" className="fill-primary" />
      <path
        d="M12 8h8"
        stroke="#5eead4"
        strokeWidth="2"
        strokeLinecap="round"
        className="dark:stroke-primary-foreground"
      />
    </svg>
  );
}

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cn(
          'text-lg font-semibold tracking-tight',
          inverted ? 'text-white' : 'text-foreground',
        )}
      >
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
