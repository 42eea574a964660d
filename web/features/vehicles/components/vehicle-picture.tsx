/**
 * A vehicle's picture (001 §2): the stored image shown from `/uploads/` when it is not a path
 * (D14), or a placeholder car icon when there is none or it fails to load. Width and height are
 * always set so the page never shifts while images arrive. Shown large (`sizes` given), an
 * uploaded photo offers its display copy too, which a phone takes instead of the photo.
 */
import { largeImageSources } from '@contract/uploads';
import { cn } from '@web/lib/class-names';
import { Car } from 'lucide-react';
import { useState } from 'react';

export type VehiclePictureProps = {
  /** The stored image value (or thumbnail), null when the vehicle has none. */
  src: string | null;
  alt: string;
  className?: string;
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
  /** How wide the picture is shown, for a picture shown large; lists show thumbnails instead. */
  sizes?: string;
};

export function VehiclePicture({
  src,
  alt,
  className,
  width,
  height,
  loading = 'lazy',
  sizes,
}: VehiclePictureProps) {
  const sources = src ? largeImageSources(src) : null;
  const url = sources?.src ?? null;
  // Remembering which URL failed (rather than a flag) lets a new image try again by itself.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);

  if (!url || failedUrl === url) {
    const placeholderProps = {
      'data-testid': 'vehicle-picture-placeholder',
      className: cn(
        'flex items-center justify-center bg-muted text-muted-foreground/70',
        className,
      ),
      style: { aspectRatio: `${width} / ${height}` },
    };
    const icon = (
      <Car className="size-1/4 max-h-16 max-w-16 min-h-8 min-w-8" strokeWidth={1.5} aria-hidden />
    );
    // Without alt text the picture is decoration beside a title that already names the vehicle.
    return alt ? (
      <div role="img" aria-label={alt} {...placeholderProps}>
        {icon}
      </div>
    ) : (
      <div aria-hidden {...placeholderProps}>
        {icon}
      </div>
    );
  }

  return (
    <img
      src={url}
      srcSet={sizes ? sources?.srcSet : undefined}
      sizes={sizes && sources?.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      // A picture loaded eagerly is in the first screen, often its largest paint: it goes ahead
      // of images further down and of scripts fetched later.
      fetchPriority={loading === 'eager' ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedUrl(url)}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
