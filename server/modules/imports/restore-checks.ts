/**
 * What a restored file may set (decision 062). The export document's schema takes any value a
 * column can hold, so that every backup can be read; a restore then writes only what the API's
 * own calls would take:
 *
 * - **Its scope is judged from what it holds.** A document without an account (`user: null`) is a
 *   vehicle's passport whatever its manifest says; a passport never sets account settings, even
 *   when it carries some.
 * - **Settings go through the settings calls' own schemas**, value by value: a value the call
 *   would refuse is not written, the account's own stays, and the preview says why. Where reminders
 *   go (e-mail on or off, the ntfy topic, the webhook address) is never taken from a file.
 * - **Rows go through the create calls' schemas** (vehicles, the three record kinds, fill-ups and
 *   charges, odometer readings, service schedules): a row the API would refuse is left out, with
 *   the rows that belong to it (a refused fill-up's reading, a refused vehicle's everything).
 * - **Links are only to the backup's own files**, in the form the server's uploads take
 *   (`fileIdFromUrl`); any other link is dropped (a photo row without its photo with it).
 *
 * Pure: the document in, the document to plan with, the problems and the settings out.
 */
import type { ExportDocument } from '@contract/backup';
import { RESTORE_TEXTS } from '@contract/imports';
import { RECORD_KINDS } from '@contract/records';
import { themeSchema } from '@contract/schemas/appearance';
import { dashboardLayoutSchema } from '@contract/schemas/dashboard';
import { energyEntryInputSchema } from '@contract/schemas/energy';
import { notificationSettingsUpdateSchema } from '@contract/schemas/notifications';
import { odometerReadingInputSchema } from '@contract/schemas/odometer';
import { recordInputSchemas } from '@contract/schemas/records';
import { scheduleInputSchema } from '@contract/schemas/schedules';
import { preferencesUpdateSchema } from '@contract/schemas/units';
import { vehicleInputSchema } from '@contract/schemas/vehicles';
import { fileIdFromUrl } from '@contract/uploads';
import type { z } from 'zod';
import { RECORD_LISTS, type RecordKindName } from './restore-plan';

type Doc = ExportDocument;
export type RestoreScope = 'account' | 'vehicle';
type Problem = { file: string; line: number; reason: string };
type SettingKey = keyof typeof RESTORE_TEXTS.settings;

/** A shown value, short enough for a line of the preview. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** The first message of a refusal, as the call would answer it. */
const messageOf = (error: z.ZodError) => error.issues[0]?.message ?? 'invalid';

/** The scope the document's content says, and the words the preview shows for it. */
export function judgeScope(
  manifest: { scope: RestoreScope; createdAt: string },
  document: Doc,
): { scope: RestoreScope; evidence: string } {
  const day = manifest.createdAt.slice(0, 10);
  const holdsAccount = document.user !== null;
  if (manifest.scope === 'account') {
    return holdsAccount
      ? { scope: 'account', evidence: `A Garage Ledger backup made ${day}.` }
      : { scope: 'vehicle', evidence: RESTORE_TEXTS.accountWithoutAccount(day) };
  }
  const carriesSettings = holdsAccount || document.notificationSettings !== null;
  return {
    scope: 'vehicle',
    evidence: carriesSettings
      ? RESTORE_TEXTS.passportWithAccount(day)
      : `A vehicle passport made ${day}.`,
  };
}

type NotificationColumns = {
  notifyDueSoon: boolean;
  notifyOverdue: boolean;
  weeklyDigest: boolean;
  dueSoonDays: number;
  dueSoonDistance: number;
};
type UserColumns = {
  distanceUnit: string;
  volumeUnit: string;
  economyFormat: string;
  electricFormat: string;
  currency: string;
  theme: string;
  dashboardLayout: unknown;
  timeZone: string;
};

/** The account settings a restore writes: only those the calls took, in the calls' spelling. */
export type RestoredSettings = {
  user: Partial<UserColumns>;
  profileImageUrl: string | null;
  notifications: Partial<NotificationColumns>;
};

const SWITCHES = notificationSettingsUpdateSchema.shape.events.unwrap().shape;

/**
 * Every account setting a backup carries: where it is in the document, the schema of the call
 * that sets it (`PATCH /api/user/preferences`, `/theme`, `PUT /dashboard-layout`, `PATCH
 * /notifications`), and where it goes. `restored: false`: never taken from a file.
 */
const ACCOUNT_SETTINGS: readonly {
  key: SettingKey;
  part: string;
  valueIn: (document: Doc) => unknown;
  schema?: z.ZodType;
  into?: 'user' | 'notifications';
}[] = [
  ...(['distanceUnit', 'volumeUnit', 'economyFormat', 'electricFormat', 'currency'] as const).map(
    (key) => ({
      key,
      part: RESTORE_TEXTS.preferencesPart,
      valueIn: (document: Doc) => document.preferences[key],
      schema: preferencesUpdateSchema.shape[key].unwrap(),
      into: 'user' as const,
    }),
  ),
  {
    // Decision 066: a preference; a backup from before it carries the zone in its notification
    // settings, and restores it all the same.
    key: 'timeZone',
    part: RESTORE_TEXTS.preferencesPart,
    valueIn: (document) =>
      document.preferences.timeZone ?? document.notificationSettings?.timeZone ?? null,
    schema: preferencesUpdateSchema.shape.timeZone.unwrap(),
    into: 'user',
  },
  {
    key: 'theme',
    part: RESTORE_TEXTS.appearancePart,
    valueIn: (document) => document.user?.theme ?? null,
    schema: themeSchema,
    into: 'user',
  },
  {
    key: 'dashboardLayout',
    part: RESTORE_TEXTS.appearancePart,
    valueIn: (document) => document.user?.dashboardLayout ?? null,
    schema: dashboardLayoutSchema,
    into: 'user',
  },
  ...(
    [
      ['notifyDueSoon', SWITCHES.dueSoon.unwrap()],
      ['notifyOverdue', SWITCHES.overdue.unwrap()],
      ['weeklyDigest', SWITCHES.weeklyDigest.unwrap()],
      ['dueSoonDays', notificationSettingsUpdateSchema.shape.dueSoonDays.unwrap()],
      ['dueSoonDistance', notificationSettingsUpdateSchema.shape.dueSoonDistance.unwrap()],
    ] as const
  ).map(([key, schema]) => ({
    key,
    part: RESTORE_TEXTS.notificationsPart,
    valueIn: (document: Doc) => document.notificationSettings?.[key] ?? null,
    schema: schema as z.ZodType,
    into: 'notifications' as const,
  })),
  ...(['emailEnabled', 'ntfyUrl', 'webhookUrl'] as const).map((key) => ({
    key,
    part: RESTORE_TEXTS.notificationsPart,
    valueIn: (document: Doc) => document.notificationSettings?.[key] ?? null,
  })),
];

/** Why a setting's value is refused, in the preview's words. */
function settingRefusal(key: SettingKey, value: unknown, error: z.ZodError): string {
  if (key === 'timeZone') return RESTORE_TEXTS.unknownTimeZone(shown(value));
  return RESTORE_TEXTS.refusedSetting(RESTORE_TEXTS.settings[key], shown(value), messageOf(error));
}

export type CheckedRestore = {
  /** The document to plan with: refused rows and foreign links taken out. */
  document: Doc;
  problems: Problem[];
  settings: { applied: string[]; leftToYou: string[] };
  /** What the restore writes of the account's settings; null for a passport. */
  accountSettings: RestoredSettings | null;
};

export function checkRestore(original: Doc, scope: RestoreScope): CheckedRestore {
  const problems: Problem[] = [];
  const carried = new Set(original.files.map((file) => file.id));
  /** A link kept when it is one of the backup's files in an uploads form, else null and listed. */
  const linkOf = (url: string | null, file: string, line: number): string | null => {
    if (url === null) return null;
    const id = fileIdFromUrl(url);
    if (id !== null && carried.has(id)) return url;
    problems.push({ file, line, reason: RESTORE_TEXTS.foreignLink(shown(url)) });
    return null;
  };

  // Vehicles the vehicle call would refuse, then records the record calls would refuse.
  const refusedVehicles = new Set<number>();
  original.vehicles.forEach((vehicle, index) => {
    const checked = vehicleInputSchema.safeParse({
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      trim: vehicle.trim,
      mileage: vehicle.mileage,
      color: vehicle.color,
      purchasePrice: vehicle.purchasePrice,
      isProject: vehicle.isProject,
      notes: vehicle.notes,
      vin: vehicle.vin,
      licensePlate: vehicle.licensePlate,
      purchaseDate: vehicle.purchaseDate,
      currentValue: vehicle.currentValue,
      energies: vehicle.energies,
      auxiliary: vehicle.auxiliary,
      tankCapacity: vehicle.tankCapacity,
      batteryCapacity: vehicle.batteryCapacity,
      odometerUnit: vehicle.odometerUnit,
    });
    if (!checked.success) {
      refusedVehicles.add(vehicle.id);
      problems.push({
        file: 'Vehicles',
        line: index + 1,
        reason: RESTORE_TEXTS.refusedRow(messageOf(checked.error)),
      });
    }
  });
  const onKeptVehicle = <Row extends { vehicleId: number | null }>(row: Row) =>
    row.vehicleId === null || !refusedVehicles.has(row.vehicleId);

  const refusedRecords = new Set<string>();
  const records = {} as Pick<Doc, 'maintenance' | 'repairs' | 'modifications'>;
  for (const [kind, list] of RECORD_LISTS) {
    const file = RECORD_KINDS[kind].plural;
    const kept: Doc[typeof list][number][] = [];
    for (const [index, record] of original[list].entries()) {
      if (!onKeptVehicle(record)) {
        refusedRecords.add(`${kind}:${record.id}`);
        continue;
      }
      const checked = recordInputSchemas[kind as RecordKindName].safeParse({
        ...record,
        // Checked below as links; the input schema knows only their length.
        fileUrl: null,
        imageUrl: null,
        scheduleId: undefined,
      });
      if (!checked.success) {
        refusedRecords.add(`${kind}:${record.id}`);
        problems.push({
          file,
          line: index + 1,
          reason: RESTORE_TEXTS.refusedRow(messageOf(checked.error)),
        });
        continue;
      }
      kept.push({
        ...record,
        fileUrl: linkOf(record.fileUrl, file, index + 1),
        imageUrl: linkOf(record.imageUrl, file, index + 1),
      });
    }
    (records as Record<string, unknown>)[list] = kept;
  }
  const ofKeptRecord = (recordType: string | null, recordId: number | null) =>
    recordId === null || !refusedRecords.has(`${recordType}:${recordId}`);

  /**
   * The rows of `list` the call that creates them would take (`inputOf` spells a row as the call
   * does); each other row is listed by its place in the file and left out, its id in `refused`.
   * A row of something left out (`belongs` false) goes without a word: its owner was listed.
   */
  const acceptedRows = <Row extends { id: number; vehicleId: number | null }>(
    list: readonly Row[],
    file: string,
    schema: z.ZodType,
    inputOf: (row: Row) => unknown,
    { refused = new Set<number>(), belongs = (_row: Row): boolean => true } = {},
  ) =>
    list.filter((row, index) => {
      if (!onKeptVehicle(row) || !belongs(row)) return false;
      const checked = schema.safeParse(inputOf(row));
      if (checked.success) return true;
      refused.add(row.id);
      problems.push({
        file,
        line: index + 1,
        reason: RESTORE_TEXTS.refusedRow(messageOf(checked.error)),
      });
      return false;
    });
  const refusedEnergy = new Set<number>();
  const energyEntries = acceptedRows(
    original.energyEntries,
    'Fuel and charging',
    energyEntryInputSchema,
    ({
      fileUrl: _file,
      imageUrl: _image,
      id: _id,
      userId: _user,
      vehicleId: _vehicle,
      addedAt: _added,
      canonicalQuantity: _canonical,
      ...entry
    }) => entry,
    { refused: refusedEnergy },
  );
  const odometerReadings = acceptedRows(
    original.odometerReadings,
    'Odometer readings',
    odometerReadingInputSchema,
    (reading) => ({ date: reading.date, odometer: reading.odometer }),
    {
      belongs: (reading) =>
        ofKeptRecord(reading.recordType, reading.recordId) &&
        (reading.energyEntryId === null || !refusedEnergy.has(reading.energyEntryId)),
    },
  );
  const serviceSchedules = acceptedRows(
    original.serviceSchedules,
    'Service schedules',
    scheduleInputSchema,
    (schedule) => ({
      title: schedule.title,
      category: schedule.category,
      intervalMonths: schedule.intervalMonths,
      intervalDistance: schedule.intervalDistance,
      firstDueDate: schedule.firstDueDate,
      firstDueOdometer: schedule.firstDueOdometer,
      lastDoneDate: schedule.lastDoneDate,
      lastDoneOdometer: schedule.lastDoneOdometer,
      fixedIntervals: schedule.fixedIntervals,
    }),
  );

  const linkedRows = <Row extends { fileUrl: string | null; imageUrl?: string | null }>(
    rows: readonly Row[],
    file: string,
  ) =>
    rows.map((row, index) => ({
      ...row,
      fileUrl: linkOf(row.fileUrl, file, index + 1),
      ...('imageUrl' in row ? { imageUrl: linkOf(row.imageUrl ?? null, file, index + 1) } : {}),
    }));
  /** Photo rows are their file: one whose link is dropped is dropped with it. */
  const photoRows = <Row extends { imageUrl: string }>(rows: readonly Row[], file: string) =>
    rows.flatMap((row, index) => {
      const imageUrl = linkOf(row.imageUrl, file, index + 1);
      return imageUrl === null ? [] : [{ ...row, imageUrl }];
    });

  const keptVehicles = original.vehicles.filter((vehicle) => !refusedVehicles.has(vehicle.id));
  const document: Doc = {
    ...original,
    vehicles: keptVehicles.map((vehicle, index) => ({
      ...vehicle,
      imageUrl: linkOf(vehicle.imageUrl, 'Vehicles', index + 1),
    })),
    vehicleImages: photoRows(original.vehicleImages.filter(onKeptVehicle), 'Vehicle photos'),
    ...records,
    recordImages: photoRows(
      original.recordImages.filter((image) => ofKeptRecord(image.recordType, image.recordId)),
      'Record photos',
    ),
    documents: linkedRows(original.documents.filter(onKeptVehicle), 'Documents'),
    energyEntries: linkedRows(energyEntries, 'Fuel and charging'),
    odometerReadings,
    serviceSchedules,
  };

  const applied: string[] = [];
  const leftToYou: string[] = [];
  if (scope === 'vehicle') {
    leftToYou.push(...Object.values(RESTORE_TEXTS.settings));
    return { document, problems, settings: { applied, leftToYou }, accountSettings: null };
  }

  const accountSettings: RestoredSettings = { user: {}, profileImageUrl: null, notifications: {} };
  for (const setting of ACCOUNT_SETTINGS) {
    const label = RESTORE_TEXTS.settings[setting.key];
    const value = setting.valueIn(original);
    if (!setting.schema || !setting.into || value === null) {
      leftToYou.push(label);
      continue;
    }
    const checked = setting.schema.safeParse(value);
    if (!checked.success) {
      problems.push({
        file: setting.part,
        line: 0,
        reason: settingRefusal(setting.key, value, checked.error),
      });
      leftToYou.push(label);
      continue;
    }
    (accountSettings[setting.into] as Record<string, unknown>)[setting.key] = checked.data;
    applied.push(label);
  }
  // The photo becomes the account's only while it has none (restoreAccountSettings), so the
  // preview does not promise it; a link elsewhere is listed like any other.
  accountSettings.profileImageUrl = linkOf(
    original.user?.profileImageUrl ?? null,
    RESTORE_TEXTS.appearancePart,
    0,
  );
  return { document, problems, settings: { applied, leftToYou }, accountSettings };
}
