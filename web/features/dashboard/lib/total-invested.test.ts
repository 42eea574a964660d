import { describe, expect, it } from 'vitest';
import { totalInvested, totalPlanned } from './total-invested';

describe('totalInvested (000 §9)', () => {
  it('is 0 with no vehicles', () => {
    expect(totalInvested([])).toBe(0);
  });

  it('adds every vehicle’s figure exactly, to the cent', () => {
    expect(
      totalInvested([
        { id: 1, moneyInvested: 12_589.5 },
        { id: 2, moneyInvested: 0.1 },
        { id: 3, moneyInvested: 0.2 },
      ]),
    ).toBe(12_589.8);
  });

  it('counts a vehicle whose figure failed as 0, and logs it', () => {
    const logged: string[] = [];
    const total = totalInvested(
      [
        { id: 1, moneyInvested: 100 },
        { id: 7, moneyInvested: Number.NaN },
        { id: 8, moneyInvested: '250' },
        { id: 9, moneyInvested: null },
      ],
      (message) => logged.push(message),
    );
    expect(total).toBe(100);
    expect(logged).toEqual([
      'Vehicle 7: its investment could not be calculated; counted as 0',
      'Vehicle 8: its investment could not be calculated; counted as 0',
      'Vehicle 9: its investment could not be calculated; counted as 0',
    ]);
  });
});

describe('totalPlanned (D48)', () => {
  it('adds the vehicles’ planned expenses to the cent: 250.10 + 439.90 + 0 = 690.00', () => {
    expect(
      totalPlanned([
        { plannedExpenses: 250.1 },
        { plannedExpenses: 439.9 },
        { plannedExpenses: 0 },
      ]),
    ).toBe(690);
    expect(totalPlanned([])).toBe(0);
  });
});
