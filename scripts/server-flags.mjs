/**
 * The V8 flags the server runs with, whoever starts it (`npm start`, `node scripts/start.mjs`,
 * the benchmark). Measured in bench/results/api.md §Memory; `node bench/memory.probe.mjs` measures
 * them again, and any other (`--node-flag=…`).
 */

/**
 * Node 24's V8 lets the young generation grow to 64 MB per semi-space (128 MB in all) on a
 * machine with this much memory, and keeps it once grown: loading the app's modules alone did
 * that, and the server idled at 270 MB. Objects of one request live for milliseconds; 8 MB
 * semi-spaces hold several requests' worth and cost no throughput measured at 50 connections.
 *
 * What the benchmark's reads leave is the old generation: V8 lets it grow to up to 4× what is
 * alive (about 37 MB) before the next full collection, and keeps the pages committed after it.
 * Where in that cycle the load stopped decided the figure: 153 to 273 MB RSS after the same reads
 * (old space 46 to 164 MB committed). Growing by half of what is alive instead bounds it: 159,
 * 161 and 162 MB, a peak of 161–181 MB during the reads (178–289 MB without), and no fewer
 * answers in the same time (88,845 against 67,001 and 87,013 in the runs just before;
 * `node bench/memory.probe.mjs`). The full collections it adds mark those 37 MB, mostly on V8's
 * background thread.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
