/**
 * `GET /api/site`: public facts of this installation, read before anyone signs in. Today that is
 * the support address (D2) shown in the landing footer and on both legal pages.
 */
import type { SiteInfo } from '@contract/site';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The app's default query function fetches the key as a path and answers null on failure. */
export const siteInfoQueryOptions = queryOptions<SiteInfo | null>({ queryKey: ['/api/site'] });

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions);
}
