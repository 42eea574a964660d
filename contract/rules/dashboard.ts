/**
 * What the schemas check with of `dashboard.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here and `dashboard.ts` passes on those its readers use, so a
 * file and its schema never import each other.
 */

/** 000 §2: the dashboard's sections, in their default order. */
export const DASHBOARD_SECTIONS = [
  'summary',
  'vehicles',
  'recentActivity',
  'upcomingServices',
] as const;
export type DashboardSectionId = (typeof DASHBOARD_SECTIONS)[number];
