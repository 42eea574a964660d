/**
 * `GET /api/site`: public facts of this installation (D2's support address, D10's provider
 * account page). Several features read it, and features never import each other, so its one
 * endpoint file lives here.
 */
import type { SiteInfo } from '@contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The app's default query function fetches the key as a path and answers null on failure. */
export const siteInfoQueryOptions = queryOptions<SiteInfo | null>({ queryKey: ['/api/site'] });

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions);
}
