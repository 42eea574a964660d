/**
 * The V8 flags the server runs with, whoever starts it (`npm start`, `node scripts/start.mjs`,
 * the benchmark). Measured in bench/REPORT.md §Memory; `node bench/memory.probe.mjs` measures
 * them again, and any other (`--node-flag=…`).
 */

/**
 * Node 24's V8 lets the young generation grow to 64 MB per semi-space (128 MB in all) on a
 * machine with this much memory, and keeps it once grown: loading the app's modules alone did
 * that, and the server idled at 270 MB. Objects of one request live for milliseconds; 8 MB
 * semi-spaces hold several requests' worth and cost no throughput measured at 50 connections.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
