/**
 * A backup or passport whose amounts are in another currency than the account's (decision 070):
 * never relabelled. An account restored into an account with nothing in it takes the backup's
 * currency with its figures; otherwise the preview asks for a rate (or to keep the figures), and
 * apply converts every amount of every kind of row exactly (currency-rate.ts), before the rows
 * are checked by the API's rules, so a converted amount is held to the same bounds as a typed one.
 */
import type { ExportDocument } from '@contract/backup';
import { ENERGY_LIMITS } from '@contract/energy';
import { type ImportChoices, RESTORE_TEXTS } from '@contract/imports';
import { preferencesUpdateSchema } from '@contract/schemas/units';
import { convertAmount } from './currency-rate';
import type { CheckedRestore } from './restore-checks';

type CurrencyRate = NonNullable<ImportChoices['currencyRates']>[string];

/** Cents, as every amount column stores them (D3). */
const MONEY_DECIMALS = 2;

/**
 * Every amount a backup carries, by the document's list it is in: the column and the places it
 * is stored with. A new kind of row with an amount adds its line here, and nowhere else.
 */
const RESTORED_AMOUNTS = {
  vehicles: [
    ['purchasePrice', MONEY_DECIMALS],
    ['currentValue', MONEY_DECIMALS],
  ],
  maintenance: [['cost', MONEY_DECIMALS]],
  repairs: [['cost', MONEY_DECIMALS]],
  modifications: [['cost', MONEY_DECIMALS]],
  documents: [['amount', MONEY_DECIMALS]],
  energyEntries: [
    ['unitPrice', ENERGY_LIMITS.unitPriceDecimals],
    ['totalCost', MONEY_DECIMALS],
  ],
} as const satisfies Partial<Record<keyof ExportDocument, readonly (readonly [string, number])[]>>;

/** The document with every amount times `rate`, each rounded half up to its column's places. */
export function convertRestoredAmounts(document: ExportDocument, rate: string): ExportDocument {
  const converted: Record<string, unknown> = { ...document };
  for (const [list, columns] of Object.entries(RESTORED_AMOUNTS)) {
    const rows = document[list as keyof typeof RESTORED_AMOUNTS] as Record<string, unknown>[];
    converted[list] = rows.map((row) => {
      const out = { ...row };
      for (const [column, decimals] of columns) {
        const value = row[column];
        // A figure a hostile file spells otherwise is left for the row checks to refuse.
        if (typeof value !== 'number' || !Number.isFinite(value)) continue;
        out[column] = Number(convertAmount(value.toFixed(decimals), rate, decimals));
      }
      return out;
    });
  }
  return converted as ExportDocument;
}

/** What the restore does with the backup's currency. */
export type RestoreCurrency = {
  /** The currency the restored amounts are in once restored: the account's, or the backup's. */
  currency: string;
  /** The backup's currency when it differs and a rate is asked for; null otherwise. */
  foreign: { currency: string; rate: CurrencyRate | null } | null;
};

/**
 * How the backup's amounts become the account's. `scope` is the restore's as judged from the
 * content; `account` the account's own export document; `choices` what the user chose.
 */
export function restoreCurrencyOf(
  document: ExportDocument,
  scope: 'account' | 'vehicle',
  account: ExportDocument,
  choices: ImportChoices,
): RestoreCurrency {
  const yours = account.preferences.currency;
  const stated = preferencesUpdateSchema.shape.currency
    .unwrap()
    .safeParse(document.preferences.currency);
  // A currency the preferences call would refuse cannot be asked about: the row checks list it.
  if (!stated.success || stated.data === yours) {
    return { currency: yours, foreign: null };
  }
  const theirs = stated.data;
  const accountIsEmpty = account.vehicles.length === 0 && account.documents.length === 0;
  if (scope === 'account' && accountIsEmpty) {
    return { currency: theirs, foreign: null };
  }
  return {
    currency: yours,
    foreign: { currency: theirs, rate: choices.currencyRates?.[theirs] ?? null },
  };
}

/** The document as apply writes it: converted when a rate was chosen, as it is otherwise. */
export function documentInAccountCurrency(
  document: ExportDocument,
  currency: RestoreCurrency,
): ExportDocument {
  const rate = currency.foreign?.rate;
  return rate && rate !== 'keep' ? convertRestoredAmounts(document, rate) : document;
}

/**
 * The checked restore without the currency setting, listed as left to the user: an account that
 * keeps its own currency while the backup's amounts are converted (or kept) into it.
 */
export function withoutCurrencySetting(checked: CheckedRestore): CheckedRestore {
  const settings = checked.accountSettings;
  if (settings?.user.currency === undefined) return checked;
  const { currency: _currency, ...user } = settings.user;
  const label = RESTORE_TEXTS.settings.currency;
  return {
    ...checked,
    accountSettings: { ...settings, user },
    settings: {
      applied: checked.settings.applied.filter((applied) => applied !== label),
      leftToYou: [...checked.settings.leftToYou, label],
    },
  };
}
