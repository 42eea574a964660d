/**
 * `POST /api/vehicle-images` (001 §7): one call per image, multipart `image`, `vehicleId`,
 * `caption`, `isPrimary` ('true' or 'false'), with the bytes sent reported for progress bars.
 */
import type { VehicleImage } from '@contract/vehicles';
import { type UploadProgress, uploadWithProgress } from '@web/lib/upload-with-progress';

export type VehicleImageUpload = {
  vehicleId: number;
  file: File;
  caption?: string;
  isPrimary?: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

export function uploadVehicleImage({
  vehicleId,
  file,
  caption,
  isPrimary = false,
  onProgress,
  signal,
}: VehicleImageUpload): Promise<VehicleImage> {
  const form = new FormData();
  // Text fields first: the server reads them before the file's bytes.
  form.append('vehicleId', String(vehicleId));
  form.append('caption', caption ?? '');
  form.append('isPrimary', isPrimary ? 'true' : 'false');
  form.append('image', file, file.name);
  return uploadWithProgress<VehicleImage>('/api/vehicle-images', form, onProgress, signal);
}
