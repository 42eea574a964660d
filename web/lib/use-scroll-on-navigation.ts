/**
 * Client-side navigation keeps the previous page's scroll position, so every page that opens
 * starts at its top, or at the section its address names (`/#features` from a legal page).
 * Done once per path, instantly: the smooth scrolling of in-page links would otherwise animate
 * across the whole page. Pages load lazily, so the named section may appear a moment after the
 * path changes: it is awaited (briefly) rather than missed.
 */
import { useEffect } from 'react';

/** How long a named section may take to appear (a lazily loaded page) before we give up. */
const SECTION_WAIT_MS = 5000;

export function useScrollOnNavigation(path: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the path changes
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const scrollToSection = () => {
      const target = id ? document.getElementById(id) : null;
      target?.scrollIntoView({ behavior: 'instant', block: 'start' });
      return target !== null;
    };
    if (!id || !scrollToSection()) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (!id || document.getElementById(id)) return;

    const observer = new MutationObserver(() => {
      if (scrollToSection()) stop();
    });
    const timer = setTimeout(() => stop(), SECTION_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [path]);
}
