/**
 * What the schedule form and the Mark done form hold, as typed, and where they start (decision
 * 054). The contract's schemas judge them as they are sent (`scheduleInputSchema`,
 * `scheduleCompletionSchema`: digits become numbers, '' means none), so the form shows the
 * server's own messages on the same fields.
 */
import type { Schedule } from '@contract/schedules';
import { scheduleCompletionSchema, scheduleInputSchema } from '@contract/schemas/schedules';
import { z } from 'zod';

export type ScheduleFormValues = {
  title: string;
  category: string;
  intervalMonths: string;
  /** In the vehicle's odometer unit. */
  intervalDistance: string;
  firstDueDate: string;
  firstDueOdometer: string;
  lastDoneDate: string;
  lastDoneOdometer: string;
  fixedIntervals: boolean;
};

const text = (value: number | string | null) => (value === null ? '' : String(value));

/** A new schedule starts empty; an edit shows what is stored, the filled-in first due point too. */
export function scheduleFormDefaults(schedule?: Schedule): ScheduleFormValues {
  return {
    title: schedule?.title ?? '',
    category: schedule?.category ?? '',
    intervalMonths: text(schedule?.intervalMonths ?? null),
    intervalDistance: text(schedule?.intervalDistance ?? null),
    firstDueDate: text(schedule?.firstDueDate ?? null),
    firstDueOdometer: text(schedule?.firstDueOdometer ?? null),
    lastDoneDate: text(schedule?.lastDoneDate ?? null),
    lastDoneOdometer: text(schedule?.lastDoneOdometer ?? null),
    fixedIntervals: schedule?.fixedIntervals ?? false,
  };
}

/** The form's fields by the API's names: a server message of any other goes on the intervals. */
export function scheduleFieldOf(apiField: string): keyof ScheduleFormValues {
  const fields = scheduleFormDefaults();
  return (apiField in fields ? apiField : 'intervalMonths') as keyof ScheduleFormValues;
}

export type CompletionFormValues = {
  date: string;
  odometer: string;
  cost: string;
  notes: string;
};

/** Mark done starts on `today` (the user's day), the rest empty. */
export function completionFormDefaults(today: string): CompletionFormValues {
  return { date: today, odometer: '', cost: '', notes: '' };
}

/**
 * A form's schema: its values as typed, judged by the contract's schema of the payload they
 * become, each message on the field it names (`fieldOf` places the others).
 */
function judgedBy<Values extends Record<string, string | boolean>>(
  payloadSchema: z.ZodType,
  fields: Values,
  fieldOf: (apiField: string) => keyof Values,
) {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      typeof value === 'boolean' ? z.boolean() : z.string(),
    ]),
  );
  return z.object(shape).superRefine((values, refinement) => {
    const result = payloadSchema.safeParse(values);
    if (result.success) return;
    for (const issue of result.error.issues) {
      refinement.addIssue({
        code: 'custom',
        message: issue.message,
        path: [String(fieldOf(String(issue.path[0] ?? '')))],
      });
    }
  }) as unknown as z.ZodType<Values, Values>;
}

export const scheduleFormSchema = judgedBy(
  scheduleInputSchema,
  scheduleFormDefaults(),
  scheduleFieldOf,
);

/** The form's fields by the API's names (they are the same); any other goes on the date. */
export function completionFieldOf(apiField: string): keyof CompletionFormValues {
  const fields = completionFormDefaults('');
  return (apiField in fields ? apiField : 'date') as keyof CompletionFormValues;
}

export const completionFormSchema = judgedBy(
  scheduleCompletionSchema,
  completionFormDefaults(''),
  completionFieldOf,
);

/** The payload of `POST /api/vehicles/{id}/schedules` or `PATCH /api/schedules/{id}`. */
export const toSchedulePayload = (values: ScheduleFormValues) => scheduleInputSchema.parse(values);

/** The payload of `POST /api/schedules/{id}/complete`. */
export const toCompletionPayload = (values: CompletionFormValues) =>
  scheduleCompletionSchema.parse(values);
