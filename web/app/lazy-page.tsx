/**
 * Each route is its own chunk (architecture convention 11, `lazyComponent`): the landing page
 * never downloads the signed-in app, and a heavy page weighs only on itself. While a chunk loads
 * the page shows nothing at first and a spinner only if the wait is long enough to notice, so
 * fast loads do not flash.
 */
import { Spinner } from '@web/components/ui/spinner';
import { useEffect, useState } from 'react';

/** How long a load may take before the spinner appears. */
export const LOADING_SPINNER_DELAY_MS = 300;

/** The Suspense fallback of pages: empty, then a centred spinner after the delay. */
export function PageLoading() {
  const [isVisible, setIsVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsVisible(true), LOADING_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      aria-busy="true"
      className="flex min-h-[60vh] w-full items-center justify-center text-primary"
    >
      {isVisible ? <Spinner size="lg" label="Loading the page" /> : null}
    </div>
  );
}
