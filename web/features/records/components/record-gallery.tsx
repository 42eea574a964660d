/**
 * A record's pictures (001 §2): thumbnails, and a viewer with previous, next (wrapping around),
 * an 'n / total' counter, the caption, and close.
 */
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { RECORD_STATE_TEXTS } from '../lib/record-texts';

export type GalleryImage = { key: string; src: string; thumbnail: string; caption: string | null };

export function RecordGallery({
  images,
  title,
}: {
  images: readonly GalleryImage[];
  title: string;
}) {
  const [index, setIndex] = useState<number | null>(null);
  if (images.length === 0) {
    return <p className="text-sm text-muted-foreground">{RECORD_STATE_TEXTS.noImage}</p>;
  }
  const current = index === null ? null : images[index];
  const step = (by: number) =>
    setIndex((at) => (at === null ? 0 : (at + by + images.length) % images.length));

  return (
    <>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Record images">
        {images.map((image, at) => (
          <li key={image.key}>
            <button
              type="button"
              onClick={() => setIndex(at)}
              className="block w-full cursor-zoom-in overflow-hidden rounded-md border border-border bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              aria-label={`Open image ${at + 1} of ${images.length}${image.caption ? `: ${image.caption}` : ''}`}
            >
              <img
                src={image.thumbnail}
                alt=""
                width={160}
                height={120}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>

      <Dialog
        open={current !== null && current !== undefined}
        onOpenChange={(open) => !open && setIndex(null)}
      >
        {current && (
          <DialogContent
            className="max-w-3xl gap-3 bg-ink p-3 text-white sm:p-4"
            showCloseButton={false}
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft') step(-1);
              if (event.key === 'ArrowRight') step(1);
            }}
          >
            <DialogTitle className="sr-only">Images of {title}</DialogTitle>
            <DialogDescription className="sr-only">
              Use the previous and next buttons or the arrow keys to browse.
            </DialogDescription>
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm tabular-nums" data-testid="gallery-counter">
                {(index ?? 0) + 1} / {images.length}
              </p>
              <Button
                variant="ghost"
                size="icon"
                className="text-white hover:bg-white/15 hover:text-white"
                aria-label="Close image viewer"
                onClick={() => setIndex(null)}
              >
                <X aria-hidden />
              </Button>
            </div>
            <figure className="grid gap-2">
              <img
                src={current.src}
                alt={current.caption ?? `Image ${(index ?? 0) + 1} of ${title}`}
                className="max-h-[65vh] w-full rounded-md object-contain"
              />
              <figcaption className="min-h-5 text-center text-sm text-white/85">
                {current.caption ?? ''}
              </figcaption>
            </figure>
            {images.length > 1 && (
              <div className="flex justify-between">
                <Button
                  variant="ghost"
                  className="text-white hover:bg-white/15 hover:text-white"
                  onClick={() => step(-1)}
                >
                  <ChevronLeft aria-hidden />
                  Previous
                </Button>
                <Button
                  variant="ghost"
                  className="text-white hover:bg-white/15 hover:text-white"
                  onClick={() => step(1)}
                >
                  Next
                  <ChevronRight aria-hidden />
                </Button>
              </div>
            )}
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
