/**
 * The single-line text field. Shared with Textarea in spirit: one border, one focus ring and one
 * invalid state, so form errors read the same on every screen.
 */

import { cn } from '@web/lib/class-names';
import type * as React from 'react';

export function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-sm text-foreground shadow-card',
        'transition-[border-color,box-shadow] duration-150 placeholder:text-muted-foreground',
        'outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
        'file:mr-3 file:inline-flex file:h-7 file:cursor-pointer file:rounded-sm file:border-0 file:bg-secondary file:px-2.5 file:text-xs file:font-medium file:text-secondary-foreground',
        type === 'file' && 'py-1.5 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}
