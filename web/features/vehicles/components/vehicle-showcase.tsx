/**
 * The picture side of the vehicle page (001 §2): the primary image at full size, which opens the
 * fullscreen gallery; the Edit Image action, which opens the image manager; and, when the
 * vehicle has several images, their thumbnails, each opening the gallery at itself. 'No image
 * available' stands in the picture's place, at the same size, when there is none.
 */
import { imageSource } from '@contract/uploads';
import {
  VEHICLE_PAGE_PICTURE_SIZES,
  VEHICLE_TEXTS,
  type Vehicle,
  type VehicleImage,
} from '@contract/vehicles';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/class-names';
import { Car, Expand, ImagePlus, Images } from 'lucide-react';
import { vehicleImageName } from '../lib/vehicle-gallery';
import { VehiclePicture } from './vehicle-picture';

/** The picture's box, 4:3; full images are at most 2560 px on their long side (D15). */
const PICTURE = { width: 1200, height: 900 } as const;
const THUMBNAIL = { width: 120, height: 90 } as const;

export type VehicleShowcaseProps = {
  vehicle: Pick<Vehicle, 'imageUrl'>;
  title: string;
  images: readonly VehicleImage[];
  /** Opens the gallery at the image of that index (0 is the primary). */
  onOpenGallery: (index: number) => void;
  onEditImages: () => void;
  /** Fetches the dialogs' code when the user shows intent, so they open at once. */
  onIntent?: () => void;
};

export function VehicleShowcase({
  vehicle,
  title,
  images,
  onOpenGallery,
  onEditImages,
  onIntent,
}: VehicleShowcaseProps) {
  const hasImage = vehicle.imageUrl !== null;
  return (
    <div className="grid min-w-0 content-start gap-3">
      <div className="relative overflow-hidden rounded-xl border border-border bg-card shadow-card">
        {hasImage ? (
          <button
            type="button"
            onClick={() => onOpenGallery(0)}
            onPointerEnter={onIntent}
            onFocus={onIntent}
            aria-label={`View the images of the ${title} fullscreen`}
            className="group block w-full cursor-zoom-in outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          >
            <VehiclePicture
              src={vehicle.imageUrl}
              alt={title}
              width={PICTURE.width}
              height={PICTURE.height}
              loading="eager"
              sizes={VEHICLE_PAGE_PICTURE_SIZES}
              className="aspect-[4/3] w-full"
            />
            <span
              aria-hidden
              className="absolute right-3 bottom-3 flex size-9 items-center justify-center rounded-full bg-ink/55 text-white opacity-90 transition-opacity group-hover:opacity-100"
            >
              <Expand className="size-4" />
            </span>
          </button>
        ) : (
          <div
            data-testid="vehicle-no-image"
            className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-3 bg-muted text-muted-foreground"
          >
            <Car className="size-14 text-muted-foreground/60" strokeWidth={1.25} aria-hidden />
            <p className="text-sm font-medium">{VEHICLE_TEXTS.noImage}</p>
          </div>
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={onEditImages}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          className="absolute top-3 right-3 bg-card/95 shadow-card hover:bg-card"
        >
          {hasImage ? <Images aria-hidden /> : <ImagePlus aria-hidden />}
          {hasImage ? 'Edit Image' : 'Add Image'}
        </Button>
      </div>

      {images.length > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label="More images">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => onOpenGallery(index)}
                onPointerEnter={onIntent}
                aria-label={`View ${vehicleImageName(image, index, images.length)} fullscreen`}
                className={cn(
                  'block overflow-hidden rounded-lg border-2 outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                  image.isPrimary ? 'border-primary' : 'border-transparent hover:border-input',
                )}
              >
                <img
                  src={imageSource(image.thumbnailUrl ?? image.imageUrl)}
                  alt=""
                  width={THUMBNAIL.width}
                  height={THUMBNAIL.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] h-14 w-auto bg-muted object-cover sm:h-16"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
