/**
 * The zod schemas of `backup.ts`: the export document (format `garage-ledger-export`, version 3),
 * which `GET /api/user/export` answers and a backup's or passport's `data.json` holds, and the
 * zips' `manifest.json`. Every list's rows carry every stored column but the owner's secrets,
 * typed as the column is (text, number, boolean; null where the column may be); values are not
 * checked against the contract's lists here, so a reader applies them through its own rules.
 *
 * One schema reads every version: what a version 1 or 2 document lacks takes the value the
 * database gave existing rows when it was added (`.default(…)`), so
 * `exportDocumentSchema.parse(json)` answers a version 3 shape whatever the version. Files of
 * versions 1 and 2 have `sha256` and `path` null: those documents came without the bytes.
 * docs/data-formats.md describes every field, its unit and its history.
 */
import { z } from 'zod';
import { AUTH_TYPES, EXPORT_FORMAT, EXPORT_VERSION } from '../rules/accounts';
import { BACKUP_FORMAT, BACKUP_SCOPES, BACKUP_VERSION } from '../rules/backup';
import { DEFAULT_PREFERENCES } from '../units';
import { themeSchema } from './appearance';
import { preferencesSchema } from './units';

const id = z.number().int();
const wholeNumber = z.number().int();
const text = z.string();
const optionalText = z.string().nullable();
/** A calendar day, `yyyy-MM-dd` (D4). */
const day = z.iso.date();
const optionalDay = day.nullable();
/** A moment, ISO 8601 in UTC (`2025-04-01T09:30:00.000Z`). */
const moment = z.iso.datetime();
const optionalMoment = moment.nullable();
/** Money to the cent, in the account's currency (`preferences.currency`). */
const money = z.number().nullable();
/** A distance on the odometer, in the vehicle's `odometerUnit`, to a tenth. */
const odometer = z.number().nullable();

/** The account, without its password hash, sign-on identity or payment ids (D6). */
const exportUserSchema = z.object({
  id,
  username: text,
  email: text,
  firstName: optionalText,
  lastName: optionalText,
  profileImageUrl: optionalText,
  authType: z.enum(AUTH_TYPES),
  createdAt: moment,
  lastLoginAt: optionalMoment,
  /** D38: the dashboard's sections in the user's order; null until the user arranged them. */
  dashboardLayout: z
    .array(z.object({ id: text, isVisible: z.boolean() }))
    .nullable()
    .default(null),
  theme: themeSchema.default('system'),
  /** Whether `dashboardLayout` was arranged by the user; a reader goes by `dashboardLayout`. */
  hasArrangedDashboard: z.boolean().default(false),
  subscriptionStatus: text,
  subscriptionExpiresAt: optionalMoment,
  updatedAt: moment,
});

const vehicleRowSchema = z.object({
  id,
  userId: id,
  year: wholeNumber,
  make: text,
  model: text,
  trim: optionalText,
  /** The current odometer, in `odometerUnit`. */
  mileage: wholeNumber.nullable(),
  vin: optionalText,
  purchaseDate: optionalDay,
  purchasePrice: money,
  currentValue: money,
  licensePlate: optionalText,
  color: optionalText,
  imageUrl: optionalText,
  notes: optionalText,
  isProject: z.boolean(),
  projectType: optionalText,
  // Version 2 (decision 050): the energy profile.
  energies: z.array(text).default(['gasoline']),
  auxiliary: optionalText.default(null),
  /** Litres. */
  tankCapacity: z.number().nullable().default(null),
  /** kWh. */
  batteryCapacity: z.number().nullable().default(null),
  /** `mi` or `km`: the unit of every distance of this vehicle's rows. */
  odometerUnit: text.default('mi'),
  addedAt: moment,
});

const vehicleImageRowSchema = z.object({
  id,
  vehicleId: id,
  userId: id,
  imageUrl: text,
  caption: optionalText,
  isPrimary: z.boolean(),
  addedAt: moment,
});

/** The columns the three record kinds share. */
const recordRowSchema = z.object({
  id,
  userId: id,
  vehicleId: id,
  title: optionalText,
  category: text,
  description: optionalText,
  cost: money,
  date: optionalDay,
  location: optionalText,
  technician: optionalText,
  notes: optionalText,
  fileUrl: optionalText,
  imageUrl: optionalText,
  isCompleted: z.boolean(),
  completedAt: optionalMoment,
  /** Version 2: the odometer at the service. */
  odometer: odometer.default(null),
  addedAt: moment,
});

const maintenanceRowSchema = recordRowSchema.extend({
  dueDate: optionalDay,
  /** In the vehicle's `odometerUnit`. */
  dueMileage: wholeNumber.nullable(),
  /** Decision 054: the service schedule this record completed. */
  scheduleId: id.nullable().default(null),
});

const recordImageRowSchema = z.object({
  id,
  userId: id,
  recordId: id,
  /** `maintenance`, `repair` or `modification`: the list `recordId` is in. */
  recordType: text,
  imageUrl: text,
  caption: optionalText,
  isPrimary: z.boolean(),
  addedAt: moment,
});

const documentRowSchema = z.object({
  id,
  userId: id,
  /** Null for a document of the account rather than of a vehicle. */
  vehicleId: id.nullable(),
  title: text,
  type: text,
  fileUrl: optionalText,
  date: optionalDay,
  amount: money,
  notes: optionalText,
  addedAt: moment,
});

/** Decision 050: a fill-up or a charge. */
const energyEntryRowSchema = z.object({
  id,
  userId: id,
  vehicleId: id,
  date: day,
  odometer,
  energy: text,
  /** As typed, in `unit`. */
  quantity: z.number(),
  unit: text,
  /** The quantity in litres, kilograms or kWh, by the energy. */
  canonicalQuantity: z.number(),
  /** Per `unit`, in the account's currency. */
  unitPrice: z.number(),
  totalCost: z.number(),
  isFull: z.boolean(),
  missedPrevious: z.boolean(),
  place: optionalText,
  notes: optionalText,
  fileUrl: optionalText,
  imageUrl: optionalText,
  chargerKind: optionalText,
  /** State of charge, percent. */
  socStart: wholeNumber.nullable(),
  socEnd: wholeNumber.nullable(),
  /** kWh taken by the battery. */
  batteryKwh: z.number().nullable(),
  /** Of a plug-in hybrid: the distance driven on this energy, in the vehicle's `odometerUnit`. */
  distanceOnEnergy: odometer,
  addedAt: moment,
});

const odometerReadingRowSchema = z.object({
  id,
  userId: id,
  vehicleId: id,
  date: day,
  odometer: z.number(),
  /** `manual`, `energy`, `record` or `import`. */
  source: text,
  energyEntryId: id.nullable(),
  recordType: optionalText,
  recordId: id.nullable(),
  isConfirmed: z.boolean(),
  addedAt: moment,
});

/** Decision 054: a repeating service; distances in the vehicle's `odometerUnit`. */
const serviceScheduleRowSchema = z.object({
  id,
  userId: id,
  vehicleId: id,
  title: text,
  category: text,
  intervalMonths: wholeNumber.nullable(),
  intervalDistance: wholeNumber.nullable(),
  firstDueDate: optionalDay,
  firstDueOdometer: odometer,
  lastDoneDate: optionalDay,
  lastDoneOdometer: odometer,
  fixedIntervals: z.boolean(),
  previousDueDate: optionalDay,
  previousDueOdometer: odometer,
  /** How many times it was completed. */
  occurrence: wholeNumber,
  addedAt: moment,
});

/**
 * Decision 054: where and when reminders go, without the ntfy token, the webhook secret, the
 * unsubscribe key or the digest's next run: a secret never leaves in a file.
 */
const notificationSettingsRowSchema = z.object({
  userId: id,
  emailEnabled: z.boolean(),
  ntfyUrl: optionalText,
  webhookUrl: optionalText,
  notifyDueSoon: z.boolean(),
  notifyOverdue: z.boolean(),
  weeklyDigest: z.boolean(),
  dueSoonDays: wholeNumber,
  /** In the account's distance unit (`preferences.distanceUnit`). */
  dueSoonDistance: wholeNumber,
  /** Until decision 066 moved it to `preferences.timeZone`; read from here in older backups. */
  timeZone: text.optional(),
  updatedAt: moment,
});

/** A stored file, described; its bytes are `path` in a backup or passport zip. */
const fileRowSchema = z.object({
  id: text,
  contentType: text,
  originalName: optionalText,
  /** Bytes of the original. */
  size: wholeNumber,
  createdAt: moment,
  /** Where the rows point at it (`/uploads/<id>`). */
  url: text,
  /** Version 3: the hex SHA-256 of the original's bytes. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .default(null),
  /** Version 3: `files/<id>`, the entry of the zip holding the bytes. */
  path: optionalText.default(null),
});

export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1).max(EXPORT_VERSION),
  exportedAt: moment,
  /** Null in a vehicle passport, which carries no one's account. */
  user: exportUserSchema.nullable(),
  // Version 2 (decision 050): how to read the figures.
  // Decision 066: the time zone is a preference; a backup from before carries it in
  // `notificationSettings` instead, and one from before version 3 nowhere.
  preferences: preferencesSchema
    .extend({ timeZone: z.string().optional() })
    .default({ ...DEFAULT_PREFERENCES, timeZone: undefined }),
  vehicles: z.array(vehicleRowSchema),
  vehicleImages: z.array(vehicleImageRowSchema),
  maintenance: z.array(maintenanceRowSchema),
  repairs: z.array(recordRowSchema),
  modifications: z.array(recordRowSchema),
  recordImages: z.array(recordImageRowSchema),
  documents: z.array(documentRowSchema),
  energyEntries: z.array(energyEntryRowSchema).default([]),
  odometerReadings: z.array(odometerReadingRowSchema).default([]),
  // Version 3.
  serviceSchedules: z.array(serviceScheduleRowSchema).default([]),
  /** Null when the user never saved any, and in a vehicle passport. */
  notificationSettings: notificationSettingsRowSchema.nullable().default(null),
  files: z.array(fileRowSchema),
});

const count = z.number().int().min(0);

/** `manifest.json` of a backup or passport zip: what it is, and how much it holds. */
export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1).max(BACKUP_VERSION),
  scope: z.enum(BACKUP_SCOPES),
  createdAt: moment,
  /** The version of the export document in `data.json`. */
  exportVersion: z.number().int().min(1).max(EXPORT_VERSION),
  /** Rows of each list of `data.json`. */
  counts: z.object({
    vehicles: count,
    energy: count,
    maintenance: count,
    repairs: count,
    modifications: count,
    odometer: count,
    schedules: count,
    documents: count,
    files: count,
  }),
  /** The stored files under `files/`: how many, and their bytes together. */
  files: z.object({ count, bytes: count }),
});
