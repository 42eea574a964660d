/**
 * Client-side navigation keeps the previous page's scroll position, so a public page that opens
 * (from a footer link, or `/#features` from a legal page) starts at its top, or at the section
 * its address names. Done once per page visit, instantly: the smooth scrolling of in-page links
 * would otherwise animate across the whole page.
 */
import { useEffect } from 'react';

export function useScrollOnArrival() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ behavior: 'instant', block: 'start' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);
}
