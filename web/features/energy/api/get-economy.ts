/**
 * `GET /api/vehicles/{id}/economy` (decision 050): the vehicle's whole history per energy (spans,
 * averages, totals) and its cost per distance, in the user's units; read again when they change.
 * The answer lists each energy's latest ECONOMY_SPANS_MAX spans; a page of entries older than
 * those asks for the spans that close within its own dates (`from`, `to`), so every row of the
 * list shows its figure however far back the user scrolls.
 */
import type { Economy, EnergyEntry } from '@contract/energy';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { fetchJson, queryKeyToPath } from '@web/lib/api-client';
import { useApiRead } from '@web/lib/use-api-read';
import { ENERGY_KEYS } from './energy-reads';

export function economyQueryOptions(vehicleId: number) {
  const queryKey = ENERGY_KEYS.economy(vehicleId);
  return queryOptions<Economy>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<Economy>(queryKeyToPath(queryKey), signal),
  });
}

export function useEconomy(vehicleId: number) {
  const { data, isLoading, isError } = useApiRead(economyQueryOptions(vehicleId));
  return { economy: data ?? null, isLoading, isError };
}

/** The economy of the days from `from` to `to` (inclusive): the spans that close within them. */
function economyOfDaysQueryOptions(vehicleId: number, from: string, to: string) {
  const queryKey = [...ENERGY_KEYS.economy(vehicleId), { from, to }] as const;
  const path = `${queryKeyToPath(ENERGY_KEYS.economy(vehicleId))}?from=${from}&to=${to}`;
  return queryOptions<Economy>({
    queryKey,
    queryFn: ({ signal }) => fetchJson<Economy>(path, signal),
  });
}

/**
 * Whether the whole-history answer leaves out the span `entry` closes: its energy has more spans
 * than the answer lists, and the entry is no later than the oldest one listed.
 */
function isBeyondListedSpans(economy: Economy, entry: EnergyEntry): boolean {
  const summary = economy.energies.find((candidate) => candidate.energy === entry.energy);
  if (!summary || summary.spanCount <= summary.spans.length) return false;
  const oldestListed = summary.spans[0];
  return oldestListed === undefined || entry.date <= oldestListed.to;
}

/**
 * The economy answers of the pages of entries whose spans the whole-history answer leaves out,
 * one read per such page over its own dates (a page holds at most ENERGY_PAGE.max entries, fewer
 * spans than an answer lists).
 */
export function useEconomyOfOlderPages(
  vehicleId: number,
  economy: Economy | null,
  pages: readonly (readonly EnergyEntry[])[],
): Economy[] {
  const ranges = economy
    ? pages
        .filter((page) => page.some((entry) => isBeyondListedSpans(economy, entry)))
        .map((page) => {
          const dates = page.map((entry) => entry.date).sort();
          return { from: dates[0]!, to: dates[dates.length - 1]! };
        })
    : [];
  return useQueries({
    queries: ranges.map((range) => economyOfDaysQueryOptions(vehicleId, range.from, range.to)),
    combine: answersRead,
  });
}

/** Stable, so that the combined list changes only when an answer does. */
function answersRead(results: readonly { data?: Economy }[]): Economy[] {
  return results.flatMap((result) => (result.data ? [result.data] : []));
}
