/**
 * The maintenance category of a service as another app names it ("Engine Oil, Oil Filter",
 * "Troca de óleo", "Замена масла"), in the languages the apps export in: the first service a row
 * lists that names a category gives it. A title that names none gets no category; the pipeline
 * files it under 'Other', which is better than a wrong guess.
 */
import type { MAINTENANCE_CATEGORIES } from '@contract/categories';
import { stemLookup } from './words';

export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];

/**
 * Word stems per category (English, Portuguese, Spanish, Russian, German, Polish). First match
 * wins: a filter before oil ("Oil filter", "Filtro de óleo" are filter replacements), a fluid
 * before brakes ("Brake fluid" is a fluid change).
 */
const categoryOfService = stemLookup<MaintenanceCategory>([
  ['Filter Replacement', ['filter', 'filtro', 'фильтр', 'filtr']],
  [
    'Fluid Change',
    ['fluid', 'fluido', 'liquido', 'жидкост', 'coolant', 'antifreeze', 'arrefecimento'],
  ],
  ['Oil Change', ['oil', 'oleo', 'aceite', 'масл', 'olwechsel', 'olej']],
  ['Tire Rotation', ['rotation', 'rodizio', 'rotacion', 'перестановк', 'reifenwechsel']],
  ['Wheel Alignment', ['alignment', 'alinhamento', 'alineacion', 'развал', 'spur', 'geometri']],
  ['Brake Service', ['brake', 'freio', 'freno', 'тормоз', 'bremse', 'hamul']],
  ['Spark Plugs', ['spark plug', 'vela', 'bujia', 'свеч', 'zundkerze', 'swiec']],
  ['Timing Belt', ['timing belt', 'correia dentada', 'distribucion', 'грм', 'zahnriemen', 'rozrz']],
  ['Battery Service', ['battery', 'bateria', 'аккумулятор', 'batterie', 'akumulator']],
  ['Engine Tune-up', ['tune-up', 'tune up', 'tuneup']],
  [
    'Scheduled Maintenance',
    [
      'inspection',
      'scheduled',
      'service interval',
      'revisao',
      'revision',
      ' то ',
      'техобслуживан',
      'inspektion',
      'przeglad',
    ],
  ],
]);

/** The category of the first listed service that names one; undefined if none does. */
export function maintenanceCategoryOf(
  services: string | undefined,
): MaintenanceCategory | undefined {
  if (services === undefined) return undefined;
  for (const service of services.split(/[,;+/]/)) {
    const category = categoryOfService(service);
    if (category) return category;
  }
  return undefined;
}
