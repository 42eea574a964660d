/** One load run with autocannon: requests/s, p50/p99 latency and errors. */
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export async function load({ url, connections, method = 'GET', headers = {}, body, seconds }) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds ?? SECONDS,
    method,
    headers,
    body,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}
