/**
 * The dashboard's rows from the user's layout (D38): hidden sections drop out, and Recent
 * Activity and Upcoming Services sit side by side (000 §2) whenever the user keeps them next to
 * each other; every other section takes a row of its own.
 */
import type { DashboardLayout, DashboardSectionId } from '@contract/dashboard';

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
