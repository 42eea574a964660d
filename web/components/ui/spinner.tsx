/**
 * Indeterminate progress indicator for short waits (a saving button, a refetch). It is a status
 * region with a visually hidden label so screen readers hear that something is loading.
 */

import { cn } from '@web/lib/class-names';
import { cva, type VariantProps } from 'class-variance-authority';
import { Loader2 } from 'lucide-react';
import type * as React from 'react';

const spinnerVariants = cva('animate-spin text-current', {
  variants: {
    size: { sm: 'size-4', md: 'size-6', lg: 'size-8' },
  },
  defaultVariants: { size: 'md' },
});

export function Spinner({
  className,
  size,
  label = 'Loading',
  ...props
}: Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerVariants> & {
    /** What is loading, read by screen readers only. */
    label?: string;
  }) {
  return (
    <span
      data-slot="spinner"
      role="status"
      className={cn('inline-flex items-center justify-center', className)}
      {...props}
    >
      <Loader2 className={spinnerVariants({ size })} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
