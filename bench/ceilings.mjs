#!/usr/bin/env node
/**
 * The ceilings each read is held against, in one process of their own, each answering as our
 * server answers a browser that sends `Accept-Encoding: br, gzip`:
 *   stack ceiling: a bare node:http server that checks nothing, runs the read's SQL through `pg`,
 *                  JSON.stringifies the rows and compresses them as our server does (brotli at
 *                  quality 4 from 1 KB on, server/plugins/compression.ts), with no framework,
 *                  ORM, session, validation or cache; to a repeat, it runs the call's session
                  lookup (the one statement a 304 of ours needs: the data version is in it) and
                  answers the 304 our server answered;
 *   wire ceiling:  a bare node:http server answering, from memory, the bytes our server answered
 *                  (compressed alike), and to a repeat the 304 our server answered.
 * Started by the runner with a spec file: { databaseUrl, poolSize, reads: [{ name, statements,
 * body (base64), contentType, contentEncoding, repeat: { headers } | null }] }. Prints one line of
 * JSON with both ports once listening.
 *   GET /{index}         answers read number `index`;
 *   GET /{index}/repeat  answers its repeat with If-None-Match: a 304 (the stack ceiling after
 *                        the session lookup).
 */
import fs from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';

/** As server/plugins/compression.ts: what it compresses, from which size, and how. */
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
// As our server does: calendar dates stay strings.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// The same session settings as the app's connections (server/db/open.ts).
const pool = new pg.Pool({
  connectionString: spec.databaseUrl,
  max: spec.poolSize,
  options: '-c max_parallel_workers_per_gather=0',
});
const reads = spec.reads.map((read) => ({ ...read, bytes: Buffer.from(read.body, 'base64') }));

const readOf = (request) => reads[Number(request.url.split('/')[1])];

const stack = http.createServer(async (request, response) => {
  const read = readOf(request);
  try {
    if (request.url.endsWith('/repeat')) {
      // Prepared under a name, as our server prepares its session lookup (server/db/prepared.ts).
      for (const [index, statement] of read.sessionStatements.entries()) {
        await pool.query({
          name: `session_${index}`,
          text: statement.text,
          values: statement.values,
        });
      }
      response.writeHead(304, read.repeat?.headers ?? {});
      response.end();
      return;
    }
    let rows = [];
    for (const statement of read.statements) {
      rows = (await pool.query(statement.text, statement.values)).rows;
    }
    const json = JSON.stringify(rows);
    const headers = { 'content-type': 'application/json; charset=utf-8' };
    if (Buffer.byteLength(json) < COMPRESS_FROM_BYTES) {
      response.writeHead(200, headers);
      response.end(json);
      return;
    }
    const compressed = await brotli(json, BROTLI_OPTIONS);
    response.writeHead(200, {
      ...headers,
      'content-encoding': 'br',
      'content-length': compressed.length,
    });
    response.end(compressed);
  } catch (error) {
    response.writeHead(500);
    response.end(String(error));
  }
});

const wire = http.createServer((request, response) => {
  const read = readOf(request);
  if (request.url.endsWith('/repeat')) {
    response.writeHead(304, read.repeat?.headers ?? {});
    response.end();
    return;
  }
  response.writeHead(200, {
    'content-type': read.contentType,
    ...(read.contentEncoding ? { 'content-encoding': read.contentEncoding } : {}),
    'content-length': read.bytes.length,
  });
  response.end(read.bytes);
});

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const ports = { stack: await listen(stack), wire: await listen(wire) };
console.log(JSON.stringify(ports));
process.on('SIGTERM', () => {
  stack.close();
  wire.close();
  pool.end().finally(() => process.exit(0));
});
