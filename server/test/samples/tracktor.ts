/**
 * Tracktor export samples, built from the documented layout (research §4.9; Drizzle's camelCase
 * rows of javedh-dev/tracktor's tables), never from a user's export. They hold Tracktor's traps:
 * dates stored as the UTC instant of local midnight (a day early east of Greenwich), units only
 * in the settings list, fuel logs without an odometer or a quantity, an electric vehicle whose
 * quantities are kWh, insurance policies and pollution certificates, and the accounts' password
 * hashes and session tokens that no reading may touch.
 */
import { textFile } from './test-files';

/** What no reading may show: the sample's account secrets. */
export const TRACKTOR_SECRETS = {
  username: 'javed-owner',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$Zm9yLXRlc3RzLW9ubHk',
  sessionId: 'session-5f1c0e7a9b2d4c6e8f0a1b3c5d7e9f10',
} as const;

export const TRACKTOR_VEHICLES = {
  swift: '0f8e2b9a-1c3d-4e5f-8a7b-6c5d4e3f2a10',
  nexon: '0f8e2b9a-1c3d-4e5f-8a7b-6c5d4e3f2a20',
} as const;

export type TracktorSampleOptions = {
  /** The Swift's fuel logs after the traps. */
  rows?: number;
  /** `unitOfDistance` / `unitOfVolume`: kilometer and liter, or mile and gallon. */
  units?: 'metric' | 'imperial';
  /** Exported with a password: `data` is then one encrypted string. */
  encrypted?: boolean;
  /** The settings' time zone; Tracktor stores each day as its midnight there, in UTC. */
  timeZone?: string;
};

/** The UTC instant of local midnight of `day` in a zone `offsetMinutes` east of UTC. */
function storedDay(day: string, offsetMinutes: number): string {
  const midnight = Date.parse(`${day}T00:00:00Z`) - offsetMinutes * 60_000;
  return new Date(midnight).toISOString();
}

function isoDay(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const ZONE_OFFSETS: Record<string, number> = {
  'Asia/Kolkata': 330,
  'Europe/London': 0,
  'America/Chicago': -360,
};

/**
 * Tracktor's export. Fuel logs, in this order: 0 the Nexon's charge (kWh), 1 a log of a vehicle
 * not in the export, 2 a log with a cost only, 3 a log without an odometer (Tracktor allows
 * none), then the Swift's `rows` logs, of which the second is partial and the third follows a
 * missed one. Maintenance logs: 0 an oil change, 1 a brake job. One insurance, one certificate.
 */
export function tracktorExport(options: TracktorSampleOptions = {}) {
  const { rows = 4, units = 'metric', encrypted = false, timeZone = 'Asia/Kolkata' } = options;
  const offset = ZONE_OFFSETS[timeZone] ?? 0;
  const stamp = '2024-05-01 10:00:00';
  const audit = { created_at: stamp, updated_at: stamp };
  const vehicles = [
    {
      id: TRACKTOR_VEHICLES.swift,
      make: 'Maruti Suzuki',
      model: 'Swift',
      year: 2021,
      licensePlate: 'KA01AB1234',
      vin: 'MA3FJEB1S00123456',
      color: '#c0392b',
      odometer: 18000,
      image: null,
      fuelType: 'petrol',
      vehicleType: 'car',
      customFields: null,
      ...audit,
    },
    {
      id: TRACKTOR_VEHICLES.nexon,
      make: 'Tata',
      model: 'Nexon EV',
      year: 2023,
      licensePlate: 'KA01EV0042',
      vin: null,
      color: null,
      odometer: 2000,
      image: null,
      fuelType: 'ev',
      vehicleType: 'car',
      customFields: null,
      ...audit,
    },
  ];
  const fuelLog = (
    vehicleId: string,
    day: string,
    fields: {
      odometer: number | null;
      fuelAmount: number | null;
      rate?: number | null;
      cost: number;
      filled?: boolean;
      missedLast?: boolean;
      notes?: string | null;
    },
  ) => ({
    id: `log-${vehicleId.slice(-2)}-${day}`,
    vehicleId,
    date: storedDay(day, offset),
    odometer: fields.odometer,
    fuelAmount: fields.fuelAmount,
    rate: fields.rate ?? null,
    cost: fields.cost,
    filled: fields.filled ?? true,
    missedLast: fields.missedLast ?? false,
    notes: fields.notes ?? null,
    attachment: null,
    ...audit,
  });
  const fuelLogs = [
    fuelLog(TRACKTOR_VEHICLES.nexon, '2024-02-10', {
      odometer: 2400,
      fuelAmount: 28.5,
      rate: 9.5,
      cost: 270.75,
      notes: 'Home charger',
    }),
    fuelLog('0f8e2b9a-1c3d-4e5f-8a7b-6c5d4e3f2aff', '2024-02-11', {
      odometer: 500,
      fuelAmount: 20,
      cost: 2000,
    }),
    fuelLog(TRACKTOR_VEHICLES.swift, '2024-02-12', {
      odometer: 18100,
      fuelAmount: null,
      cost: 500,
    }),
    fuelLog(TRACKTOR_VEHICLES.swift, '2024-02-13', {
      odometer: null,
      fuelAmount: 10.5,
      cost: 1071.84,
    }),
    ...Array.from({ length: rows }, (_, index) => {
      const fuelAmount = 30.25 + (index % 5);
      const rate = 102.08;
      return fuelLog(TRACKTOR_VEHICLES.swift, isoDay('2024-01-15', index * 10), {
        odometer: 18200 + index * 420,
        fuelAmount,
        rate,
        cost: Math.round(fuelAmount * rate * 100) / 100,
        filled: index !== 1,
        missedLast: index === 2,
        notes: index === 0 ? 'Indian Oil, MG Road' : null,
      });
    }),
  ];
  const maintenanceLogs = [
    {
      id: 'maint-1',
      vehicleId: TRACKTOR_VEHICLES.swift,
      date: storedDay('2024-03-01', offset),
      odometer: 19900,
      serviceCenter: 'Maruti Service Centre, Indiranagar',
      cost: 4350,
      notes: 'Oil and filter change\nWashed for free',
      attachment: null,
      ...audit,
    },
    {
      id: 'maint-2',
      vehicleId: TRACKTOR_VEHICLES.swift,
      date: storedDay('2024-04-02', offset),
      odometer: 21000,
      serviceCenter: 'Brake Masters',
      cost: 2800,
      notes: null,
      attachment: null,
      ...audit,
    },
  ];
  const data = {
    vehicles,
    fuelLogs,
    maintenanceLogs,
    insurances: [
      {
        id: 'ins-1',
        vehicleId: TRACKTOR_VEHICLES.swift,
        provider: 'Acko',
        policyNumber: '1234567890123',
        startDate: '2024-01-01',
        endDate: '2024-12-31',
        cost: 9800,
        notes: null,
        ...audit,
      },
    ],
    puccs: [
      {
        id: 'pucc-1',
        vehicleId: TRACKTOR_VEHICLES.swift,
        certificateNumber: 'PUC12345AB',
        issueDate: '2024-01-20',
        expiryDate: '2024-07-20',
        recurrenceType: 'none',
        recurrenceInterval: 1,
        testingCenter: 'Green Emission Test',
        notes: null,
        attachment: null,
        ...audit,
      },
    ],
    configs: [
      { key: 'dateFormat', value: 'dd/MM/yyyy', description: null, ...audit },
      { key: 'currency', value: 'INR', description: null, ...audit },
      {
        key: 'unitOfDistance',
        value: units === 'metric' ? 'kilometer' : 'mile',
        description: null,
        ...audit,
      },
      {
        key: 'unitOfVolume',
        value: units === 'metric' ? 'liter' : 'gallon',
        description: null,
        ...audit,
      },
      { key: 'unitOfLpg', value: 'liter', description: null, ...audit },
      { key: 'unitOfCng', value: 'kilogram', description: null, ...audit },
      { key: 'timezone', value: timeZone, description: null, ...audit },
      { key: 'locale', value: 'en', description: null, ...audit },
    ],
    users: [
      {
        id: 'user-1',
        username: TRACKTOR_SECRETS.username,
        passwordHash: TRACKTOR_SECRETS.passwordHash,
        ...audit,
      },
    ],
    sessions: [
      { id: TRACKTOR_SECRETS.sessionId, userId: 'user-1', expiresAt: 1735689600, ...audit },
    ],
  };
  const document = {
    version: '1.0',
    timestamp: '2024-05-02T08:00:00.000Z',
    encrypted,
    // An encrypted export's data is one string (salt, iv and ciphertext as base64).
    data: encrypted ? 'c2FsdA==:aXY=:Y2lwaGVydGV4dC1ub3QtcmVhbA==' : data,
  };
  return textFile('tracktor-backup-2024-05-02.json', JSON.stringify(document, null, 2));
}
