import { DEFAULT_DASHBOARD_LAYOUT } from '@contract/dashboard';
import { describe, expect, it } from 'vitest';
import { dashboardRows, shownDashboardLayout } from './layout-rows';

describe('dashboardRows (D38)', () => {
  it('puts Recent Activity and Upcoming Services side by side by default', () => {
    expect(dashboardRows(DEFAULT_DASHBOARD_LAYOUT)).toEqual([
      ['summary'],
      ['vehicles'],
      ['recentActivity', 'upcomingServices'],
    ]);
  });

  it('leaves out hidden sections, and pairs the lists only when they are neighbours', () => {
    expect(
      dashboardRows([
        { id: 'upcomingServices', isVisible: true },
        { id: 'summary', isVisible: false },
        { id: 'recentActivity', isVisible: true },
        { id: 'vehicles', isVisible: true },
      ]),
    ).toEqual([['upcomingServices', 'recentActivity'], ['vehicles']]);
    expect(
      dashboardRows([
        { id: 'recentActivity', isVisible: true },
        { id: 'vehicles', isVisible: true },
        { id: 'upcomingServices', isVisible: true },
        { id: 'summary', isVisible: true },
      ]),
    ).toEqual([['recentActivity'], ['vehicles'], ['upcomingServices'], ['summary']]);
  });

  it('answers no rows when everything is hidden', () => {
    expect(
      dashboardRows(DEFAULT_DASHBOARD_LAYOUT.map((section) => ({ ...section, isVisible: false }))),
    ).toEqual([]);
  });
});

describe('shownDashboardLayout (decision 037)', () => {
  const ids = (layout: { id: string }[]) => layout.map((section) => section.id);
  const arranged = [
    { id: 'recentActivity', isVisible: true },
    { id: 'vehicles', isVisible: true },
    { id: 'summary', isVisible: false },
    { id: 'upcomingServices', isVisible: true },
  ] as const;

  it('puts Upcoming Services above the vehicles on a phone until the user arranges', () => {
    const unarranged = { dashboardLayout: DEFAULT_DASHBOARD_LAYOUT, hasArrangedDashboard: false };
    expect(ids(shownDashboardLayout(unarranged, true))).toEqual([
      'summary',
      'upcomingServices',
      'vehicles',
      'recentActivity',
    ]);
    expect(shownDashboardLayout(unarranged, false)).toEqual(DEFAULT_DASHBOARD_LAYOUT);
  });

  it('shows the user’s own order at every width', () => {
    const user = { dashboardLayout: [...arranged], hasArrangedDashboard: true };
    expect(shownDashboardLayout(user, true)).toEqual(arranged);
    expect(shownDashboardLayout(user, false)).toEqual(arranged);
  });
});
