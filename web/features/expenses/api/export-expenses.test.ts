import { describe, expect, it } from 'vitest';
import { expensesExportUrl } from './export-expenses';

describe('expensesExportUrl', () => {
  // 11:30 pm on Nov 24 in the user's own calendar, whatever the machine's zone: already Nov 25
  // in UTC west of Greenwich, which is the day the server would otherwise name the file by.
  const lateEvening = new Date(2026, 10, 24, 23, 30);

  it('sends the user’s own calendar day, which names the file', () => {
    expect(expensesExportUrl({}, lateEvening)).toBe('/api/expenses/export.csv?day=2026-11-24');
  });

  it('keeps the page’s filters beside it', () => {
    expect(
      expensesExportUrl({ vehicleId: 7, from: '2026-01-01', to: '2026-11-24' }, lateEvening),
    ).toBe('/api/expenses/export.csv?vehicleId=7&from=2026-01-01&to=2026-11-24&day=2026-11-24');
  });
});
