import { ApiError } from '@web/lib/api-client';
import { describe, expect, it } from 'vitest';
import { LIST_RETRIES, RECORD_PATHS, retryUpTo } from './record-paths';

const ref = (type: 'maintenance' | 'repair' | 'modification') => ({ type, id: 9, vehicleId: 4 });

describe('the calls of each kind (001 §7)', () => {
  it('creates maintenance and modifications user-wide, repairs on their vehicle', () => {
    expect(RECORD_PATHS.create('maintenance', 4)).toBe('/api/maintenance');
    expect(RECORD_PATHS.create('modification', 4)).toBe('/api/modifications');
    expect(RECORD_PATHS.create('repair', 4)).toBe('/api/vehicles/4/repairs');
  });

  it('updates with each form’s method and path', () => {
    expect(RECORD_PATHS.update(ref('maintenance'))).toEqual({
      method: 'PATCH',
      path: '/api/maintenance/9',
    });
    expect(RECORD_PATHS.update(ref('repair'))).toEqual({
      method: 'PUT',
      path: '/api/vehicles/4/repairs/9',
    });
    expect(RECORD_PATHS.update(ref('modification'))).toEqual({
      method: 'PUT',
      path: '/api/modifications/9',
    });
  });

  it('toggles on the vehicle, deletes user-wide, and keys reads by their paths', () => {
    expect(RECORD_PATHS.completion(ref('repair'))).toBe('/api/vehicles/4/repairs/9');
    expect(RECORD_PATHS.remove(ref('modification'))).toBe('/api/modifications/9');
    expect(RECORD_PATHS.one('maintenance', 4)).toEqual(['/api/maintenance', 4]);
    expect(RECORD_PATHS.userList('repair')).toEqual(['/api/repairs']);
    expect(RECORD_PATHS.images('modification', 9)).toEqual([
      '/api/record-images',
      'modification',
      9,
    ]);
  });
});

describe('fetch policies (D30)', () => {
  it('retries maintenance lists 3 times and the others once', () => {
    expect(LIST_RETRIES).toEqual({ maintenance: 3, repair: 1, modification: 1 });
    const retry = retryUpTo(3);
    const serverError = new ApiError(503, 'Service Unavailable', 'Service Unavailable', undefined);
    expect([0, 1, 2, 3].map((count) => retry(count, serverError))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('never retries an answer that will not change (4xx)', () => {
    const notFound = new ApiError(404, '{"message":"Vehicle not found"}', 'Vehicle not found', {});
    expect(retryUpTo(3)(0, notFound)).toBe(false);
  });
});
