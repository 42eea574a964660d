/**
 * A switch for settings that apply at once (on/off), as opposed to a Checkbox that is submitted
 * with a form; the thumb slides with a transition rather than jumping. A plain
 * `<button role="switch">` with `aria-checked`: the WAI-ARIA switch pattern needs nothing more
 * (Space and Enter press a button), so no widget library is shipped for it.
 */

import { cn } from '@web/lib/class-names';
import type * as React from 'react';

export type SwitchProps = Omit<React.ComponentProps<'button'>, 'onChange' | 'value'> & {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

export function Switch({ className, checked, onCheckedChange, onClick, ...props }: SwitchProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-slot="switch"
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-card',
        'transition-colors duration-150',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      {...props}
    >
      <span
        data-slot="switch-thumb"
        data-state={state}
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-card shadow-raised ring-0',
          'transition-transform duration-150 ease-out data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0',
        )}
      />
    </button>
  );
}
