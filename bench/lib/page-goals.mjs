/** Lighthouse's goals for every page (issue 11): bench/pages.bench.mjs measures, bench/report.mjs sums up. */
export const PAGE_GOALS = { performance: 95, accessibility: 100 };
