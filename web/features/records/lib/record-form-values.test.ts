import { describe, expect, it } from 'vitest';
import {
  completionOnSave,
  costToSend,
  formCategories,
  notesWithAttachmentNote,
  odometerToSend,
  type RecordFormValues,
  recordFormDefaults,
  recordFormSchema,
  toRecordPayload,
} from './record-form-values';

const TODAY = '2026-11-23';

const values = (overrides: Partial<RecordFormValues> = {}): RecordFormValues => ({
  vehicleId: '7',
  category: 'Oil Change',
  title: '',
  description: '',
  cost: '',
  date: '',
  odometer: '',
  location: '',
  technician: '',
  notes: '',
  dueDate: '',
  dueMileage: '',
  ...overrides,
});

describe('cost (001 §5)', () => {
  it('sends an empty cost as null, except the modification add form which sends "0"', () => {
    expect(costToSend('maintenance', 'add', '')).toBeNull();
    expect(costToSend('repair', 'edit', ' ')).toBeNull();
    expect(costToSend('modification', 'edit', '')).toBeNull();
    expect(costToSend('modification', 'add', '')).toBe('0');
  });

  it('reads typed dollars; the modification add form sends them as text', () => {
    expect(costToSend('maintenance', 'add', '$1,234.50')).toBe(1234.5);
    expect(costToSend('modification', 'add', '$1,234.50')).toBe('1234.50');
    // D49: a euro or yen user types the sign they read beside every amount.
    expect(costToSend('repair', 'edit', '€1,234.50')).toBe(1234.5);
    expect(costToSend('maintenance', 'add', '¥ 1,235')).toBe(1235);
  });
});

describe('completion on save (001 §4, D4)', () => {
  it('is completed with no date or a date today or earlier, scheduled when in the future', () => {
    expect(completionOnSave('repair', 'add', '', TODAY)).toBe(true);
    expect(completionOnSave('repair', 'add', TODAY, TODAY)).toBe(true);
    expect(completionOnSave('modification', 'edit', '2026-11-22', TODAY)).toBe(true);
    expect(completionOnSave('maintenance', 'add', '2026-11-24', TODAY)).toBe(false);
  });

  it('keeps the state of an edited maintenance record whatever its date', () => {
    expect(
      completionOnSave('maintenance', 'edit', '2020-01-01', TODAY, { isCompleted: false }),
    ).toBe(false);
    expect(
      completionOnSave('maintenance', 'edit', '2030-01-01', TODAY, { isCompleted: true }),
    ).toBe(true);
  });
});

describe('notes (001 §5)', () => {
  it("appends 'Attached files included.' once when a file is attached", () => {
    expect(notesWithAttachmentNote('Synthetic 5W-30', true)).toBe(
      'Synthetic 5W-30\nAttached files included.',
    );
    expect(notesWithAttachmentNote('', true)).toBe('Attached files included.');
    expect(notesWithAttachmentNote('Done.\nAttached files included.', true)).toBe(
      'Done.\nAttached files included.',
    );
    expect(notesWithAttachmentNote(' kept ', false)).toBe('kept');
  });
});

describe('the payload', () => {
  it('maintenance add copies the category into the title and clears the due fields (D26)', () => {
    const payload = toRecordPayload(
      values({ title: 'ignored', cost: '89.50', date: '2026-12-01', dueMileage: '5000' }),
      { type: 'maintenance', mode: 'add', today: TODAY, attachments: { fileUrl: '/uploads/a' } },
    );
    expect(payload).toMatchObject({
      vehicleId: 7,
      category: 'Oil Change',
      title: 'Oil Change',
      cost: 89.5,
      date: '2026-12-01',
      isCompleted: false,
      dueDate: null,
      dueMileage: null,
      fileUrl: '/uploads/a',
      notes: 'Attached files included.',
    });
    expect(payload).not.toHaveProperty('imageUrl');
  });

  it('maintenance edit keeps the title, due date, due mileage and completion', () => {
    const payload = toRecordPayload(
      values({ title: 'First service', dueDate: '2027-01-10', dueMileage: '15000' }),
      {
        type: 'maintenance',
        mode: 'edit',
        today: TODAY,
        record: {
          id: 1,
          type: 'maintenance',
          vehicleId: 7,
          title: 'Oil Change',
          category: 'Oil Change',
          description: null,
          cost: null,
          date: null,
          location: null,
          technician: null,
          notes: null,
          isCompleted: false,
          dueDate: null,
          dueMileage: null,
          odometer: 45210,
          fileUrl: null,
          imageUrl: null,
        },
      },
    );
    expect(payload).toMatchObject({
      title: 'First service',
      dueDate: '2027-01-10',
      dueMileage: '15000',
      isCompleted: false,
      date: null,
      notes: '',
    });
  });

  it('repairs and modifications have no due fields; an edited modification without category is Other', () => {
    const repair = toRecordPayload(values({ category: 'Brakes', title: ' Pads ' }), {
      type: 'repair',
      mode: 'add',
      today: TODAY,
    });
    expect(repair).not.toHaveProperty('dueDate');
    expect(repair.title).toBe('Pads');
    const modification = toRecordPayload(values({ category: '', title: 'Coilovers' }), {
      type: 'modification',
      mode: 'edit',
      today: TODAY,
    });
    expect(modification.category).toBe('Other');
    expect(modification.cost).toBeNull();
  });
});

describe('the odometer at the service (decision 050)', () => {
  it('is sent as the contract reads it, and empty as null so that an edit clears it', () => {
    // '45,210' groups thousands (decision 047): 45,210 → 45210.
    expect(odometerToSend('45,210')).toBe(45210);
    expect(odometerToSend(' 45210.5 ')).toBe(45210.5);
    expect(odometerToSend('')).toBeNull();
    expect(odometerToSend('  ')).toBeNull();
  });

  it('goes in every kind’s payload, in both modes', () => {
    for (const type of ['maintenance', 'repair', 'modification'] as const) {
      for (const mode of ['add', 'edit'] as const) {
        const typed = toRecordPayload(values({ title: 'x', odometer: '45,210' }), {
          type,
          mode,
          today: TODAY,
        });
        expect(typed.odometer).toBe(45210);
        const cleared = toRecordPayload(values({ title: 'x' }), { type, mode, today: TODAY });
        expect(cleared).toHaveProperty('odometer', null);
      }
    }
  });

  it('is judged by the contract: from 0 to 10,000,000 with one decimal at most', () => {
    const message = 'Odometer must be a number from 0 to 10,000,000 with at most 1 decimal';
    const issues = (odometer: string) =>
      recordFormSchema('repair', 'add')
        .safeParse(values({ odometer }))
        .error?.issues.map((issue) => ({ path: issue.path, message: issue.message })) ?? [];
    for (const accepted of ['', '0', '45,210', '45210.5', '10000000']) {
      expect(issues(accepted)).toEqual([]);
    }
    for (const refused of ['-1', '10000000.1', '45210.55', 'abc', '1,0,0']) {
      expect(issues(refused)).toEqual([{ path: ['odometer'], message }]);
    }
  });
});

describe('defaults and lists', () => {
  it('preselects the vehicle; the modification edit form dates an undated record today', () => {
    expect(recordFormDefaults('repair', 'add', { vehicleId: 3, today: TODAY }).vehicleId).toBe('3');
    const record = {
      id: 2,
      type: 'modification' as const,
      vehicleId: 3,
      title: 'Exhaust',
      category: 'Exhaust',
      description: null,
      cost: 1200,
      date: null,
      location: null,
      technician: null,
      notes: null,
      isCompleted: true,
      dueDate: null,
      dueMileage: null,
      odometer: 12345.6,
      fileUrl: null,
      imageUrl: null,
    };
    expect(recordFormDefaults('modification', 'edit', { record, today: TODAY })).toMatchObject({
      date: TODAY,
      cost: '1200',
      title: 'Exhaust',
      odometer: '12345.6',
    });
    expect(recordFormDefaults('repair', 'add', { today: TODAY }).odometer).toBe('');
  });

  it('offers the modification add and edit lists, keeping a category from the other list', () => {
    expect(formCategories('modification', 'add')).toContain('Wheels & Tires');
    expect(formCategories('modification', 'edit')).toContain('Wheels/Tires');
    expect(formCategories('modification', 'edit', 'Exterior')).toContain('Exterior');
  });
});

describe('form checks (001 §5)', () => {
  it('needs a vehicle and a category; edit forms need a title', () => {
    const add = recordFormSchema('repair', 'add').safeParse(
      values({ vehicleId: '', category: '' }),
    );
    expect(add.success).toBe(false);
    expect(add.error?.issues.map((issue) => issue.message)).toEqual([
      'No vehicle selected. Please select a vehicle.',
      'Category is required',
    ]);
    const edit = recordFormSchema('modification', 'edit').safeParse(values({ category: '' }));
    expect(edit.error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter a title for the modification',
    ]);
    expect(
      recordFormSchema('maintenance', 'edit').safeParse(values()).error?.issues[0]?.message,
    ).toBe('Title is required');
  });

  it('refuses a cost or a due mileage that is not a number', () => {
    const result = recordFormSchema('maintenance', 'edit').safeParse(
      values({ title: 'x', cost: 'abc', dueMileage: '12.5' }),
    );
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter a valid amount',
      'Due mileage must be a whole number of miles',
    ]);
    expect(recordFormSchema('repair', 'add').safeParse(values({ cost: '$1,200.50' })).success).toBe(
      true,
    );
    // Decision 047: the due mileage is read as the server reads it.
    const mileage = (dueMileage: string) =>
      recordFormSchema('maintenance', 'add').safeParse(values({ dueMileage })).success;
    expect(['1,000', ' 15000 ', '1,234,567', ''].map(mileage)).toEqual([true, true, true, true]);
    expect(['1,0,0', '10,00', '1.000,00', '1e3', '-5'].map(mileage)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
