/**
 * The vehicle id of a route such as `/vehicles/{id}/edit` (001 §2): digits only, as a positive
 * id the server could hold; anything else ('abc', '1.5', '0', '1e3') is no vehicle id at all.
 */
import { idSchema } from '@contract/common';

export function parseRouteId(segment: string | undefined): number | null {
  if (!segment || !/^\d+$/.test(segment)) return null;
  const parsed = idSchema.safeParse(segment);
  return parsed.success ? parsed.data : null;
}
