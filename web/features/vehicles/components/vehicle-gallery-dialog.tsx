/**
 * The vehicle page's fullscreen image gallery (001 §2): one image at a time at full size with its
 * caption, previous and next that wrap around, the 'n / total' counter, the arrow keys or a
 * sideways swipe to step and Escape to close. 'No image available' when the vehicle has none.
 */
import { VEHICLE_TEXTS } from '@contract/vehicles';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@web/components/ui/dialog';
import { ChevronLeft, ChevronRight, ImageOff, X } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { type GalleryItem, galleryCounter, swipeStep, wrapIndex } from '../lib/vehicle-gallery';

/** The largest size a full image is re-encoded to (D15); the box scales it down to fit. */
const FULL_IMAGE = { width: 2560, height: 1920 } as const;

export type VehicleGalleryDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** '{year} {make} {model}', the gallery's title. */
  title: string;
  items: readonly GalleryItem[];
  /** The image shown first. */
  startIndex: number;
};

export function VehicleGalleryDialog({
  open,
  onOpenChange,
  title,
  items,
  startIndex,
}: VehicleGalleryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <GalleryContent title={title} items={items} startIndex={startIndex} />}
    </Dialog>
  );
}

function GalleryContent({
  title,
  items,
  startIndex,
}: Pick<VehicleGalleryDialogProps, 'title' | 'items' | 'startIndex'>) {
  const count = items.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), count - 1));
  const item = items[index];
  const canStep = count > 1;
  const step = (by: number) => setIndex((current) => wrapIndex(current, by, count));

  // Where the finger (or pen, or mouse) went down; the step is judged where it comes up.
  const swipeStart = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const startSwipe = (event: PointerEvent) => {
    if (!event.isPrimary) return;
    swipeStart.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const endSwipe = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!canStep || !start || start.pointerId !== event.pointerId) return;
    const by = swipeStep(event.clientX - start.x, event.clientY - start.y);
    if (by !== 0) step(by);
  };

  const stepWithKeys = (event: KeyboardEvent) => {
    if (!canStep) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };

  return (
    <DialogContent
      showCloseButton={false}
      // The caption, when there is one, is read with each image; the dialog needs no summary.
      aria-describedby={undefined}
      onKeyDown={stepWithKeys}
      className="inset-0 top-0 left-0 flex h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-0 bg-ink p-0 text-white shadow-none"
    >
      <div className="flex items-center gap-3 px-4 py-3 sm:px-6">
        <DialogTitle className="min-w-0 flex-1 truncate text-base font-semibold text-white">
          {title}
        </DialogTitle>
        {count > 0 && (
          <p
            data-testid="gallery-counter"
            aria-live="polite"
            className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium tabular-nums"
          >
            {galleryCounter(index, count)}
          </p>
        )}
        <DialogClose asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-10 rounded-full text-white hover:bg-white/15 hover:text-white"
            aria-label="Close the gallery"
          >
            <X className="size-5" aria-hidden />
          </Button>
        </DialogClose>
      </div>

      <div
        data-testid="gallery-stage"
        onPointerDown={startSwipe}
        onPointerUp={endSwipe}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        // Sideways movement is the gallery's; vertical panning and zoom stay the browser's.
        className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none sm:px-20"
      >
        {item ? (
          <img
            key={item.key}
            src={item.src}
            alt={item.caption?.trim() || `${title}, image ${index + 1} of ${count}`}
            width={FULL_IMAGE.width}
            height={FULL_IMAGE.height}
            decoding="async"
            // A mouse drag is a swipe too, not the browser's image drag.
            draggable={false}
            className="h-full max-h-full w-full object-contain"
          />
        ) : (
          <div className="flex flex-col items-center gap-3 text-white/70">
            <ImageOff className="size-12" strokeWidth={1.5} aria-hidden />
            <p className="text-base">{VEHICLE_TEXTS.noImage}</p>
          </div>
        )}
        {canStep && (
          <>
            <GalleryStepButton side="previous" onClick={() => step(-1)} />
            <GalleryStepButton side="next" onClick={() => step(1)} />
          </>
        )}
      </div>

      <div className="min-h-16 px-4 py-4 text-center sm:px-6">
        {item?.caption && (
          <p data-testid="gallery-caption" className="mx-auto max-w-2xl text-sm text-white/90">
            {item.caption}
          </p>
        )}
      </div>
    </DialogContent>
  );
}

function GalleryStepButton({ side, onClick }: { side: 'previous' | 'next'; onClick: () => void }) {
  const Icon = side === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={onClick}
      aria-label={side === 'previous' ? 'Previous image' : 'Next image'}
      className={
        side === 'previous'
          ? 'absolute top-1/2 left-2 size-11 -translate-y-1/2 rounded-full bg-black/40 text-white hover:bg-black/60 hover:text-white sm:left-4'
          : 'absolute top-1/2 right-2 size-11 -translate-y-1/2 rounded-full bg-black/40 text-white hover:bg-black/60 hover:text-white sm:right-4'
      }
    >
      <Icon className="size-6" aria-hidden />
    </Button>
  );
}
