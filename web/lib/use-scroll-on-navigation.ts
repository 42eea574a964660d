/**
 * Client-side navigation keeps the previous page's scroll position, so every page that opens
 * starts at its top, or at the section its address names (`/#features` from a legal page).
 * Done once per path, instantly: the smooth scrolling of in-page links would otherwise animate
 * across the whole page.
 */
import { useEffect } from 'react';

export function useScrollOnNavigation(path: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the path changes
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ behavior: 'instant', block: 'start' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [path]);
}
