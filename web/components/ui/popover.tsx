/**
 * Styled Radix Popover for non-modal floating panels (the date picker, quick filters); Radix owns
 * positioning, collision handling and focus return, this file the panel look.
 */

import { cn } from '@web/lib/class-names';
import { Popover as PopoverPrimitive } from 'radix-ui';
import type * as React from 'react';

export function Popover(props: React.ComponentProps<typeof PopoverPrimitive.Root>) {
  return <PopoverPrimitive.Root data-slot="popover" {...props} />;
}

export function PopoverTrigger(props: React.ComponentProps<typeof PopoverPrimitive.Trigger>) {
  return <PopoverPrimitive.Trigger data-slot="popover-trigger" {...props} />;
}

export function PopoverAnchor(props: React.ComponentProps<typeof PopoverPrimitive.Anchor>) {
  return <PopoverPrimitive.Anchor data-slot="popover-anchor" {...props} />;
}

export function PopoverContent({
  className,
  align = 'center',
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-border bg-popover p-4 text-popover-foreground shadow-raised outline-none',
          'origin-(--radix-popover-content-transform-origin) transition-[scale] duration-150 ease-out starting:scale-95 data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
