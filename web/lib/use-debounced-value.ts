/** `value` once it has held still for `delay` ms: a search typed key by key asks once. */
import { useEffect, useState } from 'react';

/** A search typed key by key asks the server once it pauses this long (ms). */
export const SEARCH_PAUSE_MS = 250;

export function useDebouncedValue<Value>(value: Value, delay: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
