/**
 * Small status and category label. The soft variants (info, warn, danger, success) carry meaning
 * through colour and must always sit next to text that says the same thing, never alone.
 */

import { cn } from '@web/lib/class-names';
import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';

export const badgeVariants = cva(
  [
    'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border border-transparent px-2 py-0.5 text-xs font-medium',
    'transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    '[&>svg]:pointer-events-none [&>svg]:size-3',
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground',
        secondary: 'bg-secondary text-secondary-foreground',
        destructive: 'bg-destructive text-destructive-foreground',
        outline: 'border-border bg-card text-foreground',
        info: 'bg-info-soft text-info',
        warn: 'bg-warn-soft text-warn',
        danger: 'bg-danger-soft text-destructive',
        success: 'bg-success-soft text-success',
        pill: 'rounded-full bg-primary-soft px-2.5 text-accent-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  asChild = false,
  ...props
}: React.ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /** Render the single child (e.g. a link) with badge styling instead of a <span>. */
    asChild?: boolean;
  }) {
  const Comp = asChild ? Slot.Root : 'span';
  return (
    <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}
