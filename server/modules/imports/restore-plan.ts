/**
 * What restoring a backup or a passport adds (decision 055), decided by comparing its document
 * with the account's own export document: a vehicle is the same vehicle when its year, make,
 * model, VIN and the moment it was added agree (a restore keeps that moment); a row of a vehicle
 * is already there when an identical row is, its files compared by their bytes' SHA-256 and its
 * links by what they link to. Restoring into an empty account adds every row; restoring the same
 * backup again adds nothing. Pure: the caller brings both documents and writes the plan.
 */
import type { ExportDocument } from '@contract/backup';
import { RECORD_KINDS, RECORD_TYPES, type RecordType } from '@contract/records';
import { fileIdFromUrl } from '@contract/uploads';
import { emptyCounts } from './interpret';

/** One value per record kind, made fresh for each: every kind the contract lists, none by hand. */
const perRecordType = <Value>(make: () => Value) =>
  Object.fromEntries(RECORD_TYPES.map((type) => [type, make()])) as Record<RecordType, Value>;

type Doc = ExportDocument;
export type DocVehicle = Doc['vehicles'][number];
export type DocRecord = Doc['repairs'][number];
export type DocMaintenance = Doc['maintenance'][number];
export type DocEnergy = Doc['energyEntries'][number];
export type DocReading = Doc['odometerReadings'][number];
export type DocSchedule = Doc['serviceSchedules'][number];
export type DocVehicleImage = Doc['vehicleImages'][number];
export type DocRecordImage = Doc['recordImages'][number];
export type DocDocument = Doc['documents'][number];

/** The record lists of the document, by the kind `record_images.record_type` names. */
export const RECORD_LISTS = RECORD_TYPES.map(
  (type) => [type, RECORD_KINDS[type].collection] as const,
);
export type RecordKindName = RecordType;

/** What one vehicle of the backup brings that the account does not have. */
export type VehiclePlan = {
  source: DocVehicle;
  /** The account's vehicle it is, or null: it is added. */
  existingId: number | null;
  schedules: DocSchedule[];
  records: Record<RecordKindName, (DocRecord | DocMaintenance)[]>;
  energy: DocEnergy[];
  readings: DocReading[];
  recordImages: DocRecordImage[];
  vehicleImages: DocVehicleImage[];
  documents: DocDocument[];
};

export type RestorePlan = {
  vehicles: VehiclePlan[];
  /** Documents of the account rather than of a vehicle. */
  accountDocuments: DocDocument[];
  /** The backup's ids of the files the added rows point at: the ones copied in. */
  files: Set<string>;
  /**
   * The account's rows the backup's rows are, by their backup id: where the added rows' links
   * point when what they link to was already there.
   */
  existingIds: {
    schedules: Map<number, number>;
    records: Record<RecordKindName, Map<number, number>>;
    energy: Map<number, number>;
  };
  counts: ReturnType<typeof emptyCounts>;
  existing: ReturnType<typeof emptyCounts>;
};

/** Columns that say where a row is, not what it is. */
const PLACE_COLUMNS = new Set(['id', 'userId', 'vehicleId', 'importId']);
/** Columns that hold a stored file's URL: compared by the file's bytes. */
const FILE_COLUMNS = new Set(['imageUrl', 'fileUrl']);

/** A file URL as what it holds: the SHA-256 of its bytes, or the text when it is not a file. */
function fileIdentity(url: string | null, sha: ReadonlyMap<string, string | null>): string | null {
  if (url === null) return null;
  const id = fileIdFromUrl(url);
  const hash = id ? sha.get(id) : undefined;
  return hash ? `sha:${hash}` : url;
}

/** The identity of a row: every column but where it is, files by their bytes, links by `links`. */
function fingerprint(
  row: Record<string, unknown>,
  sha: ReadonlyMap<string, string | null>,
  links: Record<string, string | null> = {},
): string {
  const entries = Object.entries(row)
    .filter(([column]) => !PLACE_COLUMNS.has(column) && !(column in links))
    .map(([column, value]) => [
      column,
      FILE_COLUMNS.has(column) ? fileIdentity(value as string | null, sha) : value,
    ]);
  return JSON.stringify(
    [...entries, ...Object.entries(links)].sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

/**
 * A vehicle photo is the same photo whether or not it is the primary one: a vehicle keeps its
 * own primary photo when a restore adds another.
 */
const NOT_PRIMARY = { isPrimary: null };

/** A vehicle is the same vehicle when these agree (a restore keeps the moment it was added). */
const vehicleIdentity = (vehicle: DocVehicle) =>
  JSON.stringify([vehicle.year, vehicle.make, vehicle.model, vehicle.vin, vehicle.addedAt]);

/** Counts of identical rows: each existing row is matched by one backup row at most. */
class Multiset<Key> {
  private readonly counts = new Map<string, { n: number; ids: Key[] }>();
  add(fingerprintOf: string, id: Key) {
    const entry = this.counts.get(fingerprintOf) ?? { n: 0, ids: [] };
    entry.n += 1;
    entry.ids.push(id);
    this.counts.set(fingerprintOf, entry);
  }
  /** The id of an identical row not matched yet, taken; undefined when there is none. */
  take(fingerprintOf: string): Key | undefined {
    const entry = this.counts.get(fingerprintOf);
    if (!entry || entry.n === 0) return undefined;
    entry.n -= 1;
    return entry.ids.shift();
  }
}

/**
 * The rows of `incoming` the account does not have. `ours` and `theirs` are both export
 * documents; `vehicleIds` maps each backup vehicle to the account's when it is the same one.
 */
export function planRestore(theirs: Doc, ours: Doc): RestorePlan {
  const theirSha = new Map(theirs.files.map((file) => [file.id, file.sha256]));
  const ourSha = new Map(ours.files.map((file) => [file.id, file.sha256]));
  const counts = emptyCounts();
  const existing = emptyCounts();
  const files = new Set<string>();
  const needFile = (url: string | null) => {
    const id = url === null ? null : fileIdFromUrl(url);
    if (id && theirSha.has(id)) files.add(id);
  };

  const ourVehicles = new Map<string, number>();
  for (const vehicle of ours.vehicles) ourVehicles.set(vehicleIdentity(vehicle), vehicle.id);

  // The account's rows by what they are, per vehicle; their links by what they link to.
  const ourSchedules = new Map<number, string>();
  const schedulesByVehicle = new Map<number, Multiset<number>>();
  const bucket = <Key>(map: Map<number, Multiset<Key>>, vehicleId: number) => {
    const set = map.get(vehicleId) ?? new Multiset<Key>();
    map.set(vehicleId, set);
    return set;
  };
  for (const schedule of ours.serviceSchedules) {
    const print = fingerprint(schedule, ourSha);
    ourSchedules.set(schedule.id, print);
    bucket(schedulesByVehicle, schedule.vehicleId).add(print, schedule.id);
  }
  const ourRecordPrints = new Map<string, string>();
  const recordsByVehicle = new Map<number, Multiset<number>>();
  for (const [kind, list] of RECORD_LISTS) {
    for (const record of ours[list]) {
      const scheduleId = 'scheduleId' in record ? (record.scheduleId as number | null) : null;
      const print = fingerprint(record, ourSha, {
        kind,
        scheduleId: scheduleId === null ? null : (ourSchedules.get(scheduleId) ?? null),
      });
      ourRecordPrints.set(`${kind}:${record.id}`, print);
      bucket(recordsByVehicle, record.vehicleId).add(print, record.id);
    }
  }
  const ourEnergyPrints = new Map<number, string>();
  const energyByVehicle = new Map<number, Multiset<number>>();
  for (const entry of ours.energyEntries) {
    const print = fingerprint(entry, ourSha);
    ourEnergyPrints.set(entry.id, print);
    bucket(energyByVehicle, entry.vehicleId).add(print, entry.id);
  }
  const readingLinks = (
    reading: DocReading,
    energyPrints: ReadonlyMap<number, string>,
    recordPrints: ReadonlyMap<string, string>,
  ) => ({
    energyEntryId:
      reading.energyEntryId === null ? null : (energyPrints.get(reading.energyEntryId) ?? null),
    recordId:
      reading.recordId === null
        ? null
        : (recordPrints.get(`${reading.recordType}:${reading.recordId}`) ?? null),
  });
  const readingsByVehicle = new Map<number, Multiset<number>>();
  for (const reading of ours.odometerReadings) {
    bucket(readingsByVehicle, reading.vehicleId).add(
      fingerprint(reading, ourSha, readingLinks(reading, ourEnergyPrints, ourRecordPrints)),
      reading.id,
    );
  }
  const ourVehicleOfRecord = new Map<string, number>();
  for (const [kind, list] of RECORD_LISTS) {
    for (const record of ours[list])
      ourVehicleOfRecord.set(`${kind}:${record.id}`, record.vehicleId);
  }
  const recordImagesByVehicle = new Map<number, Multiset<number>>();
  for (const image of ours.recordImages) {
    const parent = `${image.recordType}:${image.recordId}`;
    const vehicleId = ourVehicleOfRecord.get(parent);
    if (vehicleId === undefined) continue;
    bucket(recordImagesByVehicle, vehicleId).add(
      fingerprint(image, ourSha, { recordId: ourRecordPrints.get(parent) ?? null }),
      image.id,
    );
  }
  const vehicleImagesByVehicle = new Map<number, Multiset<number>>();
  for (const image of ours.vehicleImages) {
    bucket(vehicleImagesByVehicle, image.vehicleId).add(
      fingerprint(image, ourSha, NOT_PRIMARY),
      image.id,
    );
  }
  // Documents of the account are keyed under vehicle 0.
  const documentsByVehicle = new Map<number, Multiset<number>>();
  for (const document of ours.documents) {
    bucket(documentsByVehicle, document.vehicleId ?? 0).add(
      fingerprint(document, ourSha),
      document.id,
    );
  }

  const existingIds: RestorePlan['existingIds'] = {
    schedules: new Map(),
    records: perRecordType(() => new Map()),
    energy: new Map(),
  };
  const theirSchedulePrints = new Map<number, string>();
  const theirRecordPrints = new Map<string, string>();
  const theirEnergyPrints = new Map<number, string>();

  const vehicles: VehiclePlan[] = theirs.vehicles.map((vehicle) => {
    const existingId = ourVehicles.get(vehicleIdentity(vehicle)) ?? null;
    if (existingId === null) {
      counts.vehicles += 1;
      needFile(vehicle.imageUrl);
    } else {
      existing.vehicles += 1;
    }
    const matchIn = <Key>(map: Map<number, Multiset<Key>>, print: string) =>
      existingId === null ? undefined : map.get(existingId)?.take(print);
    const plan: VehiclePlan = {
      source: vehicle,
      existingId,
      schedules: [],
      records: perRecordType(() => []),
      energy: [],
      readings: [],
      recordImages: [],
      vehicleImages: [],
      documents: [],
    };

    for (const schedule of theirs.serviceSchedules.filter((row) => row.vehicleId === vehicle.id)) {
      const print = fingerprint(schedule, theirSha);
      theirSchedulePrints.set(schedule.id, print);
      const match = matchIn(schedulesByVehicle, print);
      if (match === undefined) {
        plan.schedules.push(schedule);
        counts.schedules += 1;
      } else {
        existingIds.schedules.set(schedule.id, match);
        existing.schedules += 1;
      }
    }
    for (const [kind, list] of RECORD_LISTS) {
      const counted = list;
      for (const record of theirs[list].filter((row) => row.vehicleId === vehicle.id)) {
        const scheduleId = 'scheduleId' in record ? (record.scheduleId as number | null) : null;
        const print = fingerprint(record, theirSha, {
          kind,
          scheduleId: scheduleId === null ? null : (theirSchedulePrints.get(scheduleId) ?? null),
        });
        theirRecordPrints.set(`${kind}:${record.id}`, print);
        const match = matchIn(recordsByVehicle, print);
        if (match === undefined) {
          plan.records[kind].push(record);
          counts[counted] += 1;
          needFile(record.fileUrl);
          needFile(record.imageUrl);
        } else {
          existingIds.records[kind].set(record.id, match);
          existing[counted] += 1;
        }
      }
    }
    for (const entry of theirs.energyEntries.filter((row) => row.vehicleId === vehicle.id)) {
      const print = fingerprint(entry, theirSha);
      theirEnergyPrints.set(entry.id, print);
      const match = matchIn(energyByVehicle, print);
      if (match === undefined) {
        plan.energy.push(entry);
        counts.energy += 1;
        needFile(entry.fileUrl);
        needFile(entry.imageUrl);
      } else {
        existingIds.energy.set(entry.id, match);
        existing.energy += 1;
      }
    }
    for (const reading of theirs.odometerReadings.filter((row) => row.vehicleId === vehicle.id)) {
      const print = fingerprint(
        reading,
        theirSha,
        readingLinks(reading, theirEnergyPrints, theirRecordPrints),
      );
      // Readings of entries and records come with them; those entered alone are counted.
      const isOwn = reading.energyEntryId === null && reading.recordId === null;
      if (matchIn(readingsByVehicle, print) === undefined) {
        plan.readings.push(reading);
        if (isOwn) counts.odometer += 1;
      } else if (isOwn) {
        existing.odometer += 1;
      }
    }
    const theirVehicleRecords = new Set(
      RECORD_LISTS.flatMap(([kind, list]) =>
        theirs[list]
          .filter((row) => row.vehicleId === vehicle.id)
          .map((row) => `${kind}:${row.id}`),
      ),
    );
    for (const image of theirs.recordImages) {
      const parent = `${image.recordType}:${image.recordId}`;
      if (!theirVehicleRecords.has(parent)) continue;
      const print = fingerprint(image, theirSha, {
        recordId: theirRecordPrints.get(parent) ?? null,
      });
      if (matchIn(recordImagesByVehicle, print) === undefined) {
        plan.recordImages.push(image);
        counts.photos += 1;
        needFile(image.imageUrl);
      } else {
        existing.photos += 1;
      }
    }
    for (const image of theirs.vehicleImages.filter((row) => row.vehicleId === vehicle.id)) {
      if (
        matchIn(vehicleImagesByVehicle, fingerprint(image, theirSha, NOT_PRIMARY)) === undefined
      ) {
        plan.vehicleImages.push(image);
        counts.photos += 1;
        needFile(image.imageUrl);
      } else {
        existing.photos += 1;
      }
    }
    for (const document of theirs.documents.filter((row) => row.vehicleId === vehicle.id)) {
      if (matchIn(documentsByVehicle, fingerprint(document, theirSha)) === undefined) {
        plan.documents.push(document);
        counts.documents += 1;
        needFile(document.fileUrl);
      } else {
        existing.documents += 1;
      }
    }
    return plan;
  });

  const accountDocuments: DocDocument[] = [];
  for (const document of theirs.documents.filter((row) => row.vehicleId === null)) {
    if (documentsByVehicle.get(0)?.take(fingerprint(document, theirSha)) === undefined) {
      accountDocuments.push(document);
      counts.documents += 1;
      needFile(document.fileUrl);
    } else {
      existing.documents += 1;
    }
  }
  counts.files = files.size;
  return { vehicles, accountDocuments, files, existingIds, counts, existing };
}
