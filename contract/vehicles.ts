/**
 * Vehicles and their images (001 §2, §3, §5, §7, §8): the payloads of the vehicle calls with the
 * messages of 001 §5, the vehicle as the API answers it (with the figures its card shows, D20,
 * D33), the vehicle image, and the toasts of 001 §8. The schemas that server routes and client
 * forms both validate with are in `schemas/vehicles.ts`.
 */
import type { z } from 'zod';
import type {
  nextMaintenanceSchema,
  vehicleImageFieldsSchema,
  vehicleImageSchema,
  vehicleImageUpdateSchema,
  vehicleInputSchema,
  vehicleSchema,
  vehicleUpdateSchema,
} from './schemas/vehicles';

/** 001 §9: at most 5 images per vehicle. */
export const MAX_VEHICLE_IMAGES = 5;
/** 001 §2: the add form's year list runs from next calendar year down to this one. */
const YEAR_LIST_FIRST = 1950;
/** The oldest model year the server accepts (the first cars were built in 1886). */
export const VEHICLE_YEAR_MIN = 1886;
export const MILEAGE_MAX = 10_000_000;
export const VIN_MAX = 17;
export const LICENSE_PLATE_MAX = 32;

export const VEHICLE_MESSAGES = {
  year: 'Year must be at least 4 characters',
  yearRange: `Year must be between ${VEHICLE_YEAR_MIN} and next year`,
  make: 'Make is required',
  model: 'Model is required',
  mileage: 'Mileage must be a whole number of miles',
  notFound: 'Vehicle not found',
  notFoundText: "The vehicle you're looking for doesn't exist or you don't have access to it.",
  invalidId: 'Invalid Vehicle ID',
  invalidIdText: 'The vehicle ID provided is invalid.',
  tooManyImages: 'You can only upload up to 5 images',
  imageNotFound: 'Image not found',
} as const;

/** The latest model year accepted: next calendar year (001 §2), judged when called. */
export function latestModelYear(now = new Date()): number {
  return now.getFullYear() + 1;
}

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
