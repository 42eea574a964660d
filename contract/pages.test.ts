import { describe, expect, it } from 'vitest';
import { ID_MAX } from './common';
import { PAGES, pageAtPath, parseRouteId } from './pages';

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
      ],
    });
    expect(pageAtPath('/vehicles/007').firstReads[0]).toBe('/api/vehicles/7');
  });

  it("adds the shell's read of what is due to every signed-in page, once", () => {
    expect(pageAtPath('/vehicles').firstReads).toEqual([
      '/api/vehicles',
      '/api/upcoming-maintenance',
    ]);
    expect(pageAtPath('/account').firstReads).toEqual(['/api/upcoming-maintenance']);
    expect(pageAtPath('/dashboard').firstReads).toEqual([
      '/api/vehicles',
      '/api/upcoming-maintenance',
      '/api/recent-activity',
    ]);
  });

  it('reads nothing for an id that is no id, and knows no page for an unknown path', () => {
    expect(pageAtPath('/vehicles/abc')).toMatchObject({
      module: 'vehicle-detail-page',
      routeId: null,
      firstReads: ['/api/upcoming-maintenance'],
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
      if (!page.isSignedInPage) expect(page.firstReads, page.pattern).toEqual([]);
      for (const read of page.firstReads) expect(read, page.pattern).toMatch(/^\/api\//);
    }
  });
});
