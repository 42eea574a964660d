/**
 * Decision 061 through the real upload route: a file past a reading budget, or a database that
 * could hide an endless query, is answered with a reason and leaves nothing behind; and a preview
 * answered again is one read of its own row, however many rows the file had.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@contract/imports';
import { importPreviewSchema } from '@contract/schemas/imports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports } from '../../db/schema';
import { createStatementCountingApp, setUpTestApp } from '../../test/app';
import type { SignedInUser } from '../../test/auth';
import { newUser } from '../../test/factory';
import { fuellyWebCsv } from '../../test/samples/fuelly';
import { hammondDatabase } from '../../test/samples/hammond';
import { multipartBody } from '../../test/upload-fixtures';

const testApp = setUpTestApp({ PLAN_LIMITS: 'off', AUTH_MAX_ATTEMPTS: '100000' });
const { inject, db } = testApp;
const as = (user: SignedInUser) => ({ cookie: user.cookie });

function upload(user: SignedInUser, name: string, data: Buffer) {
  const body = multipartBody([{ name: 'file', filename: name, data }]);
  return inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...as(user), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const importsOf = (userId: number) => db().select().from(imports).where(eq(imports.userId, userId));

/** Hammond's database with its `vehicles` table replaced by `replacement` (a view, say). */
function hammondWith(replacement: string): Buffer {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-hammond-'));
  try {
    const file = path.join(folder, 'hammond.db');
    fs.writeFileSync(file, hammondDatabase().bytes);
    const sqlite = process.getBuiltinModule('node:sqlite');
    const database = new sqlite.DatabaseSync(file);
    database.exec(replacement);
    database.close();
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('hostile files', () => {
  it('stops reading a CSV at the rows a file may hold, says so, and keeps nothing', async () => {
    const user = await newUser(testApp);
    const file = fuellyWebCsv({ rows: IMPORT_LIMITS.maxRows + 1 });

    const response = await upload(user, file.name, file.bytes);

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      message: IMPORT_MESSAGES.tooComplex('it has more than 50,000 rows'),
    });
    expect(response.json().message).toBe(
      'This file is too large or too complex to read: it has more than 50,000 rows. Export a shorter period, or one vehicle at a time.',
    );
    expect(await importsOf(user.id)).toEqual([]);
  });

  it('refuses a database whose table is a view over an endless query, without running it', async () => {
    const user = await newUser(testApp);
    const endless = hammondWith(`
      DROP TABLE vehicles;
      CREATE VIEW vehicles AS
        WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter)
        SELECT n AS id, 'x' AS nickname FROM counter;`);

    const response = await upload(user, 'hammond.db', endless);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(
      'This database holds views, triggers or virtual tables, which no export has: it is not read.',
    );
    expect(await importsOf(user.id)).toEqual([]);
  });

  it('refuses a database with a trigger', async () => {
    const user = await newUser(testApp);
    const triggered = hammondWith(`
      CREATE TRIGGER every_read AFTER INSERT ON fillups BEGIN SELECT 1; END;`);

    const response = await upload(user, 'hammond.db', triggered);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/views, triggers or virtual tables/);
  });

  describe('a preview answered again', () => {
    let counting: Awaited<ReturnType<typeof createStatementCountingApp>>;
    beforeAll(async () => {
      counting = await createStatementCountingApp(testApp);
    });
    afterAll(() => counting?.close());

    it('is the same few statements for a file of 3 rows and of 2,000, and never reads the rows again', async () => {
      const user = await newUser(testApp);
      const statementsOf = async (rows: number) => {
        const file = fuellyWebCsv({ rows });
        const uploaded = await upload(user, file.name, file.bytes);
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        const preview = importPreviewSchema.parse(uploaded.json());
        const { response, statements } = await counting.inject({
          method: 'GET',
          url: `/api/imports/${preview.id}`,
          headers: as(user),
        });
        expect(response.statusCode).toBe(200);
        // The same preview as the upload answered: counts, problems and readings alike.
        expect(importPreviewSchema.parse(response.json())).toEqual(preview);
        return statements;
      };

      const small = await statementsOf(3);
      const large = await statementsOf(2000);

      expect(large).toBe(small);
      // The session's lookup and the import's own row: nothing that grows with the file.
      expect(small).toBeLessThanOrEqual(3);
    });
  });
});
