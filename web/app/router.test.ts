import { describe, expect, it } from 'vitest';
import { pageAt } from './router';

describe('pageAt: what a first load asks for before the page renders', () => {
  it("lists a signed-in page's first reads, by the keys its queries use", () => {
    expect(pageAt('/dashboard').data).toEqual([
      ['/api/vehicles'],
      ['/api/upcoming-maintenance'],
      ['/api/recent-activity'],
    ]);
    expect(pageAt('/vehicles').data).toEqual([['/api/vehicles'], ['/api/upcoming-maintenance']]);
    expect(pageAt('/records').data).toEqual([
      ['/api/records'],
      ['/api/vehicles'],
      ['/api/upcoming-maintenance'],
    ]);
    // The vehicle page reads its vehicle by a numeric id, as parseRouteId gives it.
    expect(pageAt('/vehicles/12').data).toEqual([
      ['/api/vehicles', 12],
      ['/api/vehicles', 12, 'images'],
      ['/api/upcoming-maintenance'],
      ['/api/vehicles'],
      ['/api/vehicles', 12, 'maintenance'],
      ['/api/vehicles', 12, 'repairs'],
      ['/api/vehicles', 12, 'modifications'],
    ]);
  });

  it("asks only for the shell's read where the page has nothing to read", () => {
    expect(pageAt('/vehicles/abc').data).toEqual([['/api/upcoming-maintenance']]);
    expect(pageAt('/vehicles/0').data).toEqual([['/api/upcoming-maintenance']]);
    expect(pageAt('/auth')).toMatchObject({ isSignedInPage: false, data: [] });
    expect(pageAt('/no/such/page')).toMatchObject({ isSignedInPage: false, data: [] });
  });
});
