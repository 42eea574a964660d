/**
 * The backup's names and the export document's schema without a server: a passport's file name
 * safe whatever the vehicle is called, and documents of versions 1 and 2 read as version 3 with
 * what they lack filled in as the database filled it in for existing rows.
 */
import { describe, expect, it } from 'vitest';
import { backupFileName, backupFilePath, passportFileName } from './backup';
import { exportDocumentSchema } from './schemas/backup';
import { DEFAULT_PREFERENCES } from './units';

describe('the zips’ names', () => {
  it('names a backup by its day and a file by its id', () => {
    expect(backupFileName('2025-04-01')).toBe('garage-ledger-backup-2025-04-01.zip');
    expect(backupFilePath('abc_-123')).toBe('files/abc_-123');
  });

  it('names a passport after its vehicle in characters any file system keeps', () => {
    const day = '2025-04-01';
    expect(passportFileName({ year: 2018, make: 'Honda', model: 'Civic Type R' }, day)).toBe(
      'garage-ledger-passport-2018-honda-civic-type-r-2025-04-01.zip',
    );
    expect(passportFileName({ year: 1999, make: 'Škoda', model: 'Octavia RS/Combi' }, day)).toBe(
      'garage-ledger-passport-1999-skoda-octavia-rs-combi-2025-04-01.zip',
    );
    expect(
      passportFileName({ year: 2001, make: '"../../etc"', model: 'Model\u202Egpj.exe' }, day),
    ).toBe('garage-ledger-passport-2001-etc-model-gpj-exe-2025-04-01.zip');
    expect(passportFileName({ year: 1965, make: '日産', model: '!!!' }, day)).toBe(
      'garage-ledger-passport-1965-2025-04-01.zip',
    );
    const long = passportFileName({ year: 2020, make: 'M'.repeat(200), model: 'X' }, day);
    expect(long).toBe(`garage-ledger-passport-2020-${'m'.repeat(40)}-x-2025-04-01.zip`);
  });
});

const AT = '2024-01-02T03:04:05.000Z';

/** A version 1 document (D21) as the first export wrote it: one vehicle, one record, one file. */
const VERSION_1 = {
  format: 'garage-ledger-export',
  version: 1,
  exportedAt: AT,
  user: {
    id: 7,
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    authType: 'local',
    createdAt: AT,
    lastLoginAt: null,
    subscriptionStatus: 'free',
    subscriptionExpiresAt: null,
    updatedAt: AT,
    dashboardLayout: null,
  },
  vehicles: [
    {
      id: 1,
      userId: 7,
      year: 2018,
      make: 'Honda',
      model: 'Civic',
      trim: null,
      mileage: 42000,
      vin: null,
      purchaseDate: null,
      purchasePrice: 18000.5,
      currentValue: null,
      licensePlate: null,
      color: null,
      imageUrl: '/uploads/photo-id',
      notes: null,
      isProject: false,
      projectType: null,
      addedAt: AT,
    },
  ],
  vehicleImages: [],
  maintenance: [
    {
      id: 3,
      userId: 7,
      vehicleId: 1,
      title: 'Oil',
      category: 'Oil Change',
      description: null,
      cost: 89.99,
      date: '2023-05-06',
      location: null,
      technician: null,
      notes: null,
      fileUrl: null,
      imageUrl: null,
      isCompleted: true,
      completedAt: AT,
      addedAt: AT,
      dueDate: null,
      dueMileage: null,
    },
  ],
  repairs: [],
  modifications: [],
  recordImages: [],
  documents: [],
  files: [
    {
      id: 'photo-id',
      contentType: 'image/jpeg',
      originalName: 'civic.jpg',
      size: 1234,
      createdAt: AT,
      url: '/uploads/photo-id',
    },
  ],
};

describe('exportDocumentSchema', () => {
  it('reads a version 1 document as version 3, with what it lacks as the database gave it', () => {
    const document = exportDocumentSchema.parse(VERSION_1);
    expect(document.version).toBe(1);
    expect(document.user).toMatchObject({ theme: 'system', dashboardLayout: null });
    // No time zone of its own: a restore reads the notification settings' one instead (decision 066).
    expect(document.preferences).toEqual({ ...DEFAULT_PREFERENCES, timeZone: undefined });
    expect(document.vehicles[0]).toMatchObject({
      energies: ['gasoline'],
      auxiliary: null,
      tankCapacity: null,
      batteryCapacity: null,
      odometerUnit: 'mi',
    });
    expect(document.maintenance[0]).toMatchObject({ odometer: null, scheduleId: null });
    expect(document.energyEntries).toEqual([]);
    expect(document.odometerReadings).toEqual([]);
    expect(document.serviceSchedules).toEqual([]);
    expect(document.notificationSettings).toBeNull();
    // It came without the bytes: there is nothing at a path to check against a digest.
    expect(document.files[0]).toMatchObject({ id: 'photo-id', sha256: null, path: null });
  });

  it('reads a version 2 document, and refuses another format or a newer version', () => {
    const version2 = {
      ...VERSION_1,
      version: 2,
      preferences: { ...DEFAULT_PREFERENCES, distanceUnit: 'km', currency: 'EUR' },
      energyEntries: [],
      odometerReadings: [],
    };
    expect(exportDocumentSchema.parse(version2).preferences.currency).toBe('EUR');
    expect(exportDocumentSchema.safeParse({ ...VERSION_1, version: 4 }).success).toBe(false);
    expect(exportDocumentSchema.safeParse({ ...VERSION_1, format: 'other-app' }).success).toBe(
      false,
    );
    const badRow = { ...VERSION_1, vehicles: [{ ...VERSION_1.vehicles[0], year: '2018' }] };
    expect(exportDocumentSchema.safeParse(badRow).success).toBe(false);
  });
});
