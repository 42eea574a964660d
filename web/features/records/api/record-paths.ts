/**
 * Where each kind's calls go (001 §7), described once: the three kinds share every hook
 * (convention 12); the paths are built from each kind's collection (RECORD_KINDS) and where
 * RECORD_KINDS_ON_WEB says its calls go, and only the fetch policies of D30 are listed here.
 * Query keys are the API paths, split on their slashes' natural parts so that invalidating
 * `/api/vehicles` or `/api/maintenance` also reaches them.
 */
import { RECORD_KINDS, type RecordType } from '@contract/records';
import { ApiError } from '@web/lib/api-client';
import { RECORD_KINDS_ON_WEB } from '../lib/record-kinds';

type RecordRef = { type: RecordType; id: number; vehicleId: number };

export const RECORD_PATHS = {
  /** `GET /api/{collection}/{id}`: one record, under its kind's list. */
  one: (type: RecordType, id: number) => [`/api/${RECORD_KINDS[type].collection}`, id] as const,
  /** `GET /api/{collection}`: every record of the kind with vehicleName. */
  userList: (type: RecordType) => [`/api/${RECORD_KINDS[type].collection}`] as const,
  /** 001 §7: maintenance and modifications are created user-wide, repairs on their vehicle. */
  create: (type: RecordType, vehicleId: number) =>
    RECORD_KINDS_ON_WEB[type].createsOnVehicle
      ? `/api/vehicles/${vehicleId}/${RECORD_KINDS[type].collection}`
      : `/api/${RECORD_KINDS[type].collection}`,
  /** 001 §7: the forms' updates: maintenance PATCH, repair PUT on the vehicle, modification PUT. */
  update: ({ type, id, vehicleId }: RecordRef) => {
    const { method, isOnVehicle } = RECORD_KINDS_ON_WEB[type].update;
    const collection = RECORD_KINDS[type].collection;
    const path = isOnVehicle
      ? `/api/vehicles/${vehicleId}/${collection}/${id}`
      : `/api/${collection}/${id}`;
    return { method, path };
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
