/**
 * Tabs as a pill-shaped segmented control, following the WAI-ARIA tabs pattern: a tablist of
 * tabs, one tabpanel shown (the others not rendered), focus moved by the arrow keys along the
 * list's orientation (wrapping), Home and End, and a tab chosen when it gets focus, on a primary
 * press, or on Enter or Space. The API and data attributes are Radix Tabs' (`value`,
 * `defaultValue`, `onValueChange`, `orientation`, `data-state`, `data-orientation`), whose code
 * (roving focus, collection, presence: about 15 KB gzipped) it replaces on the pages that open
 * on tabs (decision 017).
 */
import { cn } from '@web/lib/class-names';
import type * as React from 'react';
import { createContext, useContext, useId, useState } from 'react';

type Orientation = 'horizontal' | 'vertical';

type TabsContextValue = {
  value: string;
  choose: (value: string) => void;
  orientation: Orientation;
  baseId: string;
};

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string) {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`${part} is used outside <Tabs>`);
  return context;
}

/** Ids tie each tab to its panel; a value may hold any character, an id may not hold spaces. */
const partId = (baseId: string, part: 'tab' | 'panel', value: string) =>
  `${baseId}-${part}-${value.replace(/\s+/g, '-')}`;

export function Tabs({
  value: controlledValue,
  defaultValue = '',
  onValueChange,
  orientation = 'horizontal',
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  orientation?: Orientation;
}) {
  const [ownValue, setOwnValue] = useState(defaultValue);
  const baseId = useId();
  const value = controlledValue ?? ownValue;
  const choose = (next: string) => {
    if (next === value) return;
    if (controlledValue === undefined) setOwnValue(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value, choose, orientation, baseId }}>
      <div
        data-slot="tabs"
        data-orientation={orientation}
        className={cn('flex flex-col gap-3 data-[orientation=vertical]:flex-row', className)}
        {...props}
      />
    </TabsContext.Provider>
  );
}

const NEXT_KEYS: Record<Orientation, string> = { horizontal: 'ArrowRight', vertical: 'ArrowDown' };
const PREVIOUS_KEYS: Record<Orientation, string> = { horizontal: 'ArrowLeft', vertical: 'ArrowUp' };

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<'div'>) {
  const { orientation } = useTabs('TabsList');
  const moveFocus = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const tabs = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
    ];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    const target =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tabs.length - 1
          : event.key === NEXT_KEYS[orientation]
            ? (current + 1) % tabs.length
            : event.key === PREVIOUS_KEYS[orientation]
              ? (current - 1 + tabs.length) % tabs.length
              : null;
    if (target === null || current === -1) return;
    event.preventDefault();
    tabs[target]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation={orientation}
      data-slot="tabs-list"
      data-orientation={orientation}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      className={cn(
        'inline-flex h-10 w-fit max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
        'data-[orientation=vertical]:h-auto data-[orientation=vertical]:flex-col data-[orientation=vertical]:items-stretch',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: Omit<React.ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const isActive = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={partId(tabs.baseId, 'tab', value)}
      aria-selected={isActive}
      aria-controls={partId(tabs.baseId, 'panel', value)}
      tabIndex={isActive ? 0 : -1}
      disabled={disabled}
      data-state={isActive ? 'active' : 'inactive'}
      data-orientation={tabs.orientation}
      data-disabled={disabled ? '' : undefined}
      data-slot="tabs-trigger"
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (!disabled && event.button === 0 && !event.ctrlKey) tabs.choose(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Enter' || event.key === ' ') tabs.choose(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) tabs.choose(value);
      }}
      className={cn(
        'inline-flex h-full flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium',
        'transition-[color,background-color,box-shadow] duration-150 hover:text-foreground',
        'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-muted',
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
  value,
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'value'> & { value: string }) {
  const tabs = useTabs('TabsContent');
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={partId(tabs.baseId, 'panel', value)}
      aria-labelledby={partId(tabs.baseId, 'tab', value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel in the tab order, so Tab goes from the tabs to what they show
      tabIndex={0}
      data-state="active"
      data-orientation={tabs.orientation}
      data-slot="tabs-content"
      className={cn(
        'flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}
