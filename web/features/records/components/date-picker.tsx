/**
 * The record forms' date picker (001 §2, §5, D4, D29): a button showing the date as
 * 'MMM d, yyyy' that opens a calendar with month and year dropdowns (the years of D29), the
 * shortcuts Today, Yesterday, Last Week and Last Month, and Clear. Days before 1900-01-01 and
 * after 2100-12-31 cannot be chosen. The value is `yyyy-MM-dd`, or '' for none.
 */
import { Button } from '@web/components/ui/button';
import { Calendar } from '@web/components/ui/calendar';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { cn } from '@web/lib/class-names';
import { formatDate, parseCalendarDate, toCalendarDate } from '@web/lib/format';
import { useUserNow } from '@web/lib/today';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { dateShortcuts } from '../lib/date-shortcuts';

export type DatePickerProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

export function DatePicker({
  id,
  value,
  onChange,
  placeholder = 'Pick a date',
  disabled,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = parseCalendarDate(value) ?? undefined;
  // Decision 066: the user's today, not the device's, for the shortcuts and the month shown.
  const now = useUserNow();
  const [month, setMonth] = useState<Date>(selected ?? now);

  const choose = (date: Date | undefined) => {
    onChange(date ? toCalendarDate(date) : '');
    if (date) setMonth(date);
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setMonth(selected ?? now);
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          disabled={disabled}
          className={cn('w-full justify-start font-normal', !selected && 'text-muted-foreground')}
          {...aria}
        >
          <CalendarDays aria-hidden />
          {selected ? formatDate(selected) : placeholder}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <div className="flex flex-wrap gap-1.5 border-b border-border p-3">
          {dateShortcuts(now).map((shortcut) => (
            <Button
              key={shortcut.label}
              variant="secondary"
              size="sm"
              className="h-7 px-2 text-xs"
              onClick={() => choose(shortcut.date)}
            >
              {shortcut.label}
            </Button>
          ))}
        </div>
        <Calendar
          mode="single"
          selected={selected}
          onSelect={choose}
          month={month}
          onMonthChange={setMonth}
          today={now}
        />
        {selected && (
          <div className="border-t border-border p-2">
            <Button variant="ghost" size="sm" className="w-full" onClick={() => choose(undefined)}>
              Clear date
            </Button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
