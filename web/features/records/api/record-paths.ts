/**
 * Where each kind's calls go (001 §7), described once: the three kinds share every hook
 * (convention 12), and only these paths and the fetch policies of D30 differ between them.
 * Query keys are the API paths, split on their slashes' natural parts so that invalidating
 * `/api/vehicles` or `/api/maintenance` also reaches them.
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { ApiError } from '@web/lib/api-client';

type RecordRef = { type: RecordType; id: number; vehicleId: number };

export const RECORD_PATHS = {
  /** `GET /api/vehicles/{id}/{collection}` */
  vehicleList: (type: RecordType, vehicleId: number) =>
    ['/api/vehicles', vehicleId, RECORD_KINDS[type].collection] as const,
  /** `GET /api/{collection}`: every record of the kind with vehicleName. */
  userList: (type: RecordType) => [`/api/${RECORD_KINDS[type].collection}`] as const,
  /** 001 §7: maintenance and modifications are created user-wide, repairs on their vehicle. */
  create: (type: RecordType, vehicleId: number) =>
    type === 'repair'
      ? `/api/vehicles/${vehicleId}/repairs`
      : `/api/${RECORD_KINDS[type].collection}`,
  /** 001 §7: the forms' updates: maintenance PATCH, repair PUT on the vehicle, modification PUT. */
  update: ({ type, id, vehicleId }: RecordRef) => {
    if (type === 'maintenance') return { method: 'PATCH', path: `/api/maintenance/${id}` };
    if (type === 'repair')
      return { method: 'PUT', path: `/api/vehicles/${vehicleId}/repairs/${id}` };
    return { method: 'PUT', path: `/api/modifications/${id}` };
  },
  /** 001 §7: the record dialog's completion toggle. */
  completion: ({ type, id, vehicleId }: RecordRef) =>
    `/api/vehicles/${vehicleId}/${RECORD_KINDS[type].collection}/${id}`,
  /** 001 §7: the records page's delete. */
  remove: ({ type, id }: Pick<RecordRef, 'type' | 'id'>) =>
    `/api/${RECORD_KINDS[type].collection}/${id}`,
  /** `GET/POST /api/record-images/{type}/{recordId}` */
  images: (type: RecordType, recordId: number) => ['/api/record-images', type, recordId] as const,
} as const;

/** D30: maintenance lists retry 3 times, repair and modification lists once; 1 s apart. */
export const LIST_RETRIES: Record<RecordType, number> = {
  maintenance: 3,
  repair: 1,
  modification: 1,
};
export const LIST_RETRY_DELAY_MS = 1000;

/**
 * A retry rule for reads that throw (`fetchJson`): a missing or forbidden resource (4xx) will not appear by
 * asking again, so only network failures and server errors are retried.
 */
export function retryUpTo(times: number) {
  return (failureCount: number, error: unknown) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
    return failureCount < times;
  };
}
