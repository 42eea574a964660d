/**
 * Renders the toast store (use-toast.ts) through the Radix parts (toast.tsx) with the timing and
 * swipe rules of 000 §9. Mounted once near the app root; screens call `toast()` instead.
 */
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@web/components/ui/toast';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  useToast,
} from '@web/components/ui/use-toast';

/** Radix's default too, passed explicitly so the shortcut to reach toasts is stated in code. */
const TOAST_HOTKEY = ['F8'];

export function Toaster() {
  const { toasts, dismiss } = useToast();

  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, onOpenChange, ...props }) => (
        <Toast
          key={id}
          {...props}
          onOpenChange={(open) => {
            if (!open) dismiss(id);
            onOpenChange?.(open);
          }}
        >
          <div className="grid min-w-0 gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={TOAST_HOTKEY} />
    </ToastProvider>
  );
}
