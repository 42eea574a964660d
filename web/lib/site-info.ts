/**
 * `GET /api/site`: public facts of this installation (D2's support address, D10's provider
 * account page). Several features read it, and features never import each other, so its one
 * endpoint file lives here. The landing page's footer reads it before any query cache exists
 * (decision 010), so it is read outside the query cache, once per page load: the facts do not
 * change while the app runs.
 */
import type { SiteInfo } from '@contract/site';
import { useEffect, useState } from 'react';
import { fetchJsonOrNull } from './api-client';

let siteInfoRead: Promise<SiteInfo | null> | null = null;

/** The facts, or null when the call fails (the next reader then asks again). */
export function fetchSiteInfo(): Promise<SiteInfo | null> {
  siteInfoRead ??= fetchJsonOrNull<SiteInfo>('/api/site').then((info) => {
    if (info === null) siteInfoRead = null;
    return info;
  });
  return siteInfoRead;
}

/** `data` is undefined while the call is under way, null when it failed. */
export function useSiteInfo(): { data: SiteInfo | null | undefined; isPending: boolean } {
  const [data, setData] = useState<SiteInfo | null | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    void fetchSiteInfo().then((info) => {
      if (isCurrent) setData(info);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return { data, isPending: data === undefined };
}
