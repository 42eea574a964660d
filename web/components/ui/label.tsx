/**
 * Form label on Radix Label, which keeps a click on the text from selecting it and focuses the
 * control instead; dims itself when the labelled control (its peer or group) is disabled.
 */

import { cn } from '@web/lib/class-names';
import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'flex select-none items-center gap-2 text-sm font-medium leading-none text-foreground',
        'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        'group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
