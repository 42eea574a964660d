/**
 * The dashboard (000 §2, §8, §9, D20, D38): its sections, which each user may hide, show and
 * reorder (kept with the user on the server, so every device shows the same dashboard), and its
 * texts.
 */
import type { z } from 'zod';
import { DASHBOARD_SECTIONS, type DashboardSectionId } from './rules/dashboard';
import type { sectionSchema } from './schemas/dashboard';

export type { DashboardSectionId } from './rules/dashboard';

export const DASHBOARD_SECTION_LABELS: Record<DashboardSectionId, string> = {
  summary: 'Summary',
  vehicles: 'My Vehicles',
  recentActivity: 'Recent Activity',
  upcomingServices: 'Upcoming Services',
};
type DashboardSection = z.infer<typeof sectionSchema>;
export type DashboardLayout = DashboardSection[];

export const DEFAULT_DASHBOARD_LAYOUT: DashboardLayout = DASHBOARD_SECTIONS.map((id) => ({
  id,
  isVisible: true,
}));

/** Moves the section at `from` to `to` (both clamped); the others keep their order. */
export function moveDashboardSection(
  layout: DashboardLayout,
  from: number,
  to: number,
): DashboardLayout {
  const target = Math.max(0, Math.min(layout.length - 1, to));
  if (from === target || from < 0 || from >= layout.length) return layout;
  const next = [...layout];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** 000 §2, §8, 001 §8: the dashboard's texts. */
export const DASHBOARD_TEXTS = {
  subtitle: 'Here’s what is happening in your garage.',
  totalVehicles: 'Total Vehicles',
  upcomingServices: 'Upcoming Services',
  totalInvested: 'Total Invested',
  myVehicles: 'My Vehicles',
  recentActivity: 'Recent Activity',
  viewAllServices: 'View All Services',
  viewAllVehicles: 'View all vehicles',
  customize: 'Customize',
  customizeTitle: 'Customize your dashboard',
  customizeDescription:
    'Choose the sections you want to see and their order. Your dashboard looks the same on every device.',
  resetLayout: 'Reset to default',
  layoutSaved: 'Dashboard updated',
  layoutSaveFailed: 'Your dashboard layout could not be saved',
  allHidden: 'Every section is hidden. Customize your dashboard to bring them back.',
  firstVehicleTitle: 'Start your garage',
  firstVehicleText:
    'Add your first vehicle to track its maintenance, repairs, modifications and what it costs you.',
} as const;
