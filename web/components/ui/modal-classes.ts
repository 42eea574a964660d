/**
 * The look every modal shares, Dialog and AlertDialog alike: the dimmed backdrop, the centred
 * panel, and the header, footer, title and description inside it. Written once so that a
 * confirmation and a form dialog cannot drift apart.
 */
export const MODAL_CLASSES = {
  overlay: 'fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in',
  panel: [
    'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4',
    'max-h-[90vh] overflow-y-auto rounded-xl border border-border bg-card text-card-foreground shadow-raised',
    // The inline padding is a variable its foot reaches the sides with (styles.css); a panel whose
    // buttons stay at its foot leaves the bottom padding to them.
    '[--dialog-inline:--spacing(6)] px-(--dialog-inline) py-6',
    'has-[[data-slot=form-actions],[data-slot=dialog-footer]]:pb-0',
    'outline-none transition-[scale] duration-150 ease-out starting:scale-95 data-[state=open]:animate-fade-in',
  ],
  header: 'flex flex-col gap-1.5 text-center sm:text-left',
  // On phones the primary action stacks on top where the thumb reaches it first.
  footer: 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
  title: 'text-lg font-semibold leading-tight tracking-tight',
  description: 'text-sm text-muted-foreground',
} as const;
