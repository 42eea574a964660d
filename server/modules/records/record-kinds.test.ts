/**
 * The per-kind description and the pure rules of contract/records (architecture convention 12,
 * 001 §3, §4, §9): each kind's schema has exactly the fields its description says, the type
 * names the paths accept, and the completion rules of the forms and the record dialog.
 */
import {
  MAINTENANCE_CATEGORIES,
  MODIFICATION_ADD_CATEGORIES,
  MODIFICATION_EDIT_CATEGORIES,
  REPAIR_CATEGORIES,
} from '@contract/categories';
import {
  isCompletedOnSave,
  RECORD_KINDS,
  RECORD_TYPES,
  recordStatus,
  recordTypeOf,
  toggledCompletion,
} from '@contract/records';
import {
  recordInputSchemas,
  recordUpdateSchemas,
  vehicleRecordInputSchemas,
} from '@contract/schemas/records';
import { describe, expect, it } from 'vitest';

describe('RECORD_KINDS', () => {
  it('describes each kind as 001 §2 and §9 name it', () => {
    expect(RECORD_TYPES.map((type) => RECORD_KINDS[type].badge)).toEqual([
      'Maintenance',
      'Repairs',
      'Mods',
    ]);
    expect(RECORD_TYPES.map((type) => RECORD_KINDS[type].emptyTitle)).toEqual([
      'No Maintenance Records',
      'No Repair Records',
      'No Modifications',
    ]);
    expect(RECORD_KINDS.maintenance.categories).toEqual(MAINTENANCE_CATEGORIES);
    expect(RECORD_KINDS.repair.categories).toEqual(REPAIR_CATEGORIES);
    expect(new Set(RECORD_KINDS.modification.categories)).toEqual(
      new Set([...MODIFICATION_ADD_CATEGORIES, ...MODIFICATION_EDIT_CATEGORIES]),
    );
    expect(RECORD_KINDS.modification.formCategories.edit).toContain('Wheels/Tires');
    expect(RECORD_KINDS.modification.formCategories.add).toContain('Wheels & Tires');
  });

  it('gives exactly the kinds with due fields a dueDate and dueMileage', () => {
    for (const type of RECORD_TYPES) {
      for (const schemas of [recordInputSchemas, recordUpdateSchemas, vehicleRecordInputSchemas]) {
        const keys = Object.keys(schemas[type].shape);
        expect(keys.includes('dueDate'), type).toBe(RECORD_KINDS[type].hasDue);
        expect(keys.includes('dueMileage'), type).toBe(RECORD_KINDS[type].hasDue);
      }
      expect(Object.keys(vehicleRecordInputSchemas[type].shape)).not.toContain('vehicleId');
    }
    const parsed = recordInputSchemas.repair.parse({
      vehicleId: '3',
      category: 'brakes',
      dueDate: '2024-01-01',
    });
    expect(parsed).toEqual({ vehicleId: 3, category: 'Brakes' });
  });
});

describe('recordTypeOf (001 §3)', () => {
  it('reads kinds, plurals, short forms and legacy maint… values; nothing else', () => {
    expect(recordTypeOf('maintenance')).toBe('maintenance');
    expect(recordTypeOf(' Maint ')).toBe('maintenance');
    expect(recordTypeOf('maintenance_record')).toBe('maintenance');
    expect(recordTypeOf('Repairs')).toBe('repair');
    expect(recordTypeOf('mods')).toBe('modification');
    expect(recordTypeOf('modification')).toBe('modification');
    for (const other of ['main', 'document', 'repairing', '', 'modify']) {
      expect(recordTypeOf(other), other).toBeNull();
    }
  });
});

describe('completion (001 §4)', () => {
  it('completes a record saved with no date or a date up to today, schedules a future one', () => {
    expect(isCompletedOnSave(null, '2024-03-05')).toBe(true);
    expect(isCompletedOnSave('', '2024-03-05')).toBe(true);
    expect(isCompletedOnSave('2024-03-04', '2024-03-05')).toBe(true);
    expect(isCompletedOnSave('2024-03-05', '2024-03-05')).toBe(true);
    expect(isCompletedOnSave('2024-03-06', '2024-03-05')).toBe(false);
  });

  it('toggles to completed unless the status already reads completed, whatever its case', () => {
    expect(toggledCompletion('Pending')).toBe(true);
    expect(toggledCompletion('Scheduled')).toBe(true);
    expect(toggledCompletion('Completed')).toBe(false);
    expect(toggledCompletion(' COMPLETED ')).toBe(false);
    expect(recordStatus(true)).toBe('Completed');
    expect(recordStatus(false)).toBe('Pending');
  });
});
