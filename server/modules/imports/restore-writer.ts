/**
 * The rows a restore adds (decision 055), written in the order their links need: vehicles, then
 * what hangs off a vehicle (schedules before the maintenance that completed them, records and
 * fill-ups before their odometer readings and photos). Every link of the backup (a vehicle, a
 * schedule, a record, an entry, a file) is turned into the account's own: the row added now, or
 * the identical row the account already had. Moments of creation are kept, so that the same
 * backup restored again finds every row already there.
 */

import type { ImportCounts } from '@contract/imports';
import { RECORD_TYPES } from '@contract/records';
import { toDecimalText, toNumeric } from '../../db/numeric';
import type { Executor } from '../../db/open';
import { RECORD_TABLES } from '../../db/record-tables';
import {
  documents,
  energyEntries,
  odometerReadings,
  recordImages,
  serviceSchedules,
  vehicleImages,
} from '../../db/schema';
import { insertRows, insertVehicleRow } from './imports.repository';
import { emptyCounts } from './interpret';
import type { DocMaintenance, DocRecord, RecordKindName, RestorePlan } from './restore-plan';

const moment = (value: string | null) => (value === null ? null : new Date(value));
const odometer = (value: number | null) => toDecimalText(value, 1);
const quantity = (value: number | null) => toDecimalText(value, 3);

const COUNTED: Record<RecordKindName, keyof ImportCounts> = {
  maintenance: 'maintenance',
  repair: 'repairs',
  modification: 'modifications',
};

export async function insertRestoredRows(
  tx: Executor,
  {
    userId,
    importId,
    plan,
    url,
  }: {
    userId: number;
    importId: number;
    plan: RestorePlan;
    /** A row's file URL pointed at the file's new id (null when the backup lacked the file). */
    url: (value: string | null) => string | null;
  },
): Promise<ImportCounts> {
  const added = emptyCounts();
  const mine = { userId, importId };
  const vehicleIds = new Map<number, number>();
  const scheduleIds = new Map(plan.existingIds.schedules);
  const recordIds: Record<RecordKindName, Map<number, number>> = {
    maintenance: new Map(plan.existingIds.records.maintenance),
    repair: new Map(plan.existingIds.records.repair),
    modification: new Map(plan.existingIds.records.modification),
  };
  const energyIds = new Map(plan.existingIds.energy);

  for (const vehicle of plan.vehicles) {
    const { source } = vehicle;
    let vehicleId = vehicle.existingId;
    if (vehicleId === null) {
      vehicleId = await insertVehicleRow(tx, {
        ...mine,
        year: source.year,
        make: source.make,
        model: source.model,
        trim: source.trim,
        mileage: source.mileage,
        vin: source.vin,
        purchaseDate: source.purchaseDate,
        purchasePrice: toNumeric(source.purchasePrice),
        currentValue: toNumeric(source.currentValue),
        licensePlate: source.licensePlate,
        color: source.color,
        imageUrl: url(source.imageUrl),
        notes: source.notes,
        isProject: source.isProject,
        projectType: source.projectType,
        energies: source.energies,
        auxiliary: source.auxiliary,
        tankCapacity: quantity(source.tankCapacity),
        batteryCapacity: quantity(source.batteryCapacity),
        odometerUnit: source.odometerUnit,
        addedAt: new Date(source.addedAt),
      });
      added.vehicles += 1;
    }
    vehicleIds.set(source.id, vehicleId);
    const onVehicle = { ...mine, vehicleId };

    const schedules = await insertRows(
      tx,
      serviceSchedules,
      vehicle.schedules.map((schedule) => ({
        ...onVehicle,
        title: schedule.title,
        category: schedule.category,
        intervalMonths: schedule.intervalMonths,
        intervalDistance: schedule.intervalDistance,
        firstDueDate: schedule.firstDueDate,
        firstDueOdometer: odometer(schedule.firstDueOdometer),
        lastDoneDate: schedule.lastDoneDate,
        lastDoneOdometer: odometer(schedule.lastDoneOdometer),
        fixedIntervals: schedule.fixedIntervals,
        previousDueDate: schedule.previousDueDate,
        previousDueOdometer: odometer(schedule.previousDueOdometer),
        occurrence: schedule.occurrence,
        addedAt: new Date(schedule.addedAt),
      })),
    );
    vehicle.schedules.forEach((schedule, index) => {
      scheduleIds.set(schedule.id, schedules[index]!.id);
    });
    added.schedules += schedules.length;

    for (const kind of RECORD_TYPES) {
      const records = vehicle.records[kind];
      const ids = await insertRows(
        tx,
        RECORD_TABLES[kind],
        records.map((record: DocRecord | DocMaintenance) => ({
          ...onVehicle,
          title: record.title,
          category: record.category,
          description: record.description,
          cost: toNumeric(record.cost),
          date: record.date,
          location: record.location,
          technician: record.technician,
          notes: record.notes,
          fileUrl: url(record.fileUrl),
          imageUrl: url(record.imageUrl),
          isCompleted: record.isCompleted,
          completedAt: moment(record.completedAt),
          odometer: odometer(record.odometer),
          addedAt: new Date(record.addedAt),
          ...('dueDate' in record
            ? {
                dueDate: record.dueDate,
                dueMileage: record.dueMileage,
                scheduleId:
                  record.scheduleId === null ? null : (scheduleIds.get(record.scheduleId) ?? null),
              }
            : {}),
        })),
      );
      records.forEach((record, index) => {
        recordIds[kind].set(record.id, ids[index]!.id);
      });
      added[COUNTED[kind]] += ids.length;
    }

    const entries = await insertRows(
      tx,
      energyEntries,
      vehicle.energy.map((entry) => ({
        ...onVehicle,
        date: entry.date,
        odometer: odometer(entry.odometer),
        energy: entry.energy,
        quantity: quantity(entry.quantity)!,
        unit: entry.unit,
        canonicalQuantity: toDecimalText(entry.canonicalQuantity, 6)!,
        unitPrice: quantity(entry.unitPrice)!,
        totalCost: toNumeric(entry.totalCost)!,
        isFull: entry.isFull,
        missedPrevious: entry.missedPrevious,
        place: entry.place,
        notes: entry.notes,
        fileUrl: url(entry.fileUrl),
        imageUrl: url(entry.imageUrl),
        chargerKind: entry.chargerKind,
        socStart: entry.socStart,
        socEnd: entry.socEnd,
        batteryKwh: quantity(entry.batteryKwh),
        distanceOnEnergy: odometer(entry.distanceOnEnergy),
        addedAt: new Date(entry.addedAt),
      })),
    );
    vehicle.energy.forEach((entry, index) => {
      energyIds.set(entry.id, entries[index]!.id);
    });
    added.energy += entries.length;

    await insertRows(
      tx,
      odometerReadings,
      vehicle.readings.map((reading) => ({
        ...onVehicle,
        date: reading.date,
        odometer: odometer(reading.odometer)!,
        source: reading.source,
        energyEntryId:
          reading.energyEntryId === null ? null : (energyIds.get(reading.energyEntryId) ?? null),
        recordType: reading.recordType,
        recordId:
          reading.recordId === null
            ? null
            : (recordIds[reading.recordType as RecordKindName]?.get(reading.recordId) ?? null),
        isConfirmed: reading.isConfirmed,
        addedAt: new Date(reading.addedAt),
      })),
    );
    added.odometer += vehicle.readings.filter(
      (reading) => reading.energyEntryId === null && reading.recordId === null,
    ).length;

    const photos = await insertRows(
      tx,
      recordImages,
      vehicle.recordImages.flatMap((image) => {
        const recordId = recordIds[image.recordType as RecordKindName]?.get(image.recordId);
        const imageUrl = url(image.imageUrl);
        return recordId === undefined || imageUrl === null
          ? []
          : [
              {
                ...mine,
                recordId,
                recordType: image.recordType,
                imageUrl,
                caption: image.caption,
                isPrimary: image.isPrimary,
                addedAt: new Date(image.addedAt),
              },
            ];
      }),
    );
    added.photos += photos.length;

    // A vehicle keeps one primary photo: the account's, when it had one already.
    const hasPrimary = vehicle.existingId !== null;
    const images = await insertRows(
      tx,
      vehicleImages,
      vehicle.vehicleImages.flatMap((image) => {
        const imageUrl = url(image.imageUrl);
        return imageUrl === null
          ? []
          : [
              {
                ...onVehicle,
                imageUrl,
                caption: image.caption,
                isPrimary: image.isPrimary && !hasPrimary,
                addedAt: new Date(image.addedAt),
              },
            ];
      }),
    );
    added.photos += images.length;
  }

  const allDocuments = [
    ...plan.vehicles.flatMap((vehicle) => vehicle.documents),
    ...plan.accountDocuments,
  ];
  const inserted = await insertRows(
    tx,
    documents,
    allDocuments.map((document) => ({
      ...mine,
      vehicleId: document.vehicleId === null ? null : (vehicleIds.get(document.vehicleId) ?? null),
      title: document.title,
      type: document.type,
      fileUrl: url(document.fileUrl),
      date: document.date,
      amount: toNumeric(document.amount),
      notes: document.notes,
      addedAt: new Date(document.addedAt),
    })),
  );
  added.documents += inserted.length;
  return added;
}
