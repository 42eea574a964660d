/**
 * Vehicles and their images (001 §2, §3, §5, §7, §8): the payloads of the vehicle calls with the
 * messages of 001 §5, the vehicle as the API answers it (with the figures its card shows, D20,
 * D33), the vehicle image, and the toasts of 001 §8. Server routes and client forms both
 * validate with these.
 */
import { z } from 'zod';
import {
  idSchema,
  limitedText,
  numberFromText,
  optionalCalendarDateSchema,
  optionalMoneySchema,
  TEXT_LIMITS,
} from './common';

/** 001 §9: at most 5 images per vehicle. */
export const MAX_VEHICLE_IMAGES = 5;
/** 001 §2: the add form's year list runs from next calendar year down to this one. */
export const YEAR_LIST_FIRST = 1950;
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

const emptyToNull = (value: unknown) =>
  value === '' || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Optional text: '' and whitespace mean "none" (null); longer than `max` is refused (D40). */
const optionalText = (label: string, max: number) =>
  z.preprocess(emptyToNull, limitedText(label, max).nullable().optional());

/**
 * 001 §5: the year arrives as a string of at least 4 characters (or a number) and is stored as
 * a number.
 */
const yearSchema = z
  .union([z.number(), z.string().trim().min(4, VEHICLE_MESSAGES.year)], {
    message: VEHICLE_MESSAGES.year,
  })
  .transform((value) => (typeof value === 'number' ? value : numberFromText(value)))
  .pipe(
    z
      .number({ message: VEHICLE_MESSAGES.year })
      .int(VEHICLE_MESSAGES.year)
      .min(VEHICLE_YEAR_MIN, VEHICLE_MESSAGES.yearRange)
      .refine((year) => year <= latestModelYear(), VEHICLE_MESSAGES.yearRange),
  );

/** 001 §5: mileage is optional, converted to a number, null when empty. */
const mileageSchema = z.preprocess((value) => {
  const empty = emptyToNull(value);
  return typeof empty === 'string' ? numberFromText(empty.replaceAll(',', '')) : empty;
}, z
  .number({ message: VEHICLE_MESSAGES.mileage })
  .int(VEHICLE_MESSAGES.mileage)
  .min(0, VEHICLE_MESSAGES.mileage)
  .max(MILEAGE_MAX, VEHICLE_MESSAGES.mileage)
  .nullable()
  .optional());

/**
 * The body of `POST /api/vehicles` and `PUT /api/vehicles/{id}` (001 §7): the fields of the add
 * and edit forms plus the other stored fields of 001 §3 the edit form offers. On update a field
 * left out stays as it is; `null` (or '') clears it.
 */
export const vehicleInputSchema = z.object({
  year: yearSchema,
  make: limitedText('Make', TEXT_LIMITS.title, VEHICLE_MESSAGES.make),
  model: limitedText('Model', TEXT_LIMITS.title, VEHICLE_MESSAGES.model),
  trim: optionalText('Trim', TEXT_LIMITS.trim),
  mileage: mileageSchema,
  color: optionalText('Color', TEXT_LIMITS.color),
  purchasePrice: optionalMoneySchema,
  // 001 §3: false in storage when not given (the add form sends true by default).
  isProject: z.boolean({ message: 'isProject must be true or false' }).optional(),
  notes: optionalText('Notes', TEXT_LIMITS.notes),
  vin: optionalText('VIN', VIN_MAX),
  licensePlate: optionalText('License plate', LICENSE_PLATE_MAX),
  purchaseDate: optionalCalendarDateSchema,
  currentValue: optionalMoneySchema,
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;
export type VehiclePayload = z.output<typeof vehicleInputSchema>;

export const vehicleUpdateSchema = vehicleInputSchema.partial();
export type VehicleUpdatePayload = z.output<typeof vehicleUpdateSchema>;

/** The vehicle's soonest open maintenance item, from which the card's status line is made (D33). */
export const nextMaintenanceSchema = z.object({
  title: z.string(),
  /** The effective due date (`dueDate ?? date`, D18), `yyyy-MM-dd`. */
  dueDate: z.string().nullable(),
  dueMileage: z.number().nullable(),
});
export type NextMaintenance = z.infer<typeof nextMaintenanceSchema>;

/**
 * A vehicle as every vehicle call answers it (001 §3), with the figures its card and detail page
 * show (D20), so that a page needs one call whatever the number of vehicles.
 */
export const vehicleSchema = z.object({
  id: z.number(),
  year: z.number(),
  make: z.string(),
  model: z.string(),
  trim: z.string().nullable(),
  mileage: z.number().nullable(),
  vin: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  purchasePrice: z.number().nullable(),
  currentValue: z.number().nullable(),
  licensePlate: z.string().nullable(),
  color: z.string().nullable(),
  /** The primary image (a `/uploads/…` path, or a stored value shown from `/uploads/`, D14). */
  imageUrl: z.string().nullable(),
  /** The primary image's small copy for cards and lists (D15); null without an uploaded image. */
  thumbnailUrl: z.string().nullable(),
  notes: z.string().nullable(),
  isProject: z.boolean(),
  projectType: z.string().nullable(),
  addedAt: z.string(),
  /** Purchase price plus every record's cost (001 §2). */
  moneyInvested: z.number(),
  /** The sum of the costs of its open (upcoming) records (001 §2, D18). */
  plannedExpenses: z.number(),
  /** Every record's cost, without the purchase price: the detail page's total expenses. */
  totalExpenses: z.number(),
  /** Maintenance, repairs and modifications together. */
  recordCount: z.number(),
  imageCount: z.number(),
  nextMaintenance: nextMaintenanceSchema.nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehiclesSchema = z.array(vehicleSchema);

export const vehicleImageSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  caption: z.string().nullable(),
  isPrimary: z.boolean(),
  addedAt: z.string(),
});
export type VehicleImage = z.infer<typeof vehicleImageSchema>;
export const vehicleImagesSchema = z.array(vehicleImageSchema);

/** A multipart boolean arrives as the text 'true' or 'false' (001 §7). */
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])], {
    message: "isPrimary must be 'true' or 'false'",
  })
  .transform((value) => value === true || value === 'true');

/** The text fields of `POST /api/vehicle-images` (multipart, beside the `image` file). */
export const vehicleImageFieldsSchema = z.object({
  vehicleId: idSchema,
  caption: optionalText('Caption', TEXT_LIMITS.caption),
  isPrimary: formBoolean.optional(),
});
export type VehicleImageFields = z.output<typeof vehicleImageFieldsSchema>;

/** `PUT /api/vehicle-images/{id}`. */
export const vehicleImageUpdateSchema = z.object({
  caption: optionalText('Caption', TEXT_LIMITS.caption),
  isPrimary: z.boolean({ message: 'isPrimary must be true or false' }).optional(),
});
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
