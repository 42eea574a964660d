/**
 * 001 §2, §9: skeletons show for at most 3 seconds. True once `isWaiting` has lasted `ms`; back to
 * false as soon as the wait ends.
 */
import { useEffect, useState } from 'react';

export function useLoadingTimeout(isWaiting: boolean, ms: number): boolean {
  const [hasTimedOut, setHasTimedOut] = useState(false);
  useEffect(() => {
    if (!isWaiting) {
      setHasTimedOut(false);
      return;
    }
    const timer = setTimeout(() => setHasTimedOut(true), ms);
    return () => clearTimeout(timer);
  }, [isWaiting, ms]);
  return isWaiting && hasTimedOut;
}
