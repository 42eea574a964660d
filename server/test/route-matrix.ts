/**
 * What the security suite needs to call every route of the route table as a real client would:
 * which kind of id each path parameter takes (read from the path, so a route nobody thought of
 * fails the mapping instead of escaping it), a valid body for every state-changing route (so that
 * a refusal is about ownership or origin, never about validation), and a garage built through
 * the real calls whose ids fill the paths.
 */
import { BACKUP_FORMAT } from '@contract/backup';
import { DEFAULT_DASHBOARD_LAYOUT } from '@contract/dashboard';
import { RECORD_KINDS, RECORD_TYPES, type RecordType } from '@contract/records';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { ZodType } from 'zod';
import type { RouteEntry } from '../app';
import type { SignedInUser } from './auth';
import { fuellyWebCsv } from './samples/fuelly';
import { makeJpeg, makePdf, multipartBody, type Part } from './upload-fixtures';
import { readZip } from './zip';

export type Resource =
  | 'vehicle'
  | 'vehicleImage'
  | 'file'
  | 'energyEntry'
  | 'odometerReading'
  | 'schedule'
  | 'unsubscribeKey'
  | 'import'
  | 'restore'
  | `record:${RecordType}`;

/**
 * A path parameter and what it names; `recordType` is a kind segment, `record:ofType` its record,
 * `secret` a token that is its own credential (a calendar feed's), which names no row to own.
 */
export type ParamSlot = {
  name: string;
  takes: Resource | 'recordType' | 'record:ofType' | 'secret';
};

/** Segments followed by a secret instead of an id; their own suites test whose secret opens what. */
const SECRET_COLLECTIONS = new Set(['calendar']);

/** A well-formed secret that no one holds: every call with it is refused with a 404. */
export const UNKNOWN_SECRET = 'A'.repeat(43);

/** The collection a path segment names, and so the kind of id the parameter after it takes. */
const COLLECTION_RESOURCES: Record<string, Resource | 'recordType'> = {
  vehicles: 'vehicle',
  'vehicle-images': 'vehicleImage',
  uploads: 'file',
  'record-images': 'recordType',
  energy: 'energyEntry',
  odometer: 'odometerReading',
  schedules: 'schedule',
  unsubscribe: 'unsubscribeKey',
  imports: 'import',
  // `/api/user/restore/:id/apply`: a restore's preview, applied by its own call.
  restore: 'restore',
  ...Object.fromEntries(
    RECORD_TYPES.map((type) => [RECORD_KINDS[type].collection, `record:${type}` as const]),
  ),
};

/**
 * The path parameters of a route, each with the kind of id it takes, read from the segment
 * before it (`/api/vehicles/:vehicleId/repairs/:id` → a vehicle, then a repair). Throws for a
 * parameter no rule covers: the suite must learn about a new kind of id before it can pass.
 */
export function mapPathParams(url: string): ParamSlot[] {
  const segments = url.split('/').filter(Boolean);
  const slots: ParamSlot[] = [];
  segments.forEach((segment, index) => {
    if (!segment.startsWith(':')) return;
    // `:token.ics`: the parameter is `token`, the suffix is part of the path.
    const name = segment.slice(1).split('.')[0]!;
    const previous = segments[index - 1] ?? '';
    const previousSlot = slots.at(-1);
    let takes: ParamSlot['takes'] | undefined;
    if (previous.startsWith(':')) {
      if (previousSlot?.takes === 'recordType') takes = 'record:ofType';
    } else {
      takes = SECRET_COLLECTIONS.has(previous) ? 'secret' : COLLECTION_RESOURCES[previous];
    }
    if (!takes) throw new Error(`cannot tell what :${name} of ${url} names`);
    slots.push({ name, takes });
  });
  return slots;
}

/** The ids of one user's data, by kind; files hold every stored file's id. */
export type Garage = {
  vehicle: number;
  vehicleImage: number;
  records: Record<RecordType, number>;
  energyEntry: number;
  odometerReading: number;
  schedule: number;
  files: string[];
  imageFile: string;
  pdfFile: string;
  /** A waiting preview of a Fuelly CSV, and the key of one of the file's vehicles. */
  importPreview: number;
  importVehicleKey: string;
  /** The user's backup as downloaded once the rest existed, and its waiting restore preview. */
  backup: Buffer;
  restorePreview: number;
};

/**
 * An unsubscribe link's key is a secret no call answers (it reaches the user only in messages),
 * so the suite calls those routes with a key of the right shape that nobody has.
 */
export const UNKNOWN_UNSUBSCRIBE_KEY = 'f'.repeat(64);

export function idsOf(garage: Garage, resource: Resource): (number | string)[] {
  if (resource === 'unsubscribeKey') return [UNKNOWN_UNSUBSCRIBE_KEY];
  if (resource === 'vehicle') return [garage.vehicle];
  if (resource === 'vehicleImage') return [garage.vehicleImage];
  if (resource === 'file') return garage.files;
  if (resource === 'energyEntry') return [garage.energyEntry];
  if (resource === 'odometerReading') return [garage.odometerReading];
  if (resource === 'schedule') return [garage.schedule];
  // `/api/imports/:id` names a row of `imports` of either kind: a restore can be read and undone.
  if (resource === 'import') return [garage.importPreview, garage.restorePreview];
  if (resource === 'restore') return [garage.restorePreview];
  return [garage.records[resource.slice('record:'.length) as RecordType]];
}

/** One concrete URL of a route, and the record kind chosen for a `:type` segment, if any. */
export type ConcreteUrl = { url: string; recordType?: RecordType };

/**
 * Every concrete URL of a route: each slot filled by `pick` (which garage, by slot index), one
 * URL per file id for file slots and one per record kind for `:type`.
 */
export function concreteUrls(url: string, pick: (slotIndex: number) => Garage): ConcreteUrl[] {
  const slots = mapPathParams(url);
  let results: { url: string; recordType?: RecordType }[] = [{ url }];
  slots.forEach((slot, index) => {
    const garage = pick(index);
    results = results.flatMap((partial) => {
      let values: { value: string; recordType?: RecordType }[];
      if (slot.takes === 'secret') {
        values = [{ value: UNKNOWN_SECRET, recordType: partial.recordType }];
      } else if (slot.takes === 'recordType') {
        values = RECORD_TYPES.map((type) => ({ value: type, recordType: type }));
      } else if (slot.takes === 'record:ofType') {
        const type = partial.recordType!;
        values = [{ value: String(garage.records[type]), recordType: type }];
      } else {
        values = idsOf(garage, slot.takes).map((id) => ({
          value: String(id),
          recordType: partial.recordType,
        }));
      }
      return values.map(({ value, recordType }) => ({
        url: partial.url.replace(`:${slot.name}`, value),
        recordType,
      }));
    });
  });
  return results;
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes the origin check lets through on purpose (server/plugins/security.ts): RFC 8058's
 * one-click unsubscribe, which mail providers send from their own servers.
 */
export const ORIGIN_CHECK_EXEMPT = new Set(['POST /api/unsubscribe/:key']);

/**
 * Whether a route's path carries a secret key rather than ids: the key is the whole authority
 * (an unsubscribe link works for whoever holds it), so there is no owner to check.
 */
export function takesSecretKey(url: string): boolean {
  return mapPathParams(url).some((slot) => slot.takes === 'unsubscribeKey');
}

export function routeKey(route: Pick<RouteEntry, 'method' | 'url'>) {
  return `${route.method} ${route.url}`;
}

/** A category each kind accepts. */
const CATEGORY: Record<RecordType, string> = {
  maintenance: 'Oil Change',
  repair: 'Brakes',
  modification: 'Exhaust',
};

/** Whose request it is: the user, their garage, and the garage whose ids go into bodies. */
export type BodyContext = { user: SignedInUser; garage: Garage };

type JsonBody = (context: BodyContext) => Record<string, unknown>;

/** A valid JSON body for each route that reads one; the suite checks it against the route. */
export const JSON_BODIES: Record<string, JsonBody> = {
  'POST /api/register': () => ({
    firstName: 'Eve',
    lastName: 'Mallory',
    email: 'eve.mallory@example.com',
    password: 'another secret',
  }),
  'POST /api/login': ({ user }) => ({ email: user.email, password: user.password }),
  'POST /api/password-reset': ({ user }) => ({ email: user.email }),
  'POST /api/password-reset/confirm': () => ({
    token: 'A'.repeat(43),
    password: 'a new long password',
  }),
  'PATCH /api/user/profile': () => ({ email: 'changed.address@example.com' }),
  'PUT /api/user/dashboard-layout': () => ({ sections: [...DEFAULT_DASHBOARD_LAYOUT].reverse() }),
  'PATCH /api/user/theme': () => ({ theme: 'dark' }),
  'PATCH /api/user/preferences': () => ({ distanceUnit: 'km', currency: 'EUR' }),
  'PATCH /api/user/password': ({ user }) => ({
    currentPassword: user.password,
    newPassword: 'a brand new password',
  }),
  'POST /api/vehicles': () => ({ year: 2015, make: 'Written', model: 'Elsewhere' }),
  'PUT /api/vehicles/:id': () => ({ year: 2015, make: 'Written', model: 'Elsewhere' }),
  'PUT /api/vehicle-images/:id': () => ({ caption: 'Written elsewhere', isPrimary: true }),
  'POST /api/vehicles/:vehicleId/energy': () => ({
    date: '2024-04-01',
    energy: 'gasoline',
    quantity: 10,
    unitPrice: 3.5,
    notes: 'Written elsewhere',
  }),
  'PATCH /api/energy/:id': () => ({ notes: 'Written elsewhere', quantity: 11 }),
  'POST /api/vehicles/:vehicleId/odometer': () => ({ date: '2024-04-02', odometer: 43000 }),
  'PATCH /api/odometer/:id': () => ({ isConfirmed: true }),
  'POST /api/vehicles/:vehicleId/schedules': () => ({
    title: 'Written elsewhere',
    category: 'Oil Change',
    intervalMonths: 6,
  }),
  'PATCH /api/schedules/:id': () => ({ title: 'Written elsewhere', intervalMonths: 3 }),
  'POST /api/schedules/:id/complete': () => ({ date: '2024-04-03', cost: 1 }),
  'PATCH /api/user/notifications': () => ({ dueSoonDays: 7, events: { weeklyDigest: true } }),
  // Refused (409) by a server without mail, before anything is sent.
  'POST /api/user/notifications/test': () => ({ channel: 'email' }),
  'POST /api/unsubscribe/:key': () => ({ 'List-Unsubscribe': 'One-Click' }),
  'PATCH /api/imports/:id': ({ garage }) => ({
    decimalSeparator: '.',
    vehicles: { [garage.importVehicleKey]: garage.vehicle },
  }),
  ...Object.fromEntries(
    RECORD_TYPES.flatMap((type) => {
      const { collection } = RECORD_KINDS[type];
      const fields = { category: CATEGORY[type], title: 'Written elsewhere', cost: 1 };
      const entries: [string, JsonBody][] = [
        [`POST /api/${collection}`, ({ garage }) => ({ vehicleId: garage.vehicle, ...fields })],
        [`POST /api/vehicles/:vehicleId/${collection}`, () => fields],
      ];
      for (const method of ['PUT', 'PATCH']) {
        entries.push([`${method} /api/${collection}/:id`, () => fields]);
        entries.push([`${method} /api/vehicles/:vehicleId/${collection}/:id`, () => fields]);
      }
      return entries;
    }),
  ),
};

/** A Fuelly web export with two vehicles, a file the import reads without being told its source. */
function fuellyPart(): Part {
  const csv = fuellyWebCsv();
  return { name: 'file', filename: csv.name, contentType: 'text/csv', data: csv.bytes };
}

/** A backup zip as the restore reads it. */
function backupPart(backup: Buffer): Part {
  return {
    name: 'file',
    filename: 'garage-ledger-backup.zip',
    contentType: 'application/zip',
    data: backup,
  };
}

/** Routes that read a multipart form instead of JSON: its parts, and which fields carry ids. */
export const MULTIPART_BODIES: Record<
  string,
  { parts: (context: BodyContext) => Promise<Part[]>; idFields: Record<string, Resource> }
> = {
  'POST /api/upload': {
    parts: async () => [
      { name: 'files', filename: 'invoice.pdf', contentType: 'application/pdf', data: makePdf() },
    ],
    idFields: {},
  },
  'POST /api/vehicle-images': {
    parts: async ({ garage }) => [
      { name: 'vehicleId', value: String(garage.vehicle) },
      { name: 'caption', value: 'Front' },
      { name: 'image', filename: 'car.jpg', contentType: 'image/jpeg', data: await makeJpeg() },
    ],
    idFields: { vehicleId: 'vehicle' },
  },
  'POST /api/record-images/:type/:recordId': {
    parts: async () => [
      { name: 'caption', value: 'Receipt' },
      { name: 'image', filename: 'part.jpg', contentType: 'image/jpeg', data: await makeJpeg() },
    ],
    idFields: {},
  },
  'POST /api/imports': {
    parts: async ({ garage }) => [
      { name: 'vehicleId', value: String(garage.vehicle) },
      fuellyPart(),
    ],
    idFields: { vehicleId: 'vehicle' },
  },
  'POST /api/user/restore': {
    parts: async ({ garage }) => [backupPart(garage.backup)],
    idFields: {},
  },
};

/**
 * State-changing routes that read no body. Stripe's webhook reads raw bytes whose signature is
 * checked in its own tests; here it only has to exist and be public.
 */
export const BODYLESS = new Set([
  'POST /api/logout',
  'POST /api/user/calendar-token',
  'DELETE /api/user',
  'POST /api/prepare-subscription',
  'POST /api/billing/webhook',
  'PUT /api/vehicle-images/:id/primary',
  'POST /api/imports/:id/apply',
  'POST /api/user/restore/:id/apply',
]);

/** Body fields that name another row, and what they name. */
export const BODY_ID_FIELDS: Record<string, Resource> = {
  vehicleId: 'vehicle',
  scheduleId: 'schedule',
  fileUrl: 'file',
  imageUrl: 'file',
};

/**
 * Body fields that map keys of the caller's choosing to rows, and what the values name: an
 * import's `vehicles` sends each of the file's vehicle keys to one of the user's vehicles.
 */
export const BODY_ID_MAPS: Record<string, Resource> = {
  vehicles: 'vehicle',
};

/** How a body names a row: a file by its address, the rest by their id. */
export function bodyValueOf(resource: Resource, id: number | string) {
  return resource === 'file' ? `/uploads/${id}` : id;
}

/** The keys of a route's JSON body schema (zod objects only). */
export function bodyKeys(route: RouteEntry): string[] {
  const body = route.schema?.body as { shape?: Record<string, unknown> } | undefined;
  return body?.shape ? Object.keys(body.shape) : [];
}

type SchemaDef = { type: string; innerType?: ZodType; valueType?: ZodType };

/**
 * The schema of a map field's values (a `z.record`, through the optional, nullable and default
 * wrappers around it), or undefined for a field that is not a map.
 */
export function mapValuesOf(field: ZodType): ZodType | undefined {
  let current: ZodType | undefined = field;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const def: SchemaDef = (current as unknown as { def: SchemaDef }).def;
    if (def.type === 'record') return def.valueType;
    current = ['optional', 'nullable', 'default'].includes(def.type) ? def.innerType : undefined;
  }
  return undefined;
}

/** The fields of a route's JSON body that are maps whose values can be an id. */
export function idMapBodyKeys(route: RouteEntry): string[] {
  const body = route.schema?.body as { shape?: Record<string, ZodType> } | undefined;
  return Object.entries(body?.shape ?? {})
    .filter(([, field]) => mapValuesOf(field)?.safeParse(1).success === true)
    .map(([key]) => key);
}

export function parsesAsBody(route: RouteEntry, body: unknown) {
  const schema = route.schema?.body as ZodType | undefined;
  return schema ? schema.safeParse(body) : undefined;
}

/** The payload and headers of a valid call of `route` in `context`. */
export async function validPayload(
  route: Pick<RouteEntry, 'method' | 'url'>,
  context: BodyContext,
): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  const key = routeKey(route);
  const json = JSON_BODIES[key];
  if (json) return { payload: json(context) };
  const multipart = MULTIPART_BODIES[key];
  if (multipart) {
    const { payload, contentType } = multipartBody(await multipart.parts(context));
    return { payload, headers: { 'content-type': contentType } };
  }
  return {};
}

export const as = (user: SignedInUser) => ({ cookie: user.cookie });

async function ok(app: FastifyInstance, options: InjectOptions, status = 201) {
  const response = await app.inject(options);
  expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBe(status);
  return response.json();
}

const fileIdOf = (url: string) => url.replace(/^\/uploads\//, '');

/**
 * A full garage through the real calls: a vehicle with a photo, one record of each kind, a
 * photo on the maintenance record and a PDF attached to it, a fill-up with the same PDF as its
 * receipt, an odometer reading entered alone, a service schedule, then two previews that wait to
 * be applied: an import of a Fuelly CSV, and a restore of the user's own backup.
 */
export async function buildGarage(app: FastifyInstance, user: SignedInUser): Promise<Garage> {
  const headers = as(user);
  const vehicle = await ok(app, {
    method: 'POST',
    url: '/api/vehicles',
    headers,
    payload: { year: 2018, make: 'Honda', model: 'Civic', mileage: 42000 },
  });
  const photoForm = multipartBody([
    { name: 'vehicleId', value: String(vehicle.id) },
    { name: 'isPrimary', value: 'true' },
    { name: 'image', filename: 'civic.jpg', contentType: 'image/jpeg', data: await makeJpeg() },
  ]);
  const vehicleImage = await ok(app, {
    method: 'POST',
    url: '/api/vehicle-images',
    headers: { ...headers, 'content-type': photoForm.contentType },
    payload: photoForm.payload,
  });
  const pdfForm = multipartBody([
    { name: 'files', filename: 'invoice.pdf', contentType: 'application/pdf', data: makePdf() },
  ]);
  const upload = await ok(
    app,
    {
      method: 'POST',
      url: '/api/upload',
      headers: { ...headers, 'content-type': pdfForm.contentType },
      payload: pdfForm.payload,
    },
    200,
  );
  const pdfUrl: string = upload.fileUrls[0];
  const records = {} as Record<RecordType, number>;
  for (const type of RECORD_TYPES) {
    const record = await ok(app, {
      method: 'POST',
      url: `/api/${RECORD_KINDS[type].collection}`,
      headers,
      payload: {
        vehicleId: vehicle.id,
        category: CATEGORY[type],
        title: `First ${type}`,
        cost: 120.5,
        date: '2024-03-01',
        ...(type === 'maintenance' ? { fileUrl: pdfUrl, dueDate: '2030-01-01' } : {}),
      },
    });
    records[type] = record.id;
  }
  const recordForm = multipartBody([
    { name: 'caption', value: 'Old filter' },
    { name: 'image', filename: 'filter.jpg', contentType: 'image/jpeg', data: await makeJpeg() },
  ]);
  const recordImage = await ok(app, {
    method: 'POST',
    url: `/api/record-images/maintenance/${records.maintenance}`,
    headers: { ...headers, 'content-type': recordForm.contentType },
    payload: recordForm.payload,
  });
  const energyEntry = await ok(app, {
    method: 'POST',
    url: `/api/vehicles/${vehicle.id}/energy`,
    headers,
    payload: {
      date: '2024-03-03',
      odometer: 41000,
      energy: 'gasoline',
      quantity: 11.2,
      totalCost: 40.5,
      fileUrl: pdfUrl,
    },
  });
  const odometerReading = await ok(app, {
    method: 'POST',
    url: `/api/vehicles/${vehicle.id}/odometer`,
    headers,
    payload: { date: '2024-03-05', odometer: 41500 },
  });
  const schedule = await ok(app, {
    method: 'POST',
    url: `/api/vehicles/${vehicle.id}/schedules`,
    headers,
    payload: {
      title: 'Oil Change',
      category: 'Oil Change',
      intervalMonths: 6,
      intervalDistance: 5000,
    },
  });
  const importForm = multipartBody([fuellyPart()]);
  const importPreview = await ok(app, {
    method: 'POST',
    url: '/api/imports',
    headers: { ...headers, 'content-type': importForm.contentType },
    payload: importForm.payload,
  });
  // Its new vehicles' year, make and model confirmed, as a user does before Import.
  const newVehicles = (
    importPreview.vehicles as {
      key: string;
      needsDetails: boolean;
      suggested: { make: string | null; model: string | null };
    }[]
  ).filter((vehicle) => vehicle.needsDetails);
  if (newVehicles.length > 0) {
    await ok(
      app,
      {
        method: 'PATCH',
        url: `/api/imports/${importPreview.id}`,
        headers,
        payload: {
          vehicleDetails: Object.fromEntries(
            newVehicles.map((vehicle) => [
              vehicle.key,
              {
                year: 2019,
                make: vehicle.suggested.make ?? 'Make',
                model: vehicle.suggested.model ?? 'Model',
              },
            ]),
          ),
        },
      },
      200,
    );
  }
  const backupResponse = await app.inject({ method: 'GET', url: '/api/user/backup', headers });
  expect(backupResponse.statusCode, backupResponse.body).toBe(200);
  const backup = backupResponse.rawPayload;
  const restoreForm = multipartBody([backupPart(backup)]);
  const restorePreview = await ok(app, {
    method: 'POST',
    url: '/api/user/restore',
    headers: { ...headers, 'content-type': restoreForm.contentType },
    payload: restoreForm.payload,
  });
  const imageFile = fileIdOf(vehicleImage.imageUrl);
  const pdfFile = fileIdOf(pdfUrl);
  return {
    importPreview: importPreview.id,
    importVehicleKey: importPreview.vehicles[0].key,
    backup,
    restorePreview: restorePreview.id,
    schedule: schedule.id,
    vehicle: vehicle.id,
    vehicleImage: vehicleImage.id,
    energyEntry: energyEntry.id,
    odometerReading: odometerReading.id,
    records,
    files: [imageFile, fileIdOf(recordImage.imageUrl), pdfFile],
    imageFile,
    pdfFile,
  };
}

/**
 * A document as it reads whenever it is written: an export's `exportedAt` and a backup
 * manifest's `createdAt` say when it was asked for, not what it holds.
 */
function withoutMomentWritten(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  if ('exportedAt' in body) return { ...body, exportedAt: '(time of the export)' };
  if ('format' in body && body.format === BACKUP_FORMAT) {
    return { ...body, createdAt: '(time of the backup)' };
  }
  return body;
}

/** A zip (a backup, a passport) as what it holds: its JSON entries read, its files as base64. */
async function zipSnapshotOf(bytes: Buffer): Promise<Record<string, unknown>> {
  const entries = await readZip(bytes);
  return Object.fromEntries(
    entries.map((entry) => [
      entry.name,
      entry.name.endsWith('.json')
        ? withoutMomentWritten(JSON.parse(entry.bytes.toString('utf8')))
        : entry.bytes.toString('base64'),
    ]),
  );
}

/** GET routes that are sign-on redirects, not reads of the user's data. */
const NOT_READS = new Set(['GET /api/login', 'GET /api/callback']);

/**
 * Everything the user can read, generated from the route table: every GET of `/api` and
 * `/uploads` with the garage's ids, the answers' status and body (file bytes as base64, a zip by
 * its entries).
 */
export async function snapshotOf(
  app: FastifyInstance,
  user: SignedInUser,
  garage: Garage,
): Promise<Record<string, unknown>> {
  const snapshot: Record<string, unknown> = {};
  for (const route of app.routeTable) {
    if (route.method !== 'GET' || NOT_READS.has(routeKey(route))) continue;
    if (!/^\/(api|uploads)\//.test(route.url)) continue;
    for (const { url } of concreteUrls(route.url, () => garage)) {
      const response = await app.inject({ method: 'GET', url, headers: as(user) });
      const type = String(response.headers['content-type'] ?? '');
      let body: unknown;
      if (type.startsWith('application/json')) {
        body = withoutMomentWritten(response.json());
      } else if (type.startsWith('application/zip')) {
        body = await zipSnapshotOf(response.rawPayload);
      } else if (type.startsWith('text/')) {
        body = response.body;
      } else {
        body = response.rawPayload.toString('base64');
      }
      snapshot[url] = { status: response.statusCode, body };
    }
  }
  return snapshot;
}
