/**
 * Styled Radix Tabs as a pill-shaped segmented control: Radix supplies the roving focus and
 * tab/tabpanel wiring, this file only the look of the list and the raised active pill.
 */

import { cn } from '@web/lib/class-names';
import { Tabs as TabsPrimitive } from 'radix-ui';
import type * as React from 'react';

export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      className={cn('flex flex-col gap-3 data-[orientation=vertical]:flex-row', className)}
      {...props}
    />
  );
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        'inline-flex h-10 w-fit max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
        'data-[orientation=vertical]:h-auto data-[orientation=vertical]:flex-col data-[orientation=vertical]:items-stretch',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Radix moves focus to a tab in script when it is clicked, and Chromium then treats that focus
 * as `:focus-visible`, so every click would draw the keyboard ring. The trigger remembers that
 * its focus came from a pointer and keeps the ring for keyboard users only.
 */
export function TabsTrigger({
  className,
  onPointerDown,
  onBlur,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      onPointerDown={(event) => {
        event.currentTarget.dataset.pointerFocus = '';
        onPointerDown?.(event);
      }}
      onBlur={(event) => {
        delete event.currentTarget.dataset.pointerFocus;
        onBlur?.(event);
      }}
      className={cn(
        'inline-flex h-full flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium',
        'transition-[color,background-color,box-shadow] duration-150 hover:text-foreground',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-muted',
        'data-[pointer-focus]:focus-visible:ring-0 data-[pointer-focus]:focus-visible:ring-offset-0',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-card',
        'disabled:pointer-events-none disabled:opacity-50',
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({
  className,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        'flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}
