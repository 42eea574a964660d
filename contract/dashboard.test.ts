import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_LAYOUT, moveDashboardSection } from './dashboard';
import { normalizeDashboardLayout } from './schemas/dashboard';

describe('moveDashboardSection', () => {
  const ids = (layout: { id: string }[]) => layout.map((section) => section.id);

  it('moves a section up and down, the others keeping their order', () => {
    expect(ids(moveDashboardSection(DEFAULT_DASHBOARD_LAYOUT, 3, 0))).toEqual([
      'upcomingServices',
      'summary',
      'vehicles',
      'recentActivity',
    ]);
    expect(ids(moveDashboardSection(DEFAULT_DASHBOARD_LAYOUT, 0, 2))).toEqual([
      'vehicles',
      'recentActivity',
      'summary',
      'upcomingServices',
    ]);
  });

  it('stays put past either end', () => {
    expect(moveDashboardSection(DEFAULT_DASHBOARD_LAYOUT, 0, -1)).toBe(DEFAULT_DASHBOARD_LAYOUT);
    expect(ids(moveDashboardSection(DEFAULT_DASHBOARD_LAYOUT, 3, 9))).toEqual(
      ids(DEFAULT_DASHBOARD_LAYOUT),
    );
  });
});

describe('normalizeDashboardLayout', () => {
  it('answers the default for nothing stored', () => {
    expect(normalizeDashboardLayout(null)).toEqual(DEFAULT_DASHBOARD_LAYOUT);
    expect(normalizeDashboardLayout({ summary: true })).toEqual(DEFAULT_DASHBOARD_LAYOUT);
  });

  it('keeps the stored order and visibility, and adds sections it lacks, shown', () => {
    expect(
      normalizeDashboardLayout([
        { id: 'vehicles', isVisible: false },
        { id: 'summary', isVisible: true },
      ]),
    ).toEqual([
      { id: 'vehicles', isVisible: false },
      { id: 'summary', isVisible: true },
      { id: 'recentActivity', isVisible: true },
      { id: 'upcomingServices', isVisible: true },
    ]);
  });
});
