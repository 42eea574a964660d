/**
 * Restoring a backup or a passport (decision 055). The upload arrives on disk, streamed; its
 * manifest and document are checked, the files the restore needs are checked against their
 * SHA-256 and their photos' copies made, and they wait with the import (`import_files`), so that
 * the preview writes none of the user's rows. Apply compares the backup with the account again,
 * under the user's lock, and adds in one transaction what is not there yet, each row marked with
 * the import's id so that the import's undo (imports.service) removes exactly them. What the
 * backup may set is judged from what it holds, by the API's own rules (restore-checks.ts,
 * decision 062); file sizes are those measured, never those the backup declares.
 */
import crypto from 'node:crypto';
import { backupFilePath, type ExportDocument } from '@contract/backup';
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_MESSAGES,
  type ImportChoices,
  type ImportCounts,
  type ImportPreview,
  type ImportResult,
} from '@contract/imports';
import { fileIdFromUrl } from '@contract/uploads';
import { AppError, badRequest, notFound } from '../../app-error';
import type { Db, Executor } from '../../db/open';
import { requireVehicleToRead } from '../access/access.service';
import type { ExportScope } from '../accounts/accounts.repository';
import { followCurrentReading } from '../odometer/odometer-readings.service';
import type { SubscriptionService } from '../subscription/subscription.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { FileReaders } from './file-readers';
import {
  copyImportFile,
  deleteImport,
  deleteImportFiles,
  findImport,
  type ImportRow,
  insertImport,
  insertImportFile,
  lockImport,
  measureImportFiles,
  restoreAccountSettings,
  updateImport,
} from './imports.repository';
import { emptyCounts } from './interpret';
import { type CheckedRestore, checkRestore, judgeScope } from './restore-checks';
import {
  documentInAccountCurrency,
  type RestoreCurrency,
  restoreCurrencyOf,
  withoutCurrencySetting,
} from './restore-currency';
import { planRestore, type RestorePlan } from './restore-plan';
import { insertRestoredRows } from './restore-writer';
import { planRoomOf, requireWaitingSource } from './waiting';
import { openZip, type ZipReader } from './zip-reader';

/**
 * What a restore keeps until it is applied: the backup's document and what it is of, as judged
 * from its content (`judgeScope`).
 */
type WaitingRestore = { document: ExportDocument; scope: 'account' | 'vehicle'; evidence: string };

const isWaitingRestore = (source: unknown): source is WaitingRestore =>
  typeof source === 'object' && source !== null && 'document' in source;

const notFoundRestore = () => notFound('Import not found');

/** The bytes of a stored file, as a row points at it: `/uploads/<id>` and its copies. */
function withFileId(url: string | null, ids: ReadonlyMap<string, string>): string | null {
  if (url === null) return null;
  const id = fileIdFromUrl(url);
  // Only links to the backup's own files are left by restore-checks; anything else is dropped.
  if (!id) return null;
  const restored = ids.get(id);
  // A file the backup did not carry cannot be pointed at in this account.
  return restored ? url.replace(id, restored) : null;
}

export function createRestoresService({
  db,
  subscription,
  uploads,
  exportData,
  readBackup,
}: {
  db: Db;
  /** The backup's manifest and document, read off the event loop (decision 061). */
  readBackup: FileReaders['readBackup'];
  subscription: SubscriptionService;
  uploads: UploadsService;
  exportData: (userId: number, scope?: ExportScope) => Promise<ExportDocument>;
}) {
  function toPreview(
    row: ImportRow,
    waiting: WaitingRestore,
    { checked, currency }: JudgedRestore,
    plan: RestorePlan,
  ): ImportPreview {
    const { document } = waiting;
    const vehicleCounts = (vehicle: RestorePlan['vehicles'][number]): ImportCounts => ({
      ...emptyCounts(),
      vehicles: vehicle.existingId === null ? 1 : 0,
      energy: vehicle.energy.length,
      maintenance: vehicle.records.maintenance.length,
      repairs: vehicle.records.repair.length,
      modifications: vehicle.records.modification.length,
      odometer: vehicle.readings.filter(
        (reading) => reading.energyEntryId === null && reading.recordId === null,
      ).length,
      schedules: vehicle.schedules.length,
      documents: vehicle.documents.length,
      photos: vehicle.vehicleImages.length + vehicle.recordImages.length,
    });
    const certain = (evidence: string) => ({ evidence, certain: true });
    return {
      id: row.id,
      kind: 'restore',
      status: row.status as ImportPreview['status'],
      format: 'garage-ledger',
      formatLabel: IMPORT_FORMAT_LABELS['garage-ledger'],
      evidence: waiting.evidence,
      fileNames: row.fileNames,
      decimalSeparator: { value: '.', ...certain('Backups write numbers as JSON.') },
      dateFormat: {
        value: 'YMD',
        ...certain('Backups write ISO dates.'),
        example: null,
      },
      units: {
        distance: {
          value: document.preferences.distanceUnit,
          ...certain('Each vehicle states its unit.'),
        },
        volume: {
          value: document.preferences.volumeUnit,
          ...certain('Each fill-up states its unit.'),
        },
        currencies: [currency.foreign?.currency ?? currency.currency],
      },
      vehicles: plan.vehicles.map((vehicle) => ({
        key: String(vehicle.source.id),
        name: `${vehicle.source.year} ${vehicle.source.make} ${vehicle.source.model}`,
        vehicleId: vehicle.existingId,
        counts: vehicleCounts(vehicle),
        // A backup states every vehicle whole; its rows are the account's own, not shown again.
        odometerUnit: vehicle.source.odometerUnit === 'km' ? 'km' : 'mi',
        details: {
          year: vehicle.source.year,
          make: vehicle.source.make,
          model: vehicle.source.model,
        },
        suggested: {
          year: vehicle.source.year,
          make: vehicle.source.make,
          model: vehicle.source.model,
        },
        needsDetails: false,
        sampleRows: { energy: [], records: [], readings: [] },
      })),
      unknownColumns: [],
      currency: currency.currency,
      foreignCurrencies: currency.foreign ? [currency.foreign] : [],
      counts: plan.counts,
      existing: plan.existing,
      problems: checked.problems,
      problemCount: checked.problems.length,
      adjustments: [],
      adjustmentCount: 0,
      duplicates: [],
      duplicateCount: 0,
      needsChoice: currency.foreign?.rate === null ? ['currencyRates'] : [],
      createdAt: row.createdAt.toISOString(),
      appliedAt: row.appliedAt?.toISOString() ?? null,
      added: (row.added as ImportCounts | null) ?? null,
      settings: checked.settings,
    };
  }

  /** The account as the restore compares with it: its own export document. */
  const ours = (userId: number) => exportData(userId);

  /** A waiting restore judged against the account as it is now, with the user's choices. */
  async function judgeWaiting(row: ImportRow, waiting: WaitingRestore) {
    const account = await ours(row.userId);
    const judged = judge(waiting, account, (row.choices ?? {}) as ImportChoices);
    return { judged, plan: planRestore(judged.checked.document, account) };
  }

  /**
   * Checks each file the restore needs (present, its bytes those its SHA-256 names, of the type
   * it says, a photo decodable) and keeps it with the import, its copies made. The bytes read are
   * what counts against the storage (`room`): the size the document declares is not looked at.
   */
  async function stageFiles(
    userId: number,
    importId: number,
    zip: ZipReader,
    document: ExportDocument,
    needed: ReadonlySet<string>,
    room: number,
  ) {
    let measured = 0;
    for (const file of document.files) {
      if (!needed.has(file.id)) continue;
      const bytes = await zip.read(
        file.path ?? backupFilePath(file.id),
        uploads.maxStoredFileBytes,
      );
      if (bytes === null) throw badRequest(IMPORT_MESSAGES.damaged);
      measured += bytes.length;
      if (measured > room) throw new AppError(413, IMPORT_MESSAGES.backupTooLarge);
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      if (file.sha256 !== null && file.sha256 !== sha256) throw badRequest(IMPORT_MESSAGES.damaged);
      const prepared = await uploads
        .prepareRestoredFile(userId, bytes, file.contentType, file.originalName)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.statusCode < 500 && error.statusCode !== 503) {
            throw badRequest(IMPORT_MESSAGES.damaged);
          }
          throw error;
        });
      await insertImportFile(db, { importId, key: file.id, sha256, ...prepared });
    }
  }

  /** Everything the plan adds, in the caller's transaction; answers what was added. */
  async function writeRestore(
    tx: Executor,
    userId: number,
    importId: number,
    checked: CheckedRestore,
    plan: RestorePlan,
  ): Promise<ImportCounts> {
    const fileIds = new Map<string, string>();
    for (const key of plan.files) {
      const id = crypto.randomBytes(24).toString('base64url');
      await copyImportFile(tx, { importId, key, userId, id });
      fileIds.set(key, id);
    }
    const url = (value: string | null) => withFileId(value, fileIds);
    const added = await insertRestoredRows(tx, { userId, importId, plan, url });
    added.files = fileIds.size;
    const settings = checked.accountSettings;
    if (settings !== null) {
      await restoreAccountSettings(tx, userId, {
        user: settings.user,
        profileImageUrl: url(settings.profileImageUrl),
        notifications: settings.notifications,
        newUnsubscribeKey: crypto.randomBytes(32).toString('hex'),
      });
    }
    for (const vehicle of plan.vehicles) {
      if (vehicle.existingId !== null && vehicle.readings.length > 0) {
        await followCurrentReading(tx, userId, vehicle.existingId);
      }
    }
    return added;
  }

  return {
    /** A waiting restore's preview against the account as it is now (`GET /api/imports/{id}`). */
    async previewOf(row: ImportRow): Promise<ImportPreview> {
      const waiting = requireWaitingRestore(row);
      const { judged, plan } = await judgeWaiting(row, waiting);
      return toPreview(row, waiting, judged, plan);
    },

    /**
     * `PATCH /api/imports/{id}` of a restore: a rate for the backup's currency (or 'keep'), the
     * only reading of a backup a user chooses; answers the new preview.
     */
    async choose(userId: number, id: number, choices: ImportChoices): Promise<ImportPreview> {
      const { currencyRates = {}, ...others } = choices;
      return db.transaction(async (tx) => {
        const row = await lockImport(tx, userId, id);
        if (row?.kind !== 'restore') throw notFoundRestore();
        // D9 first: another user's vehicle named anywhere is not found, whatever else is wrong.
        for (const vehicleId of Object.values(choices.vehicles ?? {})) {
          if (vehicleId !== null) await requireVehicleToRead(tx, userId, vehicleId);
        }
        if (Object.keys(others).length > 0) throw badRequest(IMPORT_MESSAGES.restoreTakesOnlyRates);
        const waiting = requireWaitingRestore(row);
        const before = (row.choices ?? {}) as ImportChoices;
        const { judged } = await judgeWaiting(row, waiting);
        for (const code of Object.keys(currencyRates)) {
          if (code !== judged.currency.foreign?.currency) {
            throw badRequest(IMPORT_MESSAGES.unknownCurrency);
          }
        }
        const merged: ImportChoices = {
          ...before,
          currencyRates: { ...before.currencyRates, ...currencyRates },
        };
        const chosen = { ...row, choices: merged };
        const again = await judgeWaiting(chosen, waiting);
        const preview = toPreview(chosen, waiting, again.judged, again.plan);
        await updateImport(tx, userId, id, { choices: merged, preview });
        return preview;
      });
    },

    /**
     * `POST /api/user/restore`: the backup on disk read and checked, its needed files kept with
     * the import, the preview answered. Damaged or foreign zips change nothing.
     */
    async preview(
      userId: number,
      upload: { path: string; filename: string },
    ): Promise<ImportPreview> {
      const { manifest, document } = await readBackup(upload.path);
      const zip = await openZip(upload.path).catch(() => {
        throw badRequest(IMPORT_MESSAGES.notBackup);
      });
      try {
        const waiting: WaitingRestore = { document, ...judgeScope(manifest, document) };
        const account = await ours(userId);
        const judged = judge(waiting, account, {});
        const plan = planRestore(judged.checked.document, account);
        const status = await subscription.getStatus(userId);
        const room = status.storage.quotaBytes - status.storage.usedBytes;
        const row = await insertImport(db, {
          userId,
          kind: 'restore',
          format: 'garage-ledger',
          fileNames: [upload.filename],
          source: waiting,
        });
        try {
          await stageFiles(userId, row.id, zip, document, plan.files, room);
        } catch (error) {
          await deleteImport(db, userId, row.id);
          throw error;
        }
        const preview = toPreview(row, waiting, judged, plan);
        await updateImport(db, userId, row.id, { preview });
        return preview;
      } finally {
        zip.close();
      }
    },

    /** `POST /api/user/restore/{id}/apply`: what is not in the account yet, in one transaction. */
    async apply(userId: number, id: number): Promise<ImportResult> {
      const first = await findImport(db, userId, id);
      if (first?.kind !== 'restore') throw notFoundRestore();
      const { judged: firstJudged, plan: before } = await judgeWaiting(
        first,
        requireWaitingRestore(first),
      );
      // Rates are only ever added to a preview's choices: one missing now is missing at apply.
      if (firstJudged.currency.foreign?.rate === null) {
        throw new AppError(409, IMPORT_MESSAGES.chooseRateBeforeRestoring);
      }
      return db.transaction(async (tx) => {
        // The user's row first (the plan and the quota), then the import: two restores of one
        // account line up, so the second compares with what the first added.
        await subscription.assertRoomFor(tx, userId, planRoomOf(before.counts));
        await subscription.assertRoomToStore(
          tx,
          userId,
          await measureImportFiles(tx, id, before.files),
        );
        const row = await lockImport(tx, userId, id);
        if (!row) throw notFoundRestore();
        const waiting = requireWaitingRestore(row);
        const { judged, plan } = await judgeWaiting(row, waiting);
        const added = await writeRestore(tx, userId, id, judged.checked, plan);
        await deleteImportFiles(tx, id);
        const appliedAt = new Date();
        const preview = toPreview(
          { ...row, status: 'applied', appliedAt, added },
          waiting,
          judged,
          plan,
        );
        await updateImport(tx, userId, id, {
          status: 'applied',
          appliedAt,
          added,
          source: null,
          preview,
        });
        return { id, added };
      });
    },
  };
}

/** A waiting restore as apply would take it: its currency, and its document checked. */
type JudgedRestore = { checked: CheckedRestore; currency: RestoreCurrency };

/**
 * A waiting restore's document as the API's rules take it, its amounts in the account's currency
 * (decision 070). A document without an account is a passport whatever was stored with it
 * (restores waiting from before decision 062 kept the manifest's word).
 */
function judge(
  waiting: WaitingRestore,
  account: ExportDocument,
  choices: ImportChoices,
): JudgedRestore {
  const scope = waiting.document.user === null ? 'vehicle' : waiting.scope;
  const currency = restoreCurrencyOf(waiting.document, scope, account, choices);
  const checked = checkRestore(documentInAccountCurrency(waiting.document, currency), scope);
  // The account keeps its currency while the backup's amounts come over into it.
  return { checked: currency.foreign ? withoutCurrencySetting(checked) : checked, currency };
}

/** A restore waiting to be applied, or why it cannot be. */
const requireWaitingRestore = (row: ImportRow) => requireWaitingSource(row, isWaitingRestore);

export type RestoresService = ReturnType<typeof createRestoresService>;
