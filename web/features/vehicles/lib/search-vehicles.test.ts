import { describe, expect, it } from 'vitest';
import { searchVehicles } from './search-vehicles';

const civic = { id: 1, year: 2019, make: 'Honda', model: 'Civic', trim: 'EX-L' };
const mustang = { id: 2, year: 1967, make: 'Ford', model: 'Mustang', trim: null };
const f150 = { id: 3, year: 2021, make: 'Ford', model: 'F-150', trim: 'Lariat' };
const vehicles = [civic, mustang, f150];

const ids = (query: string) => searchVehicles(vehicles, query).map((vehicle) => vehicle.id);

describe('searchVehicles (001 §2)', () => {
  it('shows every vehicle for an empty or blank query', () => {
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('   ')).toEqual([1, 2, 3]);
  });

  it('matches the make, model and trim case-insensitively, in part', () => {
    expect(ids('FORD')).toEqual([2, 3]);
    expect(ids('civ')).toEqual([1]);
    expect(ids('lariat')).toEqual([3]);
    expect(ids('ex-l')).toEqual([1]);
  });

  it('matches the year', () => {
    expect(ids('1967')).toEqual([2]);
    expect(ids('20')).toEqual([1, 3]);
  });

  it('needs every word to match some field', () => {
    expect(ids('2019 honda')).toEqual([1]);
    expect(ids('ford 2021')).toEqual([3]);
    expect(ids('honda mustang')).toEqual([]);
  });

  it('finds nothing when nothing matches', () => {
    expect(ids('tesla')).toEqual([]);
  });

  it('keeps the list order and does not touch the input', () => {
    const result = searchVehicles(vehicles, '');
    expect(result).not.toBe(vehicles);
    expect(result).toEqual(vehicles);
  });
});
