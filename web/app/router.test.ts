import { PREFERENCES_QUERY_KEY } from '@web/lib/preferences';
import { describe, expect, it } from 'vitest';
import { pageAt } from './router';

/** The shell's reads, after the page's own: what is due (D18) and the user's units (D49). */
const SHELL = [['/api/upcoming-maintenance'], ['/api/user', 'preferences']];

describe('pageAt: what a first load asks for before the page renders', () => {
  it("lists a signed-in page's first reads, by the keys its queries use", () => {
    expect(pageAt('/dashboard').data).toEqual([
      ['/api/vehicles'],
      ['/api/upcoming-maintenance'],
      ['/api/recent-activity'],
      ['/api/user', 'preferences'],
    ]);
    expect(pageAt('/vehicles').data).toEqual([['/api/vehicles'], ...SHELL]);
    // Decision 057: the records' first page is read by the page's own paged query, which the
    // server preloads by its path; the app's cache is warmed only for the reads keyed alike.
    expect(pageAt('/records').data).toEqual([['/api/vehicles'], ...SHELL]);
    // The vehicle page reads its vehicle by a numeric id, as parseRouteId gives it.
    expect(pageAt('/vehicles/12').data).toEqual([
      ['/api/vehicles', 12],
      ['/api/vehicles', 12, 'images'],
      ['/api/upcoming-maintenance'],
      ['/api/vehicles'],
      // Its records' first page is read by the tabs' own paged query (decision 057).
      ['/api/user', 'preferences'],
    ]);
  });

  it('warms the preferences under the key the app’s own query uses', () => {
    expect(pageAt('/vehicles').data).toContainEqual([...PREFERENCES_QUERY_KEY]);
  });

  it("asks only for the shell's reads where the page has nothing to read", () => {
    expect(pageAt('/vehicles/abc').data).toEqual(SHELL);
    expect(pageAt('/vehicles/0').data).toEqual(SHELL);
    expect(pageAt('/auth')).toMatchObject({ isSignedInPage: false, data: [] });
    expect(pageAt('/no/such/page')).toMatchObject({ isSignedInPage: false, data: [] });
  });
});
