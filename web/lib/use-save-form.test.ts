import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { saveFailureOf } from './use-save-form';

const failedToast = { title: 'Not logged', fallback: 'Please try again.' };
/** The API calls the fill-up's unit `unit`; the form shows it with the quantity. */
const fieldOf = (apiField: string) =>
  apiField === 'unit' ? 'quantity' : apiField === 'ignored' ? null : apiField;

function answer(status: number, body: unknown) {
  const text = JSON.stringify(body);
  const message = (body as { message?: string }).message ?? text;
  return new ApiError(status, text, message, body);
}

describe('saveFailureOf', () => {
  it('answers the plan limit for a 402, with no field messages and no toast', () => {
    const error = answer(402, { message: 'Your plan allows 2 vehicles.' });
    expect(saveFailureOf(error, { hasPlanLimit: true, fieldOf, failedToast })).toEqual({
      kind: 'planLimit',
    });
  });

  it('shows a 402 as a failure where the form offers no upgrade', () => {
    const error = answer(402, { message: 'Your plan allows 2 vehicles.' });
    expect(saveFailureOf(error, { hasPlanLimit: false, fieldOf, failedToast })).toEqual({
      kind: 'shown',
      fields: [],
      toast: { title: 'Not logged', description: 'Your plan allows 2 vehicles.' },
    });
  });

  it("puts a 400's field messages under the form's fields and shows the server's sentence", () => {
    const error = answer(400, {
      message: 'Check the highlighted fields.',
      errors: { date: 'The date is in the future.', unit: 'Choose a unit.', ignored: 'Hidden.' },
    });
    expect(saveFailureOf(error, { hasPlanLimit: true, fieldOf, failedToast })).toEqual({
      kind: 'shown',
      fields: [
        { field: 'date', message: 'The date is in the future.' },
        { field: 'quantity', message: 'Choose a unit.' },
      ],
      toast: { title: 'Not logged', description: 'Check the highlighted fields.' },
    });
  });

  it('shows the fallback when the server sent no sentence', () => {
    const error = new ApiError(500, '', '', undefined, 'Internal Server Error');
    expect(saveFailureOf(error, { hasPlanLimit: true, fieldOf, failedToast })).toEqual({
      kind: 'shown',
      fields: [],
      toast: { title: 'Not logged', description: 'Please try again.' },
    });
  });

  it('lets a form word the toast from the error', () => {
    const error = answer(400, { message: 'Bad date.', errors: { date: 'Bad date.' } });
    const worded = (failure: unknown) => ({
      title: 'Failed to add modification',
      description: `Failed to add modification: ${(failure as ApiError).status} Bad date.`,
    });
    expect(saveFailureOf(error, { hasPlanLimit: true, fieldOf, failedToast: worded })).toEqual({
      kind: 'shown',
      fields: [{ field: 'date', message: 'Bad date.' }],
      toast: {
        title: 'Failed to add modification',
        description: 'Failed to add modification: 400 Bad date.',
      },
    });
  });
});
