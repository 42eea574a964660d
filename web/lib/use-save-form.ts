/**
 * The one write path of the web's forms: it runs a save, says while it is pending, and answers a
 * failed save in one place. A 402 opens the plan's upgrade question (no toast); otherwise the
 * server's field messages (D11) go under the form's fields and a toast says what was not saved,
 * with the server's sentence or the form's fallback. A form can answer one failure itself first
 * (the odometer question of decision 068) through `onError`.
 */

import { toast } from '@web/components/ui/use-toast';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage, fieldErrors } from './api-client';

/**
 * The toast of a save that failed: its title, and the description when the server sent none; or,
 * for a form whose wording depends on the failure, the toast it makes of the error.
 */
export type FailedToastText =
  | { title: string; fallback: string }
  | ((error: unknown) => { title: string; description: string });

/** What a failed save shows: the upgrade question, or field messages and a toast. */
export type SaveFailure<Field extends string> =
  | { kind: 'planLimit' }
  | {
      kind: 'shown';
      fields: { field: Field; message: string }[];
      toast: { title: string; description: string };
    };

/**
 * How a failed save is answered. A 402 is the plan's limit only where the form can offer the
 * upgrade (`hasPlanLimit`); elsewhere it is shown like any other failure. `fieldOf` turns the
 * API's field names into the form's; it answers null for a field the form does not show.
 */
export function saveFailureOf<Field extends string>(
  error: unknown,
  {
    hasPlanLimit,
    fieldOf,
    failedToast,
  }: {
    hasPlanLimit: boolean;
    fieldOf: (apiField: string) => Field | null;
    failedToast: FailedToastText;
  },
): SaveFailure<Field> {
  if (hasPlanLimit && error instanceof ApiError && error.status === 402) {
    return { kind: 'planLimit' };
  }
  const fields = Object.entries(fieldErrors(error)).flatMap(([apiField, message]) => {
    const field = fieldOf(apiField);
    return field === null ? [] : [{ field, message }];
  });
  return {
    kind: 'shown',
    fields,
    toast:
      typeof failedToast === 'function'
        ? failedToast(error)
        : { title: failedToast.title, description: errorMessage(error, failedToast.fallback) },
  };
}

export function useSaveForm<Values extends FieldValues>({
  form,
  fieldOf = (apiField) => apiField as Path<Values>,
  onPlanLimit,
  onError,
  failedToast,
  onPendingChange,
}: {
  form?: UseFormReturn<Values>;
  fieldOf?: (apiField: string) => Path<Values> | null;
  onPlanLimit?: () => void;
  /** Answers a failure before the rest; true when it did (nothing else is shown then). */
  onError?: (error: unknown) => boolean;
  failedToast: FailedToastText;
  onPendingChange?: (isPending: boolean) => void;
}) {
  const [isPending, setPendingState] = useState(false);
  const setPending = (next: boolean) => {
    setPendingState(next);
    onPendingChange?.(next);
  };

  /** Runs `save`; answers whether it succeeded, after the failure has been shown. */
  const run = async <Answer>(
    save: () => Promise<Answer>,
  ): Promise<{ saved: true; answer: Answer } | { saved: false }> => {
    setPending(true);
    let answer: Answer;
    try {
      answer = await save();
    } catch (error) {
      setPending(false);
      if (onError?.(error)) return { saved: false };
      const failure = saveFailureOf(error, {
        hasPlanLimit: onPlanLimit !== undefined,
        fieldOf,
        failedToast,
      });
      if (failure.kind === 'planLimit') {
        onPlanLimit?.();
        return { saved: false };
      }
      for (const { field, message } of failure.fields) form?.setError(field, { message });
      toast({ variant: 'destructive', ...failure.toast });
      return { saved: false };
    }
    setPending(false);
    return { saved: true, answer };
  };

  return { isPending, setPending, run };
}
