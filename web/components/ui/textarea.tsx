/**
 * Multi-line text field (notes, descriptions). Mirrors Input's border, focus and invalid styling
 * so a form mixing both looks like one control family.
 */

import { cn } from '@web/lib/class-names';
import type * as React from 'react';

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-sm text-foreground shadow-card',
        'field-sizing-content transition-[border-color,box-shadow] duration-150 placeholder:text-muted-foreground',
        'outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
