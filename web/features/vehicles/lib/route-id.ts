/**
 * The vehicle id of a route such as `/vehicles/{id}/edit` (001 §2): digits only, as a positive
 * id the server could hold; anything else ('abc', '1.5', '0', '1e3') is no vehicle id at all.
 * Free of zod, so the app's router can read ids before any page's code has arrived.
 */

/** The largest id a column holds, as `ID_MAX` in contract/common.ts (which brings zod). */
const LARGEST_ID = 2_147_483_647;

export function parseRouteId(segment: string | undefined): number | null {
  if (!segment || !/^\d+$/.test(segment)) return null;
  const id = Number(segment);
  return id >= 1 && id <= LARGEST_ID ? id : null;
}
