/**
 * What the schemas check with of `vehicles.ts`: its constants and texts, below both (decision
 * 071). The schemas import them from here and `vehicles.ts` passes on those its readers use, so a
 * file and its schema never import each other.
 */

/** 001 §9: at most 5 images per vehicle. */
export const MAX_VEHICLE_IMAGES = 5;

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
