/**
 * Vehicles and their images (001 §2, §3, §5, §7, §8): the payloads of the vehicle calls with the
 * messages of 001 §5, the vehicle as the API answers it (with the figures its card shows, D20,
 * D33), the vehicle image, and the toasts of 001 §8. The schemas that server routes and client
 * forms both validate with are in `schemas/vehicles.ts`.
 */
import type { z } from 'zod';
import { latestModelYear } from './rules/vehicles';
import type {
  nextMaintenanceSchema,
  vehicleImageFieldsSchema,
  vehicleImageSchema,
  vehicleImageUpdateSchema,
  vehicleInputSchema,
  vehicleSchema,
  vehicleUpdateSchema,
} from './schemas/vehicles';

export {
  LICENSE_PLATE_MAX,
  latestModelYear,
  MAX_VEHICLE_IMAGES,
  MILEAGE_MAX,
  VEHICLE_MESSAGES,
  VEHICLE_YEAR_MIN,
  VIN_MAX,
} from './rules/vehicles';

/** 001 §2: the add form's year list runs from next calendar year down to this one. */
const YEAR_LIST_FIRST = 1950;

/** 001 §2: the add form's year list, next calendar year down to 1950. */
export function yearOptions(now = new Date()): number[] {
  const years: number[] = [];
  for (let year = latestModelYear(now); year >= YEAR_LIST_FIRST; year -= 1) years.push(year);
  return years;
}
export type VehicleInput = z.input<typeof vehicleInputSchema>;
export type VehiclePayload = z.output<typeof vehicleInputSchema>;
export type VehicleUpdatePayload = z.output<typeof vehicleUpdateSchema>;
export type NextMaintenance = z.infer<typeof nextMaintenanceSchema>;
export type Vehicle = z.infer<typeof vehicleSchema>;
export type VehicleImage = z.infer<typeof vehicleImageSchema>;
export type VehicleImageFields = z.output<typeof vehicleImageFieldsSchema>;
export type VehicleImageUpdate = z.output<typeof vehicleImageUpdateSchema>;

/** D34: the card's badge. */
export function projectBadge(vehicle: Pick<Vehicle, 'isProject'>): 'Project' | 'Daily Driver' {
  return vehicle.isProject ? 'Project' : 'Daily Driver';
}

/** "{year} {make} {model}", the title of cards, pages and toasts. */
export function vehicleTitle(vehicle: Pick<Vehicle, 'year' | 'make' | 'model'>): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** 001 §8: the vehicle and image toasts, verbatim. */
export const VEHICLE_TOASTS = {
  added: { title: 'Vehicle added', description: 'Your vehicle has been added successfully.' },
  addFailed: 'Failed to add vehicle',
  deleted: 'Vehicle deleted',
  deletedText: (title: string) => `${title} has been deleted successfully.`,
  deleteFailedTitle: 'Error',
  deleteFailed: 'Failed to delete vehicle',
  deleteFailedDetail: 'Failed to delete the vehicle. Please try again.',
  updated: { title: 'Vehicle updated', description: 'Your vehicle has been successfully updated.' },
  updateFailed: 'Failed to update vehicle',
  imageUploaded: {
    title: 'Image uploaded',
    description: 'Your image has been uploaded successfully',
  },
  uploadFailed: 'Upload failed',
  imageUpdated: {
    title: 'Image updated',
    description: 'Your vehicle image has been successfully updated.',
  },
  imageAdded: 'Image added',
  imageDeleted: 'Image deleted',
  primaryUpdated: 'Primary image updated',
  errorUploading: 'Error uploading image',
  errorDeleting: 'Error deleting image',
  errorPrimary: 'Error updating primary image',
  fetchImagesFailed: 'Failed to fetch images',
  uploadImageFailed: 'Failed to upload image',
  deleteImageFailed: 'Failed to delete image',
  primaryFailed: 'Failed to set primary image',
} as const;

/** 001 §2: the texts of the vehicle pages. */
export const VEHICLE_TEXTS = {
  deleteTitle: 'Delete Vehicle',
  deleteListText:
    'This action cannot be undone. This will permanently delete the vehicle and all associated maintenance records, repairs, and modifications.',
  deleteDetailText: 'Are you sure you want to delete this vehicle? This action cannot be undone.',
  upToDate: 'All maintenance up to date',
  noImage: 'No image available',
  addingVehicle: 'Adding Vehicle...',
  uploadingImages: 'Uploading Images...',
  backToVehicles: 'Back to Vehicles',
  detailsTitle: 'Vehicle Details',
  editTitle: 'Edit Vehicle',
  editImageTitle: 'Edit Vehicle Image',
} as const;

/**
 * How wide the vehicle page's picture is shown (`sizes`): the page's width on a phone, its wider
 * column (7 of 12 parts of at most 72rem) from 1024 px on. The page's <img> and the preload its
 * HTML carries must say the same, or the browser downloads the picture twice.
 */
export const VEHICLE_PAGE_PICTURE_SIZES = '(min-width: 1024px) 640px, 100vw';
