/**
 * The zod schemas of `dashboard.ts`: what the server validates with and the API description is
 * generated from. Kept apart so that a page that only needs texts and types loads no zod.
 */
import { z } from 'zod';
import { DASHBOARD_SECTIONS, type DashboardSectionId } from '../rules/dashboard';

export const sectionSchema = z.object({
  id: z.enum(DASHBOARD_SECTIONS, { message: 'Unknown dashboard section' }),
  isVisible: z.boolean({ message: 'isVisible must be true or false' }),
});

/** D38: every section exactly once, in the order the user chose. */
export const dashboardLayoutSchema = z
  .array(sectionSchema)
  .refine(
    (sections) =>
      sections.length === DASHBOARD_SECTIONS.length &&
      new Set(sections.map((section) => section.id)).size === DASHBOARD_SECTIONS.length,
    { message: 'List every dashboard section exactly once' },
  );

/** `PUT /api/user/dashboard-layout`. */
export const dashboardLayoutInputSchema = z.object({ sections: dashboardLayoutSchema });

/** dashboard.ts's `DashboardLayout`, named from the schema here as dashboard.ts names it. */
type DashboardLayout = z.infer<typeof sectionSchema>[];

/**
 * A stored layout made whole: sections it names in its order (unknown and repeated ones dropped),
 * then any section it does not name yet (one added by a later version), shown.
 */
export function normalizeDashboardLayout(stored: unknown): DashboardLayout {
  const layout: DashboardLayout = [];
  const seen = new Set<DashboardSectionId>();
  if (Array.isArray(stored)) {
    for (const entry of stored) {
      const parsed = sectionSchema.safeParse(entry);
      if (!parsed.success || seen.has(parsed.data.id)) continue;
      seen.add(parsed.data.id);
      layout.push(parsed.data);
    }
  }
  for (const id of DASHBOARD_SECTIONS) {
    if (!seen.has(id)) layout.push({ id, isVisible: true });
  }
  return layout;
}
