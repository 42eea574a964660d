/**
 * Imports (decision 055): an upload is read into a preview that writes nothing but the import's
 * own row; the user's choices change the preview; apply adds everything in one transaction, each
 * row marked with the import's id; undo deletes exactly those rows. Ownership of every vehicle
 * named is checked here, as everywhere, by the access checks.
 */
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportChoices,
  type ImportCounts,
  type ImportFormat,
  type ImportList,
  type ImportPreview,
  type ImportResult,
} from '@contract/imports';
import { RECORD_TYPES } from '@contract/records';
import type { IMPORT_CHOICE_NAMES } from '@contract/schemas/imports';
import { AppError, badRequest, notFound } from '../../app-error';
import type { Db, Executor } from '../../db/open';
import { requireVehicleToRead, requireVehicleToWrite } from '../access/access.service';
import { readPreferences } from '../accounts/preferences.service';
import { followCurrentReading } from '../odometer/odometer-readings.service';
import type { SubscriptionService } from '../subscription/subscription.service';
import { releaseFiles } from '../uploads/release-files.service';
import type { FileReaders } from './file-readers';
import {
  deleteExpiredPreviews,
  deleteRowsOfImport,
  findAccountVehicles,
  findExistingKeys,
  findImport,
  findImportSummary,
  findUrlsOfImport,
  findVehiclesOfImport,
  type ImportRow,
  insertEnergyRows,
  insertImport,
  insertReadingRows,
  insertRecordRows,
  insertVehicleRow,
  listImports,
  lockImport,
  updateImport,
} from './imports.repository';
import { currenciesOf, emptyCounts, type Interpretation, interpret, listed } from './interpret';
import type { RestoresService } from './restores.service';
import type { SourceReading } from './sources/source';
import { planRoomOf, requireFreshPreview, requireWaitingSource } from './waiting';

/** What a preview keeps of the upload until it is applied: the reader's rows and its reasons. */
type WaitingSource = {
  reading: SourceReading;
  evidence: string;
  vehicleId: number | null;
};

const notFoundImport = () => notFound('Import not found');

const isWaiting = (source: unknown): source is WaitingSource =>
  typeof source === 'object' && source !== null && 'reading' in source;

/** The moment work done on `date` is listed as completed: midday, so every zone sees the day. */
function completedOn(date: string | null): Date {
  return date ? new Date(`${date}T12:00:00Z`) : new Date();
}

export function createImportsService({
  db,
  subscription,
  readFiles,
  restores,
}: {
  db: Db;
  subscription: SubscriptionService;
  /** The upload read off the event loop, within its budgets (decision 061). */
  readFiles: FileReaders['readImport'];
  /** A waiting restore's preview and choices (restores.service): its own calls apply it. */
  restores: Pick<RestoresService, 'previewOf' | 'choose'>;
}) {
  /** The interpretation of a waiting import against the account as it is now. */
  async function interpretWaiting(executor: Executor, row: ImportRow, source: WaitingSource) {
    const [preferences, vehicles] = await Promise.all([
      readPreferences(executor, row.userId),
      findAccountVehicles(executor, row.userId),
    ]);
    const existing = await findExistingKeys(
      executor,
      row.userId,
      vehicles.map((vehicle) => vehicle.id),
    );
    const format = row.format as ImportFormat;
    return interpret(
      source.reading,
      row.choices as ImportChoices,
      { preferences, vehicles, existing, vehicleId: source.vehicleId },
      IMPORT_FORMAT_LABELS[format],
    );
  }

  function toPreview(
    row: ImportRow,
    evidence: string,
    interpretation: Interpretation,
  ): ImportPreview {
    const format = row.format as ImportFormat;
    return {
      id: row.id,
      kind: row.kind as ImportPreview['kind'],
      status: row.status as ImportPreview['status'],
      format,
      formatLabel: IMPORT_FORMAT_LABELS[format],
      evidence,
      fileNames: row.fileNames,
      decimalSeparator: interpretation.decimalSeparator,
      dateFormat: interpretation.dateFormat,
      units: interpretation.units,
      vehicles: interpretation.vehicles.map((vehicle) => ({
        key: vehicle.key,
        name: vehicle.name,
        vehicleId: vehicle.vehicleId,
        counts: vehicle.counts,
        odometerUnit: vehicle.odometerUnit,
        details: {
          year: vehicle.create.year,
          make: vehicle.create.make,
          model: vehicle.create.model,
        },
        suggested: vehicle.suggested,
        needsDetails: vehicle.needsDetails,
        sampleRows: sampleRowsOf(vehicle),
      })),
      unknownColumns: interpretation.unknownColumns,
      currency: interpretation.currency,
      foreignCurrencies: interpretation.foreignCurrencies,
      counts: interpretation.counts,
      existing: interpretation.existing,
      problems: listed(interpretation.problems),
      problemCount: interpretation.problems.length,
      adjustments: listed(interpretation.adjustments),
      adjustmentCount: interpretation.adjustments.length,
      duplicates: listed(interpretation.duplicates),
      duplicateCount: interpretation.duplicates.length,
      // A reading once chosen is settled; vehicle details and rates are judged per vehicle and
      // per currency by the interpretation itself.
      needsChoice: interpretation.needsChoice.filter(
        (name) =>
          name === 'vehicleDetails' ||
          name === 'currencyRates' ||
          (row.choices as ImportChoices)[name] === undefined,
      ),
      createdAt: row.createdAt.toISOString(),
      appliedAt: row.appliedAt?.toISOString() ?? null,
      added: (row.added as ImportCounts | null) ?? null,
    };
  }

  /** A waiting preview, or the 409 or 410 of one that is not. */
  const requireWaiting = (row: ImportRow) => requireWaitingSource(row, isWaiting);

  /**
   * The preview as last computed (decision 061): one query of the import's row, without what it
   * read of the file. A waiting preview kept from before previews were stored is computed once
   * and kept.
   */
  async function previewOf(userId: number, id: number): Promise<ImportPreview> {
    const row = await findImportSummary(db, userId, id);
    if (!row) throw notFoundImport();
    if (row.status === 'preview') requireFreshPreview(row);
    const stored = row.preview as StoredPreview | null;
    if (stored) {
      return {
        ...withPreviewFields(stored),
        status: row.status as ImportPreview['status'],
        appliedAt: row.appliedAt?.toISOString() ?? null,
        added: (row.added as ImportCounts | null) ?? null,
      };
    }
    // A preview cancelled before apply keeps nothing to answer with.
    if (row.status !== 'preview') throw new AppError(410, IMPORT_MESSAGES.discarded);
    const full = await findImport(db, userId, id);
    if (!full) throw notFoundImport();
    const preview =
      full.kind === 'restore'
        ? await restores.previewOf(full)
        : await computePreview(db, full, requireWaiting(full));
    await updateImport(db, userId, id, { preview });
    return preview;
  }

  async function computePreview(executor: Executor, row: ImportRow, source: WaitingSource) {
    return toPreview(row, source.evidence, await interpretWaiting(executor, row, source));
  }

  /** An import of files, not a restore (whose preview is applied by its own call). */
  function requireImportOfFiles(row: ImportRow | undefined): ImportRow {
    if (row?.kind !== 'import') throw notFoundImport();
    return row;
  }

  /** Writes what the interpretation adds, marked with the import; answers the counts added. */
  async function writePlan(
    tx: Executor,
    userId: number,
    importId: number,
    interpretation: Interpretation,
  ): Promise<ImportCounts> {
    const added = emptyCounts();
    for (const vehicle of interpretation.vehicles) {
      let vehicleId = vehicle.vehicleId;
      if (vehicleId === null) {
        const { year, make, model } = vehicle.create;
        // Apply is refused while a new vehicle's details are unknown (needsChoice).
        if (year === null || make === null || model === null) {
          throw new AppError(409, IMPORT_MESSAGES.chooseFirst(CHOICE_WORDS.vehicleDetails));
        }
        vehicleId = await insertVehicleRow(tx, {
          ...vehicle.create,
          year,
          make,
          model,
          userId,
          importId,
        });
        added.vehicles += 1;
      }
      const energyIds = await insertEnergyRows(
        tx,
        vehicle.energy.map((entry) => ({ ...entry, userId, vehicleId, importId })),
      );
      const readings: Parameters<typeof insertReadingRows>[1][number][] = [];
      vehicle.energy.forEach((entry, index) => {
        if (entry.odometer === null) return;
        readings.push({
          userId,
          vehicleId,
          importId,
          date: entry.date,
          odometer: entry.odometer,
          source: 'energy',
          energyEntryId: energyIds[index]!.id,
        });
      });
      added.energy += energyIds.length;
      for (const type of RECORD_TYPES) {
        const records = vehicle.records.filter((record) => record.type === type);
        const ids = await insertRecordRows(
          tx,
          type,
          records.map(({ type: _type, ...record }) => ({
            ...record,
            userId,
            vehicleId,
            importId,
            // Done on its day (D19's activity), not at the moment of the import.
            completedAt: record.isCompleted ? completedOn(record.date) : null,
          })),
        );
        records.forEach((record, index) => {
          if (record.odometer === null || record.date === null) return;
          readings.push({
            userId,
            vehicleId,
            importId,
            date: record.date,
            odometer: record.odometer,
            source: 'record',
            recordType: type,
            recordId: ids[index]!.id,
          });
        });
        const counted =
          type === 'maintenance' ? 'maintenance' : type === 'repair' ? 'repairs' : 'modifications';
        added[counted] += ids.length;
      }
      for (const reading of vehicle.readings) {
        readings.push({ userId, vehicleId, importId, ...reading, source: 'import' });
      }
      await insertReadingRows(tx, readings);
      added.odometer += vehicle.readings.length;
      await followCurrentReading(tx, userId, vehicleId);
    }
    return added;
  }

  return {
    /**
     * `POST /api/imports`: the upload read, its source detected (or the one asked for), a
     * preview answered. Writes the import's row and nothing else.
     */
    async preview(
      userId: number,
      uploaded: readonly { name: string; bytes: Buffer }[],
      options: { source: ImportFormat | null; vehicleId: number | null },
    ): Promise<ImportPreview> {
      if (options.vehicleId !== null) await requireVehicleToRead(db, userId, options.vehicleId);
      const { format, evidence, reading } = await readFiles(uploaded, options.source);
      const waiting: WaitingSource = { reading, evidence, vehicleId: options.vehicleId };
      const row = await insertImport(db, {
        userId,
        kind: 'import',
        format,
        fileNames: uploaded.map((file) => file.name),
        source: waiting,
      });
      const preview = await computePreview(db, row, waiting);
      await updateImport(db, userId, row.id, { preview });
      return preview;
    },

    /** `GET /api/imports/{id}`: the preview as last computed, one query. */
    get: previewOf,

    /** `PATCH /api/imports/{id}`: the user's choices replace the file's readings. */
    async choose(userId: number, id: number, choices: ImportChoices): Promise<ImportPreview> {
      const found = await findImport(db, userId, id);
      if (found?.kind === 'restore') return restores.choose(userId, id, choices);
      return db.transaction(async (tx) => {
        const row = requireImportOfFiles(await lockImport(tx, userId, id));
        const source = requireWaiting(row);
        const keys = new Set(source.reading.vehicles.map((vehicle) => vehicle.key));
        for (const [key, vehicleId] of Object.entries(choices.vehicles ?? {})) {
          if (!keys.has(key)) throw badRequest(IMPORT_MESSAGES.unknownVehicleKey);
          if (vehicleId !== null) await requireVehicleToRead(tx, userId, vehicleId);
        }
        for (const key of Object.keys(choices.vehicleDetails ?? {})) {
          if (!keys.has(key)) throw badRequest(IMPORT_MESSAGES.unknownVehicleKey);
        }
        const currencies = new Set(currenciesOf(source.reading));
        for (const code of Object.keys(choices.currencyRates ?? {})) {
          if (!currencies.has(code)) throw badRequest(IMPORT_MESSAGES.unknownCurrency);
        }
        const before = row.choices as ImportChoices;
        // Choices by vehicle and by currency add to those made before, one at a time.
        const merged: ImportChoices = {
          ...before,
          ...choices,
          vehicles: { ...before.vehicles, ...choices.vehicles },
          vehicleDetails: { ...before.vehicleDetails, ...choices.vehicleDetails },
          currencyRates: { ...before.currencyRates, ...choices.currencyRates },
        };
        const preview = await computePreview(tx, { ...row, choices: merged }, source);
        await updateImport(tx, userId, id, { choices: merged, preview });
        return preview;
      });
    },

    /** `POST /api/imports/{id}/apply`: everything the preview adds, in one transaction. */
    async apply(userId: number, id: number): Promise<ImportResult> {
      const first = requireImportOfFiles(await findImport(db, userId, id));
      const waiting = requireWaiting(first);
      const before = await interpretWaiting(db, first, waiting);
      const unchosen = toPreview(first, waiting.evidence, before).needsChoice;
      if (unchosen.length > 0) {
        throw new AppError(409, IMPORT_MESSAGES.chooseFirst(CHOICE_WORDS[unchosen[0]!]));
      }
      return db.transaction(async (tx) => {
        // Lock order: the user's row (the plan's counts), the import, then its vehicles.
        await subscription.assertRoomFor(tx, userId, planRoomOf(before.counts));
        const row = await lockImport(tx, userId, id);
        if (!row) throw notFoundImport();
        const source = requireWaiting(row);
        const targets = [
          ...new Set(
            before.vehicles
              .map((vehicle) => vehicle.vehicleId)
              .filter((vehicleId): vehicleId is number => vehicleId !== null),
          ),
        ].sort((a, b) => a - b);
        for (const vehicleId of targets) await requireVehicleToWrite(tx, userId, vehicleId);
        // Read again under the locks: what was added meanwhile is a duplicate now.
        const interpretation = await interpretWaiting(tx, row, source);
        const added = await writePlan(tx, userId, id, interpretation);
        const appliedAt = new Date();
        const preview = toPreview(
          { ...row, status: 'applied', appliedAt, added },
          source.evidence,
          interpretation,
        );
        await updateImport(tx, userId, id, {
          status: 'applied',
          appliedAt,
          added,
          // Once applied, only its summary stays: the file's rows are let go.
          source: null,
          preview,
        });
        return { id, added };
      });
    },

    /**
     * `DELETE /api/imports/{id}`: a preview is forgotten; an applied import's rows are deleted,
     * every one it added and nothing else, and the files only they used are released.
     */
    async undo(userId: number, id: number): Promise<ImportResult> {
      return db.transaction(async (tx) => {
        const row = await lockImport(tx, userId, id);
        if (!row) throw notFoundImport();
        if (row.status === 'undone') throw new AppError(409, IMPORT_MESSAGES.undone);
        const removed = emptyCounts();
        if (row.status === 'preview') {
          await updateImport(tx, userId, id, {
            status: 'undone',
            undoneAt: new Date(),
            source: null,
            preview: null,
          });
          return { id, added: removed };
        }
        const vehicleIds = await findVehiclesOfImport(tx, userId, id);
        for (const vehicleId of [...vehicleIds].sort((a, b) => a - b)) {
          await requireVehicleToWrite(tx, userId, vehicleId);
        }
        const urls = await findUrlsOfImport(tx, userId, id);
        await deleteRowsOfImport(tx, userId, id, removed);
        await releaseFiles(tx, userId, urls);
        for (const vehicleId of vehicleIds) await followCurrentReading(tx, userId, vehicleId);
        await updateImport(tx, userId, id, { status: 'undone', undoneAt: new Date() });
        return { id, added: removed };
      });
    },

    /** The background job: previews left waiting past their time go, with their files. */
    async purgeExpired(): Promise<{ deleted: number }> {
      const before = new Date(Date.now() - IMPORT_LIMITS.previewHours * 3_600_000);
      return { deleted: await deleteExpiredPreviews(db, before) };
    },

    /** `GET /api/imports`: the user's imports and restores, newest first. */
    async list(userId: number): Promise<ImportList> {
      const rows = await listImports(db, userId);
      return rows.map((row) => {
        const format = row.format as ImportFormat;
        return {
          id: row.id,
          kind: row.kind as ImportList[number]['kind'],
          format,
          formatLabel: IMPORT_FORMAT_LABELS[format],
          status: row.status as ImportList[number]['status'],
          fileNames: row.fileNames,
          createdAt: row.createdAt.toISOString(),
          appliedAt: row.appliedAt?.toISOString() ?? null,
          undoneAt: row.undoneAt?.toISOString() ?? null,
          added: (row.added as ImportCounts | null) ?? null,
        };
      });
    },
  };
}

/** How the message of a choice still to make names it. */
const CHOICE_WORDS: Record<(typeof IMPORT_CHOICE_NAMES)[number], string> = {
  decimalSeparator: 'the decimal separator',
  dateFormat: 'the date order',
  distanceUnit: 'the distance unit',
  volumeUnit: 'the volume unit',
  vehicleDetails: 'the year, make and model of each new vehicle',
  currencyRates: 'how to convert the amounts to your currency',
};

/**
 * A preview stored by an apply before previews showed rows, unknown columns, vehicle details and
 * currencies: answered with those empty, so that an old import still opens.
 */
type PreviewVehicle = ImportPreview['vehicles'][number];
type NewFields =
  | 'unknownColumns'
  | 'currency'
  | 'foreignCurrencies'
  | 'adjustments'
  | 'adjustmentCount';
type StoredPreview = Omit<ImportPreview, NewFields | 'vehicles'> &
  Partial<Pick<ImportPreview, NewFields>> & {
    vehicles: (Pick<PreviewVehicle, 'key' | 'name' | 'vehicleId' | 'counts'> &
      Partial<PreviewVehicle>)[];
  };

function withPreviewFields(stored: StoredPreview): ImportPreview {
  const none = { year: null, make: null, model: null };
  return {
    ...stored,
    unknownColumns: stored.unknownColumns ?? [],
    adjustments: stored.adjustments ?? [],
    adjustmentCount: stored.adjustmentCount ?? 0,
    currency: stored.currency ?? stored.units.currencies[0] ?? 'USD',
    foreignCurrencies: stored.foreignCurrencies ?? [],
    vehicles: stored.vehicles.map((vehicle) => ({
      ...vehicle,
      odometerUnit: vehicle.odometerUnit ?? stored.units.distance.value,
      details: vehicle.details ?? none,
      suggested: vehicle.suggested ?? none,
      needsDetails: vehicle.needsDetails ?? false,
      sampleRows: vehicle.sampleRows ?? { energy: [], records: [], readings: [] },
    })),
  };
}

/** The first rows of each kind a vehicle adds, as they are stored (numbers as the API's). */
function sampleRowsOf(vehicle: Interpretation['vehicles'][number]) {
  const first = <Row>(rows: readonly Row[]) => rows.slice(0, IMPORT_LIMITS.sampleRows);
  const figure = (value: string | null) => (value === null ? null : Number(value));
  const countKind = {
    maintenance: 'maintenance',
    repair: 'repairs',
    modification: 'modifications',
  } as const;
  return {
    energy: first(vehicle.energy).map((entry) => ({
      date: entry.date,
      odometer: figure(entry.odometer),
      energy: entry.energy,
      quantity: Number(entry.quantity),
      unit: entry.unit,
      unitPrice: Number(entry.unitPrice),
      totalCost: Number(entry.totalCost),
      isFull: entry.isFull,
      missedPrevious: entry.missedPrevious,
    })),
    records: first(vehicle.records).map((record) => ({
      kind: countKind[record.type],
      date: record.date,
      title: record.title,
      category: record.category,
      cost: figure(record.cost),
      odometer: figure(record.odometer),
      isCompleted: record.isCompleted,
    })),
    readings: first(vehicle.readings).map((reading) => ({
      date: reading.date,
      odometer: Number(reading.odometer),
    })),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
