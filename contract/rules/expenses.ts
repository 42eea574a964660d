/**
 * What the schemas check with of `expenses.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here and `expenses.ts` passes on those its readers use, so a
 * file and its schema never import each other.
 */

export const EXPENSE_MESSAGES = {
  periodOrder: 'The start of the period must be on or before its end',
  /** D37: a period and the export are Premium. */
  periodPremium: 'Choosing a period is part of Premium analytics. Upgrade to Premium to use it.',
  exportPremium: 'Exporting expenses is part of Premium analytics. Upgrade to Premium to use it.',
} as const;
