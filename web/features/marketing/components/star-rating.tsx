/** A 1–5 rating drawn as five stars (000 §9), read out as "5 out of 5 stars". */
import { cn } from '@web/lib/class-names';
import { Star } from 'lucide-react';

export const MAX_RATING = 5;

export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const value = Math.min(MAX_RATING, Math.max(1, Math.round(rating)));
  return (
    <div
      role="img"
      aria-label={`${value} out of ${MAX_RATING} stars`}
      className={cn('flex items-center gap-0.5', className)}
    >
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={index}
          aria-hidden="true"
          className={cn('size-4', index < value ? 'fill-warn text-warn' : 'fill-muted text-border')}
        />
      ))}
    </div>
  );
}
