/**
 * Decision 068: the question a form asks when the server answers that its odometer does not fit
 * the vehicle's history (409, `ODOMETER_IMPLAUSIBLE`): why, what the history expected ("About
 * 11,750 km by your recent driving"), and "Save anyway", which sends the form again with
 * `confirmOdometer: true`. The server is the one judge; the form only shows its answer.
 */
import { ODOMETER_QUESTION_TEXTS, type OdometerQuestion } from '@contract/odometer';
import { odometerQuestionSchema } from '@contract/schemas/odometer';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/class-names';
import { formatDistance } from '@web/lib/format-units';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** The question a failed save carries, or null when it failed for another reason. */
export function odometerQuestionOf(error: unknown): OdometerQuestion | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = odometerQuestionSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** What the history expected, in the words the form shows. */
export function expectedOdometerText(question: OdometerQuestion): string {
  return question.expected === null
    ? ODOMETER_QUESTION_TEXTS.noExpectation
    : ODOMETER_QUESTION_TEXTS.expected(formatDistance(question.expected, question.unit));
}

/**
 * The question of a form's last save, forgotten when `watched` (the odometer and the date as
 * typed) changes: a new figure is a new answer for the server to judge.
 */
export function useOdometerQuestion(watched: readonly unknown[]) {
  const [question, setQuestion] = useState<OdometerQuestion | null>(null);
  const key = JSON.stringify(watched);
  const asked = useRef(key);
  useEffect(() => {
    if (asked.current !== key) setQuestion(null);
  }, [key]);
  return {
    question,
    /** Keeps the question of a failed save; answers whether there was one. */
    ask(error: unknown): boolean {
      const next = odometerQuestionOf(error);
      asked.current = key;
      setQuestion(next);
      return next !== null;
    },
    forget: () => setQuestion(null),
  };
}

export function OdometerQuestionNote({
  question,
  onSaveAnyway,
  isBusy,
  className,
}: {
  question: OdometerQuestion;
  onSaveAnyway: () => void;
  isBusy: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Asked after Save, possibly far below the field: brought into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div
      ref={ref}
      role="alert"
      data-testid="odometer-question"
      className={cn(
        'grid gap-2 rounded-lg border border-warn/40 bg-warn-soft px-3 py-3 text-sm text-foreground',
        className,
      )}
    >
      <p className="flex items-start gap-2 font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden />
        {question.message}
      </p>
      <p className="font-semibold tabular-nums">{expectedOdometerText(question)}</p>
      <p className="text-muted-foreground">{ODOMETER_QUESTION_TEXTS.hint}</p>
      <div>
        <Button type="button" variant="outline" onClick={onSaveAnyway} disabled={isBusy}>
          {ODOMETER_QUESTION_TEXTS.saveAnyway}
        </Button>
      </div>
    </div>
  );
}
