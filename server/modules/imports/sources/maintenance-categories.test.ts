/** Services as other apps name them, filed under our maintenance categories by the first one. */
import { describe, expect, it } from 'vitest';
import { maintenanceCategoryOf } from './maintenance-categories';

describe('maintenanceCategoryOf', () => {
  it('files a service under the category its words name', () => {
    expect(maintenanceCategoryOf('Engine Oil, Oil Filter')).toBe('Oil Change');
    expect(maintenanceCategoryOf('Oil Filter')).toBe('Filter Replacement');
    expect(maintenanceCategoryOf('Brake Fluid')).toBe('Fluid Change');
    expect(maintenanceCategoryOf('Front brake pads')).toBe('Brake Service');
    expect(maintenanceCategoryOf('Spark Plugs')).toBe('Spark Plugs');
    expect(maintenanceCategoryOf('Annual inspection')).toBe('Scheduled Maintenance');
  });

  it('takes the first service a row lists that it knows', () => {
    expect(maintenanceCategoryOf('Tire Rotation, Oil Change')).toBe('Tire Rotation');
    expect(maintenanceCategoryOf('Wipers; Battery')).toBe('Battery Service');
  });

  it('reads the words of the languages the apps export in', () => {
    expect(maintenanceCategoryOf('Filtro de óleo')).toBe('Filter Replacement');
    expect(maintenanceCategoryOf('Oil change')).toBe('Oil Change');
    expect(maintenanceCategoryOf('Замена масла')).toBe('Oil Change');
    expect(maintenanceCategoryOf('Плановое ТО')).toBe('Scheduled Maintenance');
  });

  it('leaves a service it does not know without category', () => {
    expect(maintenanceCategoryOf('Car wash')).toBeUndefined();
    expect(maintenanceCategoryOf(undefined)).toBeUndefined();
  });
});
