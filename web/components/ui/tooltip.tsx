/**
 * Styled Radix Tooltip plus the app-wide timing of 000 §9: a tooltip waits before opening so it
 * does not flash while the pointer passes by, then opens instantly for neighbours for a moment.
 * Mount one TooltipProvider near the app root so that skip delay is shared by all tooltips.
 */

import { cn } from '@web/lib/class-names';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type * as React from 'react';

/** Hover time before a tooltip opens (000 §9). */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** Window after one tooltip closes during which the next one opens without the delay (000 §9). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({
  delayDuration = TOOLTIP_OPEN_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      data-slot="tooltip-provider"
      delayDuration={delayDuration}
      skipDelayDuration={skipDelayDuration}
      {...props}
    />
  );
}

export function Tooltip(props: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  return <TooltipPrimitive.Root data-slot="tooltip" {...props} />;
}

export function TooltipTrigger(props: React.ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-balance text-background shadow-raised',
          'origin-(--radix-tooltip-content-transform-origin) animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" width={10} height={5} />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
