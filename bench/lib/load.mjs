/** One load run with autocannon: requests/s, p50/p99 latency and errors. */
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/**
 * `expectStatus` is the status every answer should have (a repeat with If-None-Match expects
 * 304); any other counts as an error. Without it, any status outside 2xx does.
 */
export async function load({
  url,
  connections,
  method = 'GET',
  headers = {},
  body,
  seconds,
  expectStatus,
}) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds ?? SECONDS,
    method,
    headers,
    body,
  });
  const unexpected =
    expectStatus === undefined
      ? result.non2xx
      : result.requests.total - (result.statusCodeStats?.[expectStatus]?.count ?? 0);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    total: result.requests.total,
  };
}
