/**
 * Disk and size faults: the database refuses every write that would store something (a trigger
 * raising PostgreSQL's `disk_full`, SQLSTATE 53100, as a full disk does), and each upload path is
 * tried: record attachments (`POST /api/upload`), vehicle photos, record photos, and a record
 * created with an attachment uploaded before the disk filled. Each must answer 507 with a JSON
 * `{message}` and leave no half record: no file, image, document or record row. A file over the
 * size limit must answer 413 the same way. Once the disk has room again, the same calls succeed.
 */
import { queryDatabase, type RunningServer } from '../server/test/server-process';
import {
  type Answer,
  addVehicle,
  fileForm,
  isRunning,
  registerClient,
  type ScenarioResult,
  type StandalonePostgres,
  startApp,
  stopApp,
} from './lib';

/** The tables an upload or a record create writes to. */
const STORED_TABLES = [
  'binary_files',
  'vehicle_images',
  'record_images',
  'documents',
  'maintenance',
];

const REFUSE_WRITES = `
  create or replace function faults_disk_full() returns trigger language plpgsql as $$
  begin
    raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
  end $$;
  ${STORED_TABLES.map(
    (table) =>
      `create trigger faults_disk_full before insert on ${table} for each row execute function faults_disk_full();`,
  ).join('\n')}`;

const ALLOW_WRITES = `${STORED_TABLES.map((table) => `drop trigger faults_disk_full on ${table};`).join('\n')}
  drop function faults_disk_full();`;

async function countRows(databaseUrl: string): Promise<string> {
  const counts = await Promise.all(
    STORED_TABLES.map(async (table) => {
      const [row] = await queryDatabase<{ n: string }>(
        databaseUrl,
        `select count(*) as n from ${table}`,
      );
      return `${table} ${row!.n}`;
    }),
  );
  return counts.join(', ');
}

function isJsonMessage(answer: Answer): boolean {
  const body = answer.body as { message?: unknown } | undefined;
  return answer.contentType.includes('application/json') && typeof body?.message === 'string';
}

export async function diskFaults(postgres: StandalonePostgres): Promise<ScenarioResult> {
  const problems: string[] = [];
  const databaseUrl = await postgres.database('faults_disk');
  let app: RunningServer | undefined;
  let refusing = false;
  try {
    app = await startApp({ DATABASE_URL: databaseUrl, PLAN_LIMITS: 'off' });
    const client = await registerClient(app.url, 'disk');
    const vehicleId = await addVehicle(client);
    const record = await client.request('POST', `/api/vehicles/${vehicleId}/maintenance`, {
      json: { category: 'Oil Change', title: 'before the disk filled' },
    });
    const recordId = (record.body as { id: number }).id;
    const earlier = await client.request('POST', '/api/upload', { form: fileForm('files', 'pdf') });
    const [earlierFileUrl] = (earlier.body as { fileUrls: string[] }).fileUrls;

    await queryDatabase(databaseUrl, REFUSE_WRITES);
    refusing = true;
    const before = await countRows(databaseUrl);
    const attempts: Record<string, Answer> = {
      'record attachment, photo (POST /api/upload)': await client.attempt('POST', '/api/upload', {
        form: fileForm('files', 'png'),
      }),
      'record attachment, PDF (POST /api/upload)': await client.attempt('POST', '/api/upload', {
        form: fileForm('files', 'pdf'),
      }),
      'vehicle photo (POST /api/vehicle-images)': await client.attempt(
        'POST',
        '/api/vehicle-images',
        { form: fileForm('image', 'png', { vehicleId: String(vehicleId), isPrimary: 'true' }) },
      ),
      'record photo (POST /api/record-images)': await client.attempt(
        'POST',
        `/api/record-images/maintenance/${recordId}`,
        { form: fileForm('image', 'png', { caption: 'disk full' }) },
      ),
      'record with an attachment (POST /api/vehicles/:id/maintenance)': await client.attempt(
        'POST',
        `/api/vehicles/${vehicleId}/maintenance`,
        {
          json: {
            category: 'Oil Change',
            title: 'while the disk is full',
            fileUrl: earlierFileUrl,
          },
        },
      ),
    };
    const oversized = new FormData();
    const tooLarge = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 32)]);
    oversized.append('files', new Blob([tooLarge], { type: 'application/pdf' }), 'huge.pdf');
    const oversizedAnswer = await client.attempt('POST', '/api/upload', { form: oversized });
    const after = await countRows(databaseUrl);

    for (const [name, answer] of Object.entries(attempts)) {
      if (answer.status !== 507 || !isJsonMessage(answer)) {
        problems.push(
          `${name} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
        );
      }
    }
    if (oversizedAnswer.status !== 413 || !isJsonMessage(oversizedAnswer)) {
      problems.push(`an 11 MB file answered ${oversizedAnswer.status}`);
    }
    if (after !== before) problems.push(`rows changed: before ${before}; after ${after}`);

    await queryDatabase(databaseUrl, ALLOW_WRITES);
    refusing = false;
    const upload = await client.attempt('POST', '/api/upload', { form: fileForm('files', 'png') });
    const [fileUrl] = (upload.body as { fileUrls?: string[] }).fileUrls ?? [];
    const created = await client.attempt('POST', `/api/vehicles/${vehicleId}/maintenance`, {
      json: { category: 'Oil Change', title: 'after the disk had room again', fileUrl },
    });
    if (upload.status !== 200 || created.status !== 201) {
      problems.push(`with room again: upload ${upload.status}, record ${created.status}`);
    }
    if (!isRunning(app)) problems.push('the app process died');

    return {
      figures: {
        ...Object.fromEntries(
          Object.entries(attempts).map(([name, answer]) => [`disk full: ${name}`, answer.status]),
        ),
        'an 11 MB attachment (limit 10 MB)': oversizedAnswer.status,
        'rows before / after the refused writes':
          before === after ? `unchanged (${after})` : `${before} → ${after}`,
        'with room again: upload, record': `${upload.status}, ${created.status}`,
      },
      problems,
    };
  } finally {
    if (refusing) await queryDatabase(databaseUrl, ALLOW_WRITES).catch(() => {});
    await stopApp(app);
  }
}
