/**
 * Spritmonitor.de exports built from the documented format (research §4.6, the official
 * description in lubelog #2 and PySpritmonitor's codes), never from a user's file: `;` between
 * cells, DD.MM.YYYY, a decimal comma, `\;` inside a note. The fuelings are a diesel plug-in
 * hybrid's (diesel, AdBlue and charges in kWh) with every fueling type, a second currency, an
 * unknown type and a fueling without quantity; the costs hold every kind of cost type, one
 * without a type and an unknown one.
 */
import { textFile } from './test-files';

export type SpritmonitorLanguage = 'English' | 'German';

const FUELING_HEADERS: Record<SpritmonitorLanguage, string> = {
  English:
    'Date;Odometer;Trip;Quantity;Total price;Currency;Type;Tires;Roads;Driving style;Fuel;Note;Consumption;BC-Consumption;BC-Quantity;BC-Speed;Company;Country;Area;Location',
  German:
    'Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;Reifen;Strecken;Fahrweise;Kraftstoff;Bemerkung;Verbrauch',
};

/** The English costs header is not documented; these are the German one's words, translated. */
const COST_HEADERS: Record<SpritmonitorLanguage, string> = {
  English: 'Date;Odometer;Cost type;Title;Costs;Currency;Note',
  German: 'Datum;Km-Stand;Kostenart;Bezeichnung;Kosten;Währung;Bemerkung',
};

type SampleFueling = {
  date: string;
  odometer: string;
  trip: string;
  quantity: string;
  totalPrice: string;
  currency: string;
  type: string;
  fuel: string;
  note?: string;
  consumption?: string;
};

/** Lines 2 to 11 of the fuelings sample. */
export const SPRITMONITOR_TRAP_FUELINGS: readonly SampleFueling[] = [
  {
    date: '14.03.2026',
    odometer: '52000',
    trip: '610',
    quantity: '42,15',
    totalPrice: '71,61',
    currency: 'EUR',
    type: '1',
    fuel: '1',
    note: 'Autobahn\\; A8',
    consumption: '6,91',
  },
  {
    date: '28.03.2026',
    odometer: '52480',
    trip: '480',
    quantity: '30,02',
    totalPrice: '52,10',
    currency: 'EUR',
    type: '2',
    fuel: '4',
  },
  {
    date: '02.04.2026',
    odometer: '52890',
    trip: '410',
    quantity: '40,00',
    totalPrice: '70,00',
    currency: 'EUR',
    type: '3',
    fuel: '25',
  },
  {
    date: '09.04.2026',
    odometer: '53300',
    trip: '410',
    quantity: '38,50',
    totalPrice: '66,00',
    currency: 'EUR',
    type: '0',
    fuel: '1',
  },
  {
    date: '16.04.2026',
    odometer: '53700',
    trip: '400',
    quantity: '37,00',
    totalPrice: '61,90',
    currency: 'CHF',
    type: '1',
    fuel: '1',
    note: 'Zürich',
  },
  {
    date: '20.04.2026',
    odometer: '53750',
    trip: '50',
    quantity: '10,00',
    totalPrice: '12,90',
    currency: 'EUR',
    type: '1',
    fuel: '21',
    note: 'AdBlue',
  },
  {
    date: '22.04.2026',
    odometer: '53800',
    trip: '50',
    quantity: '48,3',
    totalPrice: '16,42',
    currency: 'EUR',
    type: '1',
    fuel: '19',
    note: 'Wallbox',
  },
  {
    date: '23.04.2026',
    odometer: '53850',
    trip: '50',
    quantity: '22,1',
    totalPrice: '9,95',
    currency: 'EUR',
    type: '2',
    fuel: '24',
  },
  {
    date: '25.04.2026',
    odometer: '54100',
    trip: '250',
    quantity: '20,00',
    totalPrice: '35,00',
    currency: 'EUR',
    type: '7',
    fuel: '1',
  },
  {
    date: '30.04.2026',
    odometer: '54400',
    trip: '300',
    quantity: '',
    totalPrice: '55,00',
    currency: 'EUR',
    type: '1',
    fuel: '1',
  },
];

function fuelingLine(fueling: SampleFueling, language: SpritmonitorLanguage): string {
  const { date, odometer, trip, quantity, totalPrice, currency, type, fuel } = fueling;
  const note = fueling.note ?? '';
  const consumption = fueling.consumption ?? '';
  const cells =
    language === 'English'
      ? [
          date,
          odometer,
          trip,
          quantity,
          totalPrice,
          currency,
          type,
          '1',
          '10',
          '2',
          fuel,
          note,
          consumption,
          '',
          '',
          '',
          '',
          '',
          '',
          '',
        ]
      : [
          date,
          odometer,
          trip,
          quantity,
          totalPrice,
          currency,
          type,
          '1',
          '10',
          '2',
          fuel,
          note,
          consumption,
        ];
  return cells.join(';');
}

function fillerFueling(index: number): SampleFueling {
  const day = new Date(Date.UTC(2026, 4, 1 + index));
  const quantity = 35 + (index % 10);
  const date = `${String(day.getUTCDate()).padStart(2, '0')}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${day.getUTCFullYear()}`;
  return {
    date,
    odometer: String(55_000 + index * 520),
    trip: '520',
    quantity: `${quantity},00`,
    totalPrice: (quantity * 1.689).toFixed(2).replace('.', ','),
    currency: 'EUR',
    type: '1',
    fuel: '1',
  };
}

/** The fuelings export of vehicle `vehicleId` with `rows` fuelings (10,000 makes a big file). */
export function spritmonitorFuelingsCsv(
  options: { language?: SpritmonitorLanguage; vehicleId?: string; rows?: number } = {},
) {
  const {
    language = 'German',
    vehicleId = '853999',
    rows = SPRITMONITOR_TRAP_FUELINGS.length,
  } = options;
  const fillers = Math.max(0, rows - SPRITMONITOR_TRAP_FUELINGS.length);
  const fuelings = [
    ...SPRITMONITOR_TRAP_FUELINGS,
    ...Array.from({ length: fillers }, (_, index) => fillerFueling(index)),
  ];
  const lines = [
    FUELING_HEADERS[language],
    ...fuelings.map((fueling) => fuelingLine(fueling, language)),
  ];
  return textFile(`${vehicleId}_fuelings.csv`, `${lines.join('\n')}\n`);
}

/** Lines 2 to 17 of the costs sample: `[date, odometer, cost type, title, cost, currency, note]`. */
const SAMPLE_COSTS: readonly (readonly string[])[] = [
  ['10.02.2026', '51200', '1', 'Inspektion', '289,90', 'EUR', 'mit Ölwechsel'],
  ['20.03.2026', '51900', '4', '', '99,00', 'EUR', ''],
  ['01.04.2026', '52000', '3', '', '60,00', 'EUR', 'Winterreifen runter'],
  ['12.03.2026', '', '12', 'Wäsche\\; innen', '12,00', 'EUR', ''],
  ['05.05.2026', '54800', '2', 'Auspuff geschweißt', '180,00', 'EUR', ''],
  ['06.05.2026', '54800', '20', 'Bremsbeläge', '75,50', 'EUR', ''],
  ['07.05.2026', '', '8', 'Chiptuning', '650,00', 'EUR', ''],
  ['08.05.2026', '', '9', 'Dachbox', '199,00', 'CHF', ''],
  ['15.01.2026', '', '6', 'Kfz-Steuer', '120,00', 'EUR', ''],
  ['01.03.2026', '', '5', '', '480,00', 'EUR', ''],
  ['21.03.2026', '', '18', '', '4,50', 'EUR', ''],
  ['22.03.2026', '', '19', 'Brenner', '11,00', 'EUR', ''],
  ['02.04.2026', '', '10', 'Kaufpreis', '15000,00', 'EUR', ''],
  ['03.04.2026', '', '16', 'Erstattung', '50,00', 'EUR', ''],
  ['21.03.2026', '', '', 'Vignette', '40,00', 'EUR', ''],
  ['22.03.2026', '', '42', '', '10,00', 'EUR', ''],
];

/** The costs export of vehicle `vehicleId`. */
export function spritmonitorCostsCsv(
  options: { language?: SpritmonitorLanguage; vehicleId?: string } = {},
) {
  const { language = 'German', vehicleId = '853999' } = options;
  const lines = [COST_HEADERS[language], ...SAMPLE_COSTS.map((cells) => cells.join(';'))];
  return textFile(`${vehicleId}_costs.csv`, `${lines.join('\n')}\n`);
}

/** Spritmonitor's documented fuel codes, one full fueling each, in code order (lines 2 to 22). */
export const SPRITMONITOR_FUEL_CODES = [
  '1',
  '2',
  '3',
  '4',
  '6',
  '7',
  '8',
  '9',
  '12',
  '13',
  '14',
  '15',
  '16',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
] as const;

/** A fuelings export with one fueling per fuel code, for the code table. */
export function spritmonitorFuelCodesCsv() {
  const lines = SPRITMONITOR_FUEL_CODES.map((fuel, index) =>
    fuelingLine(
      {
        date: `${String(index + 1).padStart(2, '0')}.01.2026`,
        odometer: String(10_000 + index * 100),
        trip: '100',
        quantity: '10,0',
        totalPrice: '15,00',
        currency: 'EUR',
        type: '1',
        fuel,
      },
      'English',
    ),
  );
  return textFile('1_fuelings.csv', `${[FUELING_HEADERS.English, ...lines].join('\n')}\n`);
}
