/**
 * Styled Radix Toast parts (000 §4/§9). Radix owns the live-region announcements, pause on hover
 * and focus, the F8 hotkey and swipe gestures; this file owns where toasts appear and how they
 * look. The store that decides which toast shows lives in use-toast.ts, the wiring in toaster.tsx.
 */

import { cn } from '@web/lib/class-names';
import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type * as React from 'react';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        // Along the top edge: full width on phones, a fixed-width stack in the middle from md. A
        // dialog keeps its actions at the bottom and its close button in its top-right corner, so
        // a toast there (a failed save's, say) never covers the button that tries again.
        'fixed inset-x-0 top-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none',
        'pt-[max(1rem,env(safe-area-inset-top))] md:right-auto md:left-1/2 md:max-w-[420px] md:-translate-x-1/2',
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-raised',
    'data-[state=open]:animate-fade-in',
    // Follow the finger while swiping, spring back on cancel, leave to the right on release.
    'touch-none select-none data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-[translate] data-[swipe=cancel]:duration-200',
    'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=end]:transition-[translate,opacity] data-[swipe=end]:duration-150 data-[swipe=end]:opacity-0',
  ],
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant ?? 'default'}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  );
}

export function ToastAction({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(
        'inline-flex h-8 shrink-0 cursor-pointer items-center justify-center self-center rounded-md border border-input bg-transparent px-3 text-sm font-medium',
        'transition-colors hover:bg-accent hover:text-accent-foreground',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:pointer-events-none disabled:opacity-50',
        'group-data-[variant=destructive]:border-destructive-foreground/40 group-data-[variant=destructive]:hover:bg-destructive-foreground/15 group-data-[variant=destructive]:hover:text-destructive-foreground group-data-[variant=destructive]:focus-visible:ring-destructive-foreground group-data-[variant=destructive]:focus-visible:ring-offset-destructive',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-muted-foreground',
        'transition-colors hover:bg-accent hover:text-accent-foreground',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring',
        'group-data-[variant=destructive]:text-destructive-foreground/80 group-data-[variant=destructive]:hover:bg-destructive-foreground/15 group-data-[variant=destructive]:hover:text-destructive-foreground group-data-[variant=destructive]:focus-visible:ring-destructive-foreground',
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" aria-hidden />
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      data-slot="toast-title"
      className={cn('text-sm font-semibold leading-snug', className)}
      {...props}
    />
  );
}

export function ToastDescription({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn('text-sm opacity-90', className)}
      {...props}
    />
  );
}

export type ToastProps = React.ComponentProps<typeof Toast>;

/** An action shown inside a toast; must be a ToastAction so it carries the required altText. */
export type ToastActionElement = React.ReactElement<React.ComponentProps<typeof ToastAction>>;
