import { describe, expect, it } from 'vitest';
import { type AmountTexts, amountOf, amountTriangle, derivedText, noteAmountEdit } from './amounts';

const texts = (quantity: string, unitPrice: string, totalCost: string): AmountTexts => ({
  quantity,
  unitPrice,
  totalCost,
});

describe('any two of quantity, price per unit and total (decision 050)', () => {
  it('derives nothing before two are typed', () => {
    expect(amountTriangle(texts('10.5', '', ''), ['quantity'])).toEqual({
      given: ['quantity'],
      derived: null,
      derivedValue: null,
    });
  });

  it('derives the total from a quantity and a price, to the cent', () => {
    // 10.5 gal × $3.459/gal = $36.3195 → $36.32.
    const triangle = amountTriangle(texts('10.5', '3.459', ''), ['quantity', 'unitPrice']);
    expect(triangle).toEqual({
      given: ['quantity', 'unitPrice'],
      derived: 'totalCost',
      derivedValue: 36.32,
    });
    expect(derivedText('totalCost', triangle.derivedValue)).toBe('36.32');
  });

  it('derives the price from a quantity and a total, to 3 decimals', () => {
    // $45.00 ÷ 12.345 gal = $3.6452004… → $3.645.
    const triangle = amountTriangle(texts('12.345', '', '$45.00'), ['totalCost', 'quantity']);
    expect(triangle.derived).toBe('unitPrice');
    expect(triangle.derivedValue).toBe(3.645);
  });

  it('lets the oldest typed amount become the derived one when the third is typed', () => {
    let typed = noteAmountEdit([], 'quantity', '10.5');
    typed = noteAmountEdit(typed, 'unitPrice', '3.459');
    typed = noteAmountEdit(typed, 'totalCost', '40');
    expect(typed).toEqual(['quantity', 'unitPrice', 'totalCost']);
    // $40.00 ÷ $3.459/gal = 11.5640358… gal → 11.564.
    const triangle = amountTriangle(texts('10.5', '3.459', '40'), typed);
    expect(triangle).toEqual({
      given: ['unitPrice', 'totalCost'],
      derived: 'quantity',
      derivedValue: 11.564,
    });
    expect(derivedText('quantity', triangle.derivedValue)).toBe('11.564');
  });

  it('forgets an amount that is emptied', () => {
    expect(noteAmountEdit(['quantity', 'unitPrice'], 'unitPrice', ' ')).toEqual(['quantity']);
  });

  it('shows nothing derived when the two given cannot make the third', () => {
    // A zero price leaves the quantity unknown.
    expect(
      amountTriangle(texts('', '0', '20'), ['unitPrice', 'totalCost']).derivedValue,
    ).toBeNull();
    expect(
      amountTriangle(texts('abc', '3', ''), ['quantity', 'unitPrice']).derivedValue,
    ).toBeNull();
  });

  it('reads amounts as people write them, a currency sign included', () => {
    expect(amountOf('$1,234.50')).toBe(1234.5);
    expect(amountOf('€ 3.5')).toBe(3.5);
    expect(amountOf('')).toBeNull();
    expect(amountOf('10,5')).toBeNull();
  });
});
