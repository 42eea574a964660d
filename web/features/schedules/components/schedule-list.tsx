/**
 * A vehicle's service schedules as cards (decision 054): the title, the category and the
 * interval in words, the state as a badge (overdue marked like the app's other overdue items),
 * when it is next due and when it was last done; Mark done, Edit and Delete on each.
 */
import { SCHEDULE_STATE_LABELS, type Schedule, type ScheduleState } from '@contract/schedules';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/class-names';
import { CalendarClock, CircleCheck, Pencil, Trash2 } from 'lucide-react';
import { dueText, intervalText, lastDoneText } from '../lib/schedule-texts';

export type ScheduleActions = {
  onMarkDone: (schedule: Schedule) => void;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
};

/** Overdue in the warning colours of the app's other overdue marks; due soon softer. */
const STATE_BADGES: Record<ScheduleState, string> = {
  overdue: 'bg-warn-soft text-foreground font-semibold',
  dueSoon: 'bg-info-soft text-info',
  ok: 'bg-success-soft text-success',
};

function ScheduleCard({
  schedule,
  today,
  actions,
}: {
  schedule: Schedule;
  today: string;
  actions: ScheduleActions;
}) {
  const lastDone = lastDoneText(schedule);
  const headingId = `schedule-${schedule.id}-title`;
  const isDue = schedule.state !== 'ok';
  return (
    <li
      data-testid="schedule"
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg',
            schedule.state === 'overdue'
              ? 'bg-warn-soft text-warn'
              : 'bg-primary-soft text-primary',
          )}
        >
          <CalendarClock className="size-4" aria-hidden />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={headingId} className="text-base font-semibold">
              {schedule.title}
            </h3>
            <Badge
              data-testid="schedule-state"
              className={cn('rounded-full', STATE_BADGES[schedule.state])}
            >
              {SCHEDULE_STATE_LABELS[schedule.state]}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {schedule.category} · {intervalText(schedule)}
          </p>
          <p
            data-testid="schedule-due"
            className={cn(
              'text-sm tabular-nums',
              isDue ? 'font-semibold text-foreground' : 'font-medium text-foreground',
            )}
          >
            {dueText(schedule, today)}
          </p>
          {lastDone && (
            <p data-testid="schedule-last-done" className="text-sm text-muted-foreground">
              {lastDone}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-1 border-t border-border pt-3">
        <Button
          variant={isDue ? 'default' : 'outline'}
          size="sm"
          className="mr-auto"
          aria-label={`Mark done: ${schedule.title}`}
          onClick={() => actions.onMarkDone(schedule)}
        >
          <CircleCheck aria-hidden />
          Mark done
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Edit ${schedule.title}`}
          onClick={() => actions.onEdit(schedule)}
        >
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 text-destructive hover:bg-danger-soft hover:text-destructive"
          aria-label={`Delete ${schedule.title}`}
          onClick={() => actions.onDelete(schedule)}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

export function ScheduleList({
  schedules,
  today,
  actions,
}: {
  schedules: readonly Schedule[];
  /** The user's day, `yyyy-MM-dd`: an overdue date is said since when. */
  today: string;
  actions: ScheduleActions;
}) {
  return (
    <ul aria-label="Service schedules" className="grid gap-3">
      {schedules.map((schedule) => (
        <ScheduleCard key={schedule.id} schedule={schedule} today={today} actions={actions} />
      ))}
    </ul>
  );
}
