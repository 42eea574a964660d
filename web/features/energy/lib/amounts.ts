/**
 * The log form's three amounts (decision 050): quantity, price per unit and total cost. The two
 * typed last are the ones given; the third is shown derived, live, by the contract's
 * `completeAmounts` (the same rule the server stores by), and only the two given are sent. Typing
 * into the derived one makes it given and lets the oldest go.
 */
import { amountFromText } from '@contract/common';
import { completeAmounts } from '@contract/energy';

export const AMOUNT_FIELDS = ['quantity', 'unitPrice', 'totalCost'] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];
export type AmountTexts = Record<AmountField, string>;

/** The fields typed into, oldest first; a field emptied is no longer given. */
export function noteAmountEdit(
  typed: readonly AmountField[],
  field: AmountField,
  text: string,
): AmountField[] {
  const others = typed.filter((candidate) => candidate !== field);
  return text.trim() === '' ? others : [...others, field];
}

/** A typed amount as a number, or null when it is empty or not a number. */
export function amountOf(text: string): number | null {
  if (text.trim() === '') return null;
  const value = amountFromText(text.replace(/^\s*[$€£]/, ''));
  return Number.isFinite(value) ? value : null;
}

export type AmountTriangle = {
  /** The two amounts the user gave (the last two typed), or fewer. */
  given: AmountField[];
  /** The amount shown derived; null until two are given. */
  derived: AmountField | null;
  /** Its figure; null when the two given cannot make it (a zero, or not numbers). */
  derivedValue: number | null;
};

/** Which amounts are given and the third's figure, from the texts and the order they were typed. */
export function amountTriangle(texts: AmountTexts, typed: readonly AmountField[]): AmountTriangle {
  const given = typed.filter((field) => texts[field].trim() !== '').slice(-2);
  if (given.length < 2) return { given, derived: null, derivedValue: null };
  const derived = AMOUNT_FIELDS.find((field) => !given.includes(field)) ?? null;
  if (derived === null) return { given, derived, derivedValue: null };
  const amounts = Object.fromEntries(
    AMOUNT_FIELDS.map((field) => [field, given.includes(field) ? amountOf(texts[field]) : null]),
  ) as Record<AmountField, number | null>;
  const complete = completeAmounts(amounts);
  return {
    given,
    derived,
    derivedValue: typeof complete === 'string' ? null : complete[derived],
  };
}

/** A derived figure as the field shows it: money to the cent, a quantity or price to 3 decimals. */
export function derivedText(field: AmountField, value: number | null): string {
  if (value === null) return '';
  return field === 'totalCost' ? value.toFixed(2) : String(value);
}
