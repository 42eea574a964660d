/**
 * What our server does for one call: the exact bytes it answers and the SQL it runs (read from
 * PostgreSQL's statement log, switched on only while capturing), for the ceilings and EXPLAIN.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

/** What a browser sends with every read: the answers compressed as it would receive them. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

/** One call over plain HTTP, its answer's bytes as they came on the wire (not decompressed). */
export function rawRequest(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The answer's bytes once decoded, as the page's code reads them. */
function decoded(body, encoding) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

const ENTRY = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[\d+\] (\w+): {2}/gm;
const PARAMETER = /\$(\d+) = (NULL|'((?:[^']|'')*)')/g;

/** The statements (with their parameters) in a piece of PostgreSQL's log. */
export function parseStatements(logText) {
  const entries = [];
  const marks = [...logText.matchAll(ENTRY)];
  marks.forEach((mark, index) => {
    const end = index + 1 < marks.length ? marks[index + 1].index : logText.length;
    entries.push({ level: mark[1], text: logText.slice(mark.index + mark[0].length, end).trim() });
  });
  const statements = [];
  for (const entry of entries) {
    const logged = /^(?:statement|execute [^:]*): ([\s\S]*)$/.exec(entry.text);
    if (entry.level === 'LOG' && logged) statements.push({ text: logged[1], values: [] });
    else if (
      entry.level === 'DETAIL' &&
      entry.text.startsWith('Parameters:') &&
      statements.length
    ) {
      const values = [];
      for (const match of entry.text.matchAll(PARAMETER)) {
        values[Number(match[1]) - 1] = match[2] === 'NULL' ? null : match[3].replaceAll("''", "'");
      }
      statements.at(-1).values = values;
    }
  }
  return statements;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until no other query has run in the database for a second: after a load run the server
 * may still be answering requests that queued up, whose SQL must not be taken for the call's.
 */
async function waitUntilIdle(pool) {
  for (let quiet = 0; quiet < 5; ) {
    const { rows } = await pool.query(
      `select count(*)::int as busy from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    quiet = rows[0].busy === 0 ? quiet + 1 : 0;
    await sleep(200);
  }
}

/**
 * Calls each of `calls` once ({ name, method, path, body }) as the signed-in user with a
 * browser's headers and answers, per call, the status, headers and bytes of the answer as sent
 * (compressed), its JSON's size, the statements it ran (the session lookup left out: the
 * ceilings check nothing, unless it is the only read of the call), the session lookup apart, and,
 * when the answer carried
 * an ETag, the answer to the same call repeated with `If-None-Match` (a browser's refetch).
 */
export async function captureCalls({ url, dataDir, pool, cookie, calls }) {
  const logPath = path.join(dataDir, 'postgres.log');
  await waitUntilIdle(pool);
  await pool.query(`alter system set log_statement = 'all'`);
  await pool.query('select pg_reload_conf()');
  await sleep(300);
  const captured = [];
  try {
    for (const call of calls) {
      const before = fs.statSync(logPath).size;
      const headers = {
        ...BROWSER_HEADERS,
        cookie,
        ...(call.body ? { 'content-type': 'application/json' } : {}),
      };
      const response = await rawRequest(`${url}${call.path}`, {
        method: call.method ?? 'GET',
        headers,
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      await sleep(150);
      const fd = fs.openSync(logPath, 'r');
      const size = fs.fstatSync(fd).size;
      const chunk = Buffer.alloc(size - before);
      fs.readSync(fd, chunk, 0, chunk.length, before);
      fs.closeSync(fd);
      const ran = parseStatements(chunk.toString('utf8')).filter(
        (statement) => !/^(alter system|select pg_reload_conf)/i.test(statement.text),
      );
      const isSessionLookup = (statement) => /"sessions"|\bsessions\b/.test(statement.text);
      const reads = ran.filter((statement) => !isSessionLookup(statement));
      // `GET /api/user` answers the user its session lookup read: that lookup is then the read
      // itself, and the stack ceiling runs it too (one query each, as ours).
      const statements = reads.length > 0 ? reads : ran;
      const contentEncoding = response.headers['content-encoding'] ?? null;
      const etag = response.headers.etag ?? null;
      const repeat =
        etag && response.status === 200
          ? await rawRequest(`${url}${call.path}`, {
              headers: { ...headers, 'if-none-match': etag },
            })
          : null;
      captured.push({
        ...call,
        status: response.status,
        contentType: response.headers['content-type'],
        contentEncoding,
        etag,
        body: response.body,
        jsonBytes: response.status === 200 ? decoded(response.body, contentEncoding).length : 0,
        statements,
        // What every call runs before its read, and all a repeat answered 304 runs.
        sessionStatements: ran.filter(isSessionLookup),
        repeat: repeat && {
          status: repeat.status,
          // What the server sent with its 304, for the wire ceiling to send alike.
          headers: Object.fromEntries(
            ['etag', 'cache-control', 'vary']
              .filter((name) => repeat.headers[name] !== undefined)
              .map((name) => [name, repeat.headers[name]]),
          ),
        },
      });
    }
  } finally {
    await pool.query('alter system reset log_statement');
    await pool.query('select pg_reload_conf()');
  }
  return captured;
}
