/**
 * The maintenance category a service's own words name ("Troca de óleo" → Oil Change), in the
 * languages the apps export in. A title that names none gets no category; the pipeline files it
 * under Other, which is better than a wrong guess.
 */
import type { MAINTENANCE_CATEGORIES } from '../../../../contract/categories';
import { stemLookup } from './words';

export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];

/**
 * Word stems per category (English, Portuguese, Spanish, Russian, German, Polish). First match
 * wins: a filter before oil, so that "Oil filter" and "Filtro de óleo" are a filter replacement,
 * not an oil change.
 */
export const maintenanceCategoryOf = stemLookup<MaintenanceCategory>([
  ['Filter Replacement', ['filter', 'filtro', 'фильтр', 'filtr']],
  ['Oil Change', ['oil', 'oleo', 'aceite', 'масл', 'olwechsel', 'olej']],
  ['Tire Rotation', ['rotation', 'rodizio', 'rotacion', 'перестановк', 'reifenwechsel']],
  ['Wheel Alignment', ['alignment', 'alinhamento', 'alineacion', 'развал', 'spur', 'geometri']],
  ['Brake Service', ['brake', 'freio', 'freno', 'тормоз', 'bremse', 'hamul']],
  ['Spark Plugs', ['spark plug', 'vela', 'bujia', 'свеч', 'zundkerze', 'swiec']],
  ['Timing Belt', ['timing belt', 'correia dentada', 'distribucion', 'грм', 'zahnriemen', 'rozrz']],
  ['Battery Service', ['battery', 'bateria', 'аккумулятор', 'batterie', 'akumulator']],
  ['Fluid Change', ['fluid', 'fluido', 'liquido', 'жидкост', 'coolant', 'arrefecimento']],
  [
    'Scheduled Maintenance',
    ['inspection', 'revisao', 'revision', ' то ', 'техобслуживан', 'inspektion', 'przeglad'],
  ],
]);
