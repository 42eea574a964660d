/**
 * Month calendar on react-day-picker, styled entirely with Tailwind (the library's CSS is not
 * loaded). Owns the date bounds of decision D29 so every picker offers the same years and no
 * picker can produce a date the API would reject.
 */

import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/class-names';
import { userWeekStartsOn } from '@web/lib/week-start';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon } from 'lucide-react';
import type * as React from 'react';
import { type ChevronProps, DayPicker, type Matcher } from 'react-day-picker';

/** D29: the earliest date any picker accepts. */
export const EARLIEST_DATE = new Date(1900, 0, 1);
/** D29: the latest date any picker accepts. */
export const LATEST_DATE = new Date(2100, 11, 31);

/**
 * D29: the span the month/year dropdowns offer by default, the 31 years ending at the current
 * year plus the next 5 (service dates ahead, purchase dates far back), instead of the library's
 * 100 past years that make the year list tedious to scroll.
 */
export function pickerYearRange(today = new Date()) {
  return {
    startMonth: new Date(today.getFullYear() - 30, 0, 1),
    endMonth: new Date(today.getFullYear() + 5, 11, 31),
  };
}

const BOUNDS: Matcher[] = [{ before: EARLIEST_DATE }, { after: LATEST_DATE }];

function CalendarChevron({ className, orientation }: ChevronProps) {
  const Icon =
    orientation === 'left'
      ? ChevronLeftIcon
      : orientation === 'right'
        ? ChevronRightIcon
        : orientation === 'up'
          ? ChevronUpIcon
          : ChevronDownIcon;
  return <Icon className={cn('size-4', className)} aria-hidden />;
}

export function Calendar({
  className,
  classNames,
  components,
  showOutsideDays = true,
  captionLayout = 'dropdown',
  startMonth,
  endMonth,
  disabled,
  ...props
}: React.ComponentProps<typeof DayPicker>) {
  const range = pickerYearRange();
  // Callers add their own rules (e.g. "not in the future"); the D29 bounds always apply too.
  const mergedDisabled: Matcher[] =
    disabled === undefined
      ? BOUNDS
      : [...BOUNDS, ...(Array.isArray(disabled) ? disabled : [disabled])];

  return (
    <DayPicker
      data-slot="calendar"
      showOutsideDays={showOutsideDays}
      captionLayout={captionLayout}
      startMonth={startMonth ?? range.startMonth}
      endMonth={endMonth ?? range.endMonth}
      disabled={mergedDisabled}
      // Weeks start on the day the user's region starts them (Monday unless it says otherwise).
      weekStartsOn={userWeekStartsOn()}
      className={cn('w-fit p-3 text-sm [--cell-size:2.25rem]', className)}
      classNames={{
        root: 'relative',
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'flex w-full flex-col gap-3',
        // The nav floats over the caption row; the caption is padded so the dropdowns sit
        // between the arrows, and they stay clickable because their root is positioned later.
        nav: 'absolute inset-x-0 top-0 flex h-(--cell-size) w-full items-center justify-between gap-1',
        button_previous: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-(--cell-size) select-none p-0 aria-disabled:opacity-40',
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-(--cell-size) select-none p-0 aria-disabled:opacity-40',
        ),
        month_caption: 'flex h-(--cell-size) w-full items-center justify-center px-(--cell-size)',
        caption_label: cn(
          'select-none font-medium text-foreground',
          captionLayout === 'label'
            ? 'text-sm'
            : 'flex h-8 items-center gap-1 rounded-md pr-1.5 pl-2 text-sm [&>svg]:size-3.5 [&>svg]:text-muted-foreground',
        ),
        dropdowns: 'flex h-(--cell-size) w-full items-center justify-center gap-1.5 text-sm',
        // The native <select> stays for accessibility and mobile pickers but is transparent,
        // laid over the caption label that shows the value and chevron.
        dropdown_root:
          'relative rounded-md border border-input bg-card shadow-card has-focus-visible:border-ring has-focus-visible:ring-3 has-focus-visible:ring-ring/25 hover:bg-accent',
        dropdown: 'absolute inset-0 w-full cursor-pointer appearance-none bg-popover opacity-0',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday:
          'flex w-(--cell-size) select-none items-center justify-center text-[0.8rem] font-normal text-muted-foreground',
        week: 'mt-1 flex w-full',
        week_number_header: 'w-(--cell-size) select-none',
        week_number:
          'flex size-(--cell-size) select-none items-center justify-center text-[0.8rem] text-muted-foreground',
        day: 'group/day relative size-(--cell-size) select-none p-0 text-center',
        day_button: cn(
          'inline-flex size-(--cell-size) cursor-pointer items-center justify-center rounded-md text-sm font-normal text-foreground',
          'transition-colors hover:bg-accent hover:text-accent-foreground',
          'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
          'group-data-today/day:font-semibold group-data-today/day:text-primary',
          'group-data-selected/day:bg-primary group-data-selected/day:font-medium group-data-selected/day:text-primary-foreground group-data-selected/day:hover:bg-primary-hover group-data-selected/day:hover:text-primary-foreground',
          'group-data-outside/day:text-muted-foreground group-data-outside/day:opacity-60',
          'disabled:cursor-not-allowed disabled:text-muted-foreground disabled:line-through disabled:opacity-40 disabled:hover:bg-transparent',
        ),
        range_start: 'rounded-l-md bg-accent',
        range_middle:
          'bg-accent [&>button]:rounded-none [&>button]:bg-transparent! [&>button]:text-accent-foreground!',
        range_end: 'rounded-r-md bg-accent',
        selected: '',
        today: 'rounded-md bg-muted',
        outside: 'aria-selected:opacity-100',
        disabled: 'opacity-100',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron, ...components }}
      {...props}
    />
  );
}
