#!/usr/bin/env node
/**
 * The two ceilings each read is held against, in one process of their own:
 *   stack ceiling: a bare node:http server that checks nothing, runs the read's SQL through `pg`
 *                  and JSON.stringifies the rows (no framework, ORM, session or validation);
 *   wire ceiling:  a bare node:http server answering the bytes our server answered, from memory.
 * Started by the runner with a spec file: { databaseUrl, poolSize, reads: [{ name, statements,
 * body (base64), contentType }] }. Prints one line of JSON with both ports once listening.
 *   GET /{index}  answers read number `index`.
 */
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

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

const readOf = (request) => reads[Number(request.url.slice(1))];

const stack = http.createServer(async (request, response) => {
  const read = readOf(request);
  try {
    let rows = [];
    for (const statement of read.statements) {
      rows = (await pool.query(statement.text, statement.values)).rows;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(rows));
  } catch (error) {
    response.writeHead(500);
    response.end(String(error));
  }
});

const wire = http.createServer((request, response) => {
  const read = readOf(request);
  response.writeHead(200, {
    'content-type': read.contentType,
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
