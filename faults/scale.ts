/**
 * Stateless scale: two app processes on one PostgreSQL, started at the same moment (their
 * migrations meet under the advisory lock). A session made on one is honoured by the other and
 * a sign-out on one ends it on both; a file uploaded through one is served by the other; and the
 * free plan's limits (PLAN_LIMITS on) hold when both servers take creates at the same moment.
 */
import { FREE_PLAN_LIMITS } from '@contract/subscription';
import type { RunningServer } from '../server/test/server-process';
import {
  addVehicle,
  type Client,
  fileForm,
  files,
  registerClient,
  type ScenarioResult,
  type StandalonePostgres,
  startApp,
  stopApp,
} from './lib';

/** Creates sent at once for the limit check, half to each server. */
const RACERS = 10;

export async function statelessScale(postgres: StandalonePostgres): Promise<ScenarioResult> {
  const problems: string[] = [];
  const expect = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  const databaseUrl = await postgres.database('faults_scale');
  let apps: RunningServer[] = [];
  try {
    apps = await Promise.all([
      startApp({ DATABASE_URL: databaseUrl, PLAN_LIMITS: 'on' }),
      startApp({ DATABASE_URL: databaseUrl, PLAN_LIMITS: 'on' }),
    ]);
    const [a, b] = apps as [RunningServer, RunningServer];

    // A session from A works on B, and a sign-out on B ends it on A.
    const onA = await registerClient(a.url, 'scale');
    const onB = onA.on(b.url);
    const me = await onB.request('GET', '/api/user');
    expect(me.status === 200, `B answered ${me.status} to A's session`);

    // Uploads through one server are served by the other, byte for byte for a PDF.
    const pdfUpload = await onA.request('POST', '/api/upload', { form: fileForm('files', 'pdf') });
    const [pdfUrl] = (pdfUpload.body as { fileUrls: string[] }).fileUrls ?? [];
    const pdfOnB = await onB.request('GET', pdfUrl ?? '/uploads/none');
    expect(
      pdfOnB.status === 200 && (pdfOnB.body as Buffer).equals(files.pdf),
      `a PDF uploaded to A came back from B as ${pdfOnB.status}`,
    );
    const photoUpload = await onB.request('POST', '/api/upload', {
      form: fileForm('files', 'png'),
    });
    const [photoUrl] = (photoUpload.body as { fileUrls: string[] }).fileUrls ?? [];
    const photoOnA = await onA.request('GET', `${photoUrl}/thumbnail`);
    expect(
      photoOnA.status === 200 && photoOnA.contentType === 'image/webp',
      `a photo uploaded to B: its thumbnail came back from A as ${photoOnA.status}`,
    );

    // The free plan's limits hold with both servers taking creates at once.
    const racer = await registerClient(a.url, 'scale-limit');
    const racers: Client[] = [racer, racer.on(b.url)];
    const vehicleAnswers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        racers[i % 2]!.attempt('POST', '/api/vehicles', {
          json: { year: 2020, make: 'Mazda', model: `MX-5 ${i}` },
        }),
      ),
    );
    const vehiclesMade = vehicleAnswers.filter((answer) => answer.status === 201).length;
    const vehiclesRefused = vehicleAnswers.filter((answer) => answer.status === 402).length;
    const vehicleList = await racer.request('GET', '/api/vehicles');
    const vehiclesStored = (vehicleList.body as unknown[]).length;
    expect(
      vehiclesMade === FREE_PLAN_LIMITS.vehicles &&
        vehiclesRefused === RACERS - FREE_PLAN_LIMITS.vehicles &&
        vehiclesStored === FREE_PLAN_LIMITS.vehicles,
      `vehicles: ${vehiclesMade} created, ${vehiclesRefused} refused, ${vehiclesStored} stored`,
    );

    const vehicleId =
      (vehicleList.body as Array<{ id: number }>)[0]?.id ?? (await addVehicle(racer));
    const recordAnswers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        racers[i % 2]!.attempt('POST', `/api/vehicles/${vehicleId}/repairs`, {
          json: { category: 'Engine', title: `race ${i}` },
        }),
      ),
    );
    const recordsMade = recordAnswers.filter((answer) => answer.status === 201).length;
    const recordsRefused = recordAnswers.filter((answer) => answer.status === 402).length;
    const recordList = await racer.on(b.url).request('GET', '/api/records');
    const recordsStored = (recordList.body as unknown[]).length;
    expect(
      recordsMade === FREE_PLAN_LIMITS.records &&
        recordsRefused === RACERS - FREE_PLAN_LIMITS.records &&
        recordsStored === FREE_PLAN_LIMITS.records,
      `records: ${recordsMade} created, ${recordsRefused} refused, ${recordsStored} stored ` +
        `(statuses ${recordAnswers.map((answer) => answer.status).join(',')})`,
    );

    const signOut = await onB.request('POST', '/api/logout');
    const afterSignOut = await onA.request('GET', '/api/user');
    expect(
      afterSignOut.status === 401,
      `after signing out on B (${signOut.status}), A answered ${afterSignOut.status}`,
    );

    return {
      figures: {
        'session from A on B': me.status,
        'PDF from A served by B': pdfOnB.status,
        'photo from B, thumbnail served by A': photoOnA.status,
        [`vehicle creates at once (free limit ${FREE_PLAN_LIMITS.vehicles})`]: `${vehiclesMade} created, ${vehiclesRefused} refused with 402, ${vehiclesStored} stored`,
        [`record creates at once (free limit ${FREE_PLAN_LIMITS.records})`]: `${recordsMade} created, ${recordsRefused} refused with 402, ${recordsStored} stored`,
        'session on A after sign-out on B': afterSignOut.status,
      },
      problems,
    };
  } finally {
    await Promise.all(apps.map((app) => stopApp(app)));
  }
}
