/** Whether the window has scrolled further than `threshold` pixels (000 §4's landing bar). */
import { useEffect, useState } from 'react';

export function useScrolledPast(threshold: number): boolean {
  const [isScrolledPast, setIsScrolledPast] = useState(false);
  useEffect(() => {
    const update = () => setIsScrolledPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return isScrolledPast;
}
