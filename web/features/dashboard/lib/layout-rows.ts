/**
 * The dashboard's rows from the user's layout (D38): hidden sections drop out, and Recent
 * Activity and Upcoming Services sit side by side (000 §2) whenever the user keeps them next to
 * each other; every other section takes a row of its own.
 */
import {
  type DashboardLayout,
  type DashboardSectionId,
  DEFAULT_DASHBOARD_LAYOUT,
} from '@contract/dashboard';

/** Below the md breakpoint (768 px): the width at which the dashboard is one column. */
export const PHONE_WIDTH = '(max-width: 767.98px)';

/**
 * A phone's default (decision 037): what is due comes before the vehicle cards, which fill a
 * phone's screen several times over; the rest keeps the default order.
 */
export const PHONE_DEFAULT_DASHBOARD_LAYOUT: DashboardLayout = [
  { id: 'summary', isVisible: true },
  { id: 'upcomingServices', isVisible: true },
  { id: 'vehicles', isVisible: true },
  { id: 'recentActivity', isVisible: true },
];

/** The layout the page shows: the user's own once they saved one, else the width's default. */
export function shownDashboardLayout(
  user: { dashboardLayout: DashboardLayout; hasArrangedDashboard: boolean },
  isPhone: boolean,
): DashboardLayout {
  if (user.hasArrangedDashboard) return user.dashboardLayout;
  return isPhone ? PHONE_DEFAULT_DASHBOARD_LAYOUT : DEFAULT_DASHBOARD_LAYOUT;
}

const HALF_WIDTH: ReadonlySet<DashboardSectionId> = new Set(['recentActivity', 'upcomingServices']);

export function dashboardRows(layout: DashboardLayout): DashboardSectionId[][] {
  const visible = layout.filter((section) => section.isVisible).map((section) => section.id);
  const rows: DashboardSectionId[][] = [];
  for (let index = 0; index < visible.length; index += 1) {
    const id = visible[index]!;
    const next = visible[index + 1];
    if (HALF_WIDTH.has(id) && next && HALF_WIDTH.has(next)) {
      rows.push([id, next]);
      index += 1;
    } else {
      rows.push([id]);
    }
  }
  return rows;
}
