/**
 * Edge drawer (mobile navigation, filters) built on Radix Dialog so it inherits the focus trap,
 * Escape handling and title/description wiring; only the placement differs from Dialog.
 */

import { withModalRoot } from '@web/components/ui/modal-root';
import { cn } from '@web/lib/class-names';
import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type * as React from 'react';

/** Back closes it, and a close goes through its guard first (decision 038). */
export const Sheet = withModalRoot(SheetPrimitive.Root, 'sheet');

export function SheetTrigger(props: React.ComponentProps<typeof SheetPrimitive.Trigger>) {
  return <SheetPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

export function SheetClose(props: React.ComponentProps<typeof SheetPrimitive.Close>) {
  return <SheetPrimitive.Close data-slot="sheet-close" {...props} />;
}

export function SheetPortal(props: React.ComponentProps<typeof SheetPrimitive.Portal>) {
  return <SheetPrimitive.Portal data-slot="sheet-portal" {...props} />;
}

export function SheetOverlay({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

export const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-card text-card-foreground shadow-raised outline-none',
  {
    variants: {
      side: {
        // Left and right reuse the theme's slide keyframes; top and bottom have none, so they
        // slide in with a transition from an @starting-style offset instead.
        right:
          'inset-y-0 right-0 h-full w-3/4 border-l border-border data-[state=open]:animate-slide-in-right sm:max-w-sm',
        left: 'inset-y-0 left-0 h-full w-3/4 border-r border-border data-[state=open]:animate-slide-in-left sm:max-w-sm',
        top: 'inset-x-0 top-0 max-h-[85vh] border-b border-border transition-transform duration-200 ease-out starting:-translate-y-full',
        bottom:
          'inset-x-0 bottom-0 max-h-[85vh] rounded-t-xl border-t border-border transition-transform duration-200 ease-out starting:translate-y-full',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export function SheetContent({
  className,
  children,
  side = 'right',
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & VariantProps<typeof sheetVariants>) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        {children}
        <SheetPrimitive.Close
          data-slot="sheet-close"
          className={cn(
            'absolute top-4 right-4 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground',
            'transition-colors hover:bg-accent hover:text-accent-foreground',
            'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
          )}
        >
          <XIcon className="size-4" aria-hidden />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPortal>
  );
}

export function SheetHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="sheet-header"
      // Right padding keeps a long title clear of the corner close button.
      className={cn('flex flex-col gap-1.5 p-6 pr-12 pb-0', className)}
      {...props}
    />
  );
}

export function SheetFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="sheet-footer"
      className={cn('mt-auto flex flex-col gap-2 p-6 pt-0', className)}
      {...props}
    />
  );
}

export function SheetTitle({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn('text-lg font-semibold leading-tight tracking-tight', className)}
      {...props}
    />
  );
}

export function SheetDescription({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
