/**
 * Loading placeholder shaped like the content it stands in for, so the layout does not jump when
 * data arrives. Hidden from assistive tech: the surrounding region announces loading instead.
 */

import { cn } from '@web/lib/class-names';
import type * as React from 'react';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
