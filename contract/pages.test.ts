import { describe, expect, it } from 'vitest';
import { ID_MAX } from './common';
import { firstReadsToWarm, PAGES, pageAtPath, parseRouteId } from './pages';

describe('parseRouteId', () => {
  it('reads a numeric id', () => {
    expect(parseRouteId('42')).toBe(42);
    expect(parseRouteId('007')).toBe(7);
  });

  it('refuses what is not an id', () => {
    for (const segment of [
      undefined,
      '',
      'abc',
      '12a',
      '1.5',
      '-3',
      '0',
      '1e3',
      ' 4',
      '99999999999',
    ]) {
      expect(parseRouteId(segment), String(segment)).toBeNull();
    }
  });

  it('takes the ids idSchema takes, up to the largest one', () => {
    expect(parseRouteId(String(ID_MAX))).toBe(ID_MAX);
    expect(parseRouteId(String(ID_MAX + 1))).toBeNull();
  });
});

describe('pageAtPath: the page a path opens and what it first reads', () => {
  it("fills the path's id into the reads", () => {
    expect(pageAtPath('/vehicles/12')).toEqual({
      module: 'vehicle-detail-page',
      isSignedInPage: true,
      routeId: 12,
      firstReads: [
        '/api/vehicles/12',
        '/api/vehicles/12/images',
        '/api/upcoming-maintenance',
        '/api/vehicles',
        '/api/vehicles/12/records/page',
        '/api/user/preferences',
      ],
    });
    expect(pageAtPath('/vehicles/007').firstReads[0]).toBe('/api/vehicles/7');
  });

  it("adds the shell's reads of what is due and of the user's units to every signed-in page, once", () => {
    expect(pageAtPath('/vehicles').firstReads).toEqual([
      '/api/vehicles',
      '/api/upcoming-maintenance',
      '/api/user/preferences',
    ]);
    expect(pageAtPath('/account').firstReads).toEqual([
      '/api/upcoming-maintenance',
      '/api/user/preferences',
    ]);
    expect(pageAtPath('/dashboard').firstReads).toEqual([
      '/api/vehicles',
      '/api/upcoming-maintenance',
      '/api/recent-activity',
      '/api/user/preferences',
    ]);
  });

  it('reads nothing for an id that is no id, and knows no page for an unknown path', () => {
    expect(pageAtPath('/vehicles/abc')).toMatchObject({
      module: 'vehicle-detail-page',
      routeId: null,
      firstReads: ['/api/upcoming-maintenance', '/api/user/preferences'],
    });
    expect(pageAtPath('/vehicles/1/edit/more')).toEqual({
      module: 'not-found-page',
      isSignedInPage: false,
      firstReads: [],
      routeId: null,
    });
    expect(pageAtPath('/auth')).toMatchObject({ isSignedInPage: false, firstReads: [] });
  });

  it('lists reads only for signed-in pages, and only API reads', () => {
    for (const page of PAGES) {
      if (page.guard !== 'signed-in') expect(page.firstReads, page.pattern).toEqual([]);
      for (const read of page.firstReads) expect(read, page.pattern).toMatch(/^\/api\//);
    }
  });
});

describe('PAGES: the one table of pages', () => {
  it('declares each path once, redirects to a page of the table, props only where a page takes them', () => {
    const patterns = PAGES.map((page) => page.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const page of PAGES) {
      if (page.guard !== 'redirect') {
        expect(page.redirectTo, page.pattern).toBeUndefined();
        continue;
      }
      const target = PAGES.find((entry) => entry.pattern === page.redirectTo?.split('?')[0]);
      expect(target?.module, page.pattern).toBe(page.module);
      expect(page.firstReads, page.pattern).toEqual([]);
    }
    const withProps = PAGES.filter((page) => page.props).map((page) => page.pattern);
    expect(withProps).toEqual(['/debug/maintenance', '/raw-maintenance', '/direct-maintenance']);
  });

  it("opens a redirect's page, behind its guard, with the shell's reads alone", () => {
    expect(pageAtPath('/documents')).toEqual({
      module: 'records-page',
      isSignedInPage: true,
      routeId: null,
      firstReads: ['/api/upcoming-maintenance', '/api/user/preferences'],
    });
  });
});

describe('firstReadsToWarm: what the app asks for ahead, through its shared cache', () => {
  it('leaves out the reads a page asks through its own query, and only those', () => {
    expect(pageAtPath('/expenses').firstReads).toEqual([
      '/api/expenses',
      '/api/upcoming-maintenance',
      '/api/user/preferences',
    ]);
    expect(firstReadsToWarm('/expenses')).toEqual([
      '/api/upcoming-maintenance',
      '/api/user/preferences',
    ]);
    // The vehicle's record tabs read their first page through an infinite query of their own.
    expect(firstReadsToWarm('/vehicles/3')).toEqual(
      pageAtPath('/vehicles/3').firstReads.filter(
        (read) => read !== '/api/vehicles/3/records/page',
      ),
    );
    // An import's preview is read through a query that throws, so it can say why it failed.
    expect(pageAtPath('/account/imports/7')).toMatchObject({
      module: 'import-preview-page',
      firstReads: [
        '/api/imports/7',
        '/api/vehicles',
        '/api/upcoming-maintenance',
        '/api/user/preferences',
      ],
    });
    expect(firstReadsToWarm('/account/imports/7')).toEqual([
      '/api/vehicles',
      '/api/upcoming-maintenance',
      '/api/user/preferences',
    ]);
    for (const page of PAGES) {
      for (const read of page.ownQueries ?? []) expect(page.firstReads).toContain(read);
    }
  });
});
