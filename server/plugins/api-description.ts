/**
 * The API described (OpenAPI 3.1), served at `GET /api/openapi.json` for people who script their
 * garage. The document is generated from the zod schemas the routes validate with, so it cannot
 * drift from them; what zod does not say is stated here once:
 * - the error answers of every operation, derived from its traits (`errorAnswersOf`);
 * - the fields of the multipart bodies, which the handlers read themselves (`config.multipartBody`).
 * Only `/api/*`, `/uploads/*` and `/healthz` are described: the web app's pages are not an API.
 * See docs/decisions/009-api-description.md.
 */

import { PRODUCT_NAME } from '@contract/product';
import { errorBodySchema } from '@contract/schemas/common';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isKeptRead } from '../answer-cache/answer-cache';
import { SESSION_COOKIE } from './session';

export const API_DESCRIPTION_URL = '/api/openapi.json';

/** The `security` of an operation that answers 401 without a session (`requireUserId`). */
export const SIGNED_IN = [{ session: [] }];

/**
 * Answers a route can give that its shape does not reveal: they come from the service's rules
 * (plan limits, taken e-mail addresses, sign-in limits, ids inside a body…).
 */
export type RuleAnswer = 401 | 402 | 404 | 409 | 410 | 422 | 429 | 503;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The fields of a `multipart/form-data` body, which the handler reads itself. */
    multipartBody?: z.ZodObject;
    /** The statuses the service's rules can answer besides those derived from the route. */
    ruleAnswers?: readonly RuleAnswer[];
  }
}

/** A file field of a multipart body, as OpenAPI 3.1 describes binary content. */
export function fileField(description: string) {
  return z.string().meta({ description, contentMediaType: 'application/octet-stream' });
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid: `message` says why, `errors` names each wrong field.',
  401: 'Not signed in: no session, or it has ended.',
  402: 'The free plan does not allow this (`code` is `PLAN_LIMIT`); Premium does.',
  403: 'A state-changing call whose `Origin` is another site is refused (D7).',
  404: 'Not found: missing, or not yours (both answer the same, D9).',
  409: 'Conflicts with what exists already; or (`code` `ODOMETER_IMPLAUSIBLE`, decision 068) the odometer goes backwards or implies an implausible distance per day: `expected` is what the history expected, in `unit`; sent again with `confirmOdometer: true`, it is saved.',
  413: 'The body, a file or the number of files is past its limit, or the files would not fit in your storage quota (decision 041).',
  415: 'The content type (of the body or of a file) is not accepted.',
  429: 'Too many attempts (D8) or uploads (decision 041): try again after `Retry-After` seconds.',
  500: 'Something went wrong on our side; nothing internal is revealed.',
  503: 'A service the call needs is unavailable for now: the database, or photo processing, busy with other photos (`Retry-After` gives the seconds to wait before trying again), or payments.',
  507: "The server's storage is full: nothing was saved.",
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'Done.', 201: 'Created.' };

/** Decision 056: a signed-in read's tag, and the answer to a request that sends it back. */
const ETAG_HEADER = {
  type: 'string',
  description:
    'The tag of this answer: sent back in `If-None-Match`, it answers 304 while your data is unchanged.',
};
const NOT_MODIFIED =
  'Unchanged since the answer whose `ETag` the request sent in `If-None-Match`: the copy you hold is current.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What of a route the error answers are derived from. */
export type RouteTraits = {
  method: string;
  url: string;
  schema?: FastifySchema;
  config?: { multipartBody?: unknown; ruleAnswers?: readonly RuleAnswer[] };
};

/** Routes whose raw body any content type may carry (the payment provider's webhook). */
const ANY_CONTENT_TYPE = new Set(['/api/billing/webhook']);

/**
 * Every error status a route can answer, from its traits. One place, so that a new route is
 * described the moment it is registered, and the conformance check of the test app
 * (server/test/app.ts) holds every answer of the suites to it.
 */
export function errorAnswersOf(route: RouteTraits): number[] {
  const statuses = new Set<number>([500, 503]);
  const schema = route.schema ?? {};
  const carriesBody = STATE_CHANGING.has(route.method);
  // A body that is not JSON, too large or of an unknown type is refused by the parser, whatever
  // the route; parameters and queries are validated by their schema.
  if (carriesBody || canRefuse(schema.params) || schema.querystring || schema.body) {
    statuses.add(400);
  }
  if (carriesBody) {
    statuses.add(403);
    statuses.add(413);
    // A write to a database whose disk is full.
    statuses.add(507);
    if (!ANY_CONTENT_TYPE.has(route.url)) statuses.add(415);
  }
  if (schema.security && schema.security.length > 0) statuses.add(401);
  if (schema.params) statuses.add(404);
  for (const status of route.config?.ruleAnswers ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Whether path parameters can be refused: ids and kinds can, a parameter any text fits cannot
 * (`/uploads/{id}` answers an unknown file's 404 instead).
 */
function canRefuse(params: unknown): boolean {
  if (!params) return false;
  const schema = params as {
    shape?: Record<string, unknown>;
    safeParse?: (value: unknown) => { success: boolean };
  };
  if (!schema.shape || !schema.safeParse) return true;
  const anyText = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, 'any text']));
  return !schema.safeParse(anyText).success;
}

/** Whether a route belongs to the API document. */
export function isDescribedUrl(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/uploads/') || url === '/healthz';
}

/** `/api/vehicles/:id` → `/api/vehicles/{id}`. */
export function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const errorBodyJson = stripDialect(z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' }));

function stripDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });
type TransformInput = Parameters<typeof zodTransform>[0];

function describeRoute(input: TransformInput) {
  const { url } = input;
  const route = input.route as RouteOptions;
  if (!isDescribedUrl(url)) return { schema: { hide: true } as FastifySchema, url };
  const transformed = zodTransform(input) as {
    schema?: FastifySchema & { response?: Record<string, unknown> };
    url: string;
  };
  const schema = transformed.schema ?? {};
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(schema.response ?? {})) {
    const described = answer as { description?: string };
    response[status] = described.description
      ? answer
      : { description: SUCCESS_DESCRIPTIONS[status] ?? 'The answer.', ...described };
  }
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  if (isKeptRead(method, url) && response[200]) {
    response[200] = { ...(response[200] as object), headers: { ETag: ETAG_HEADER } };
    response[304] = { type: 'null', description: NOT_MODIFIED, headers: { ETag: ETAG_HEADER } };
  }
  for (const status of errorAnswersOf({
    method,
    url,
    schema: route.schema,
    config: route.config,
  })) {
    if (response[status]) continue;
    // Only sign-in answers 401 without needing a session: it refuses the credentials.
    const description =
      status === 401 && !route.schema?.security
        ? 'The e-mail address and password do not match.'
        : ERROR_DESCRIPTIONS[status];
    response[status] = { description, ...errorBodyJson };
  }
  const described: FastifySchema & Record<string, unknown> = { ...schema, response };
  const multipartBody = route.config?.multipartBody;
  if (multipartBody) {
    described.consumes = ['multipart/form-data'];
    described.body = stripDialect(
      z.toJSONSchema(multipartBody, {
        target: 'draft-2020-12',
        io: 'input',
        unrepresentable: 'any',
      }),
    );
  }
  return { schema: described, url: transformed.url };
}

export async function registerApiDescription(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          'Your vehicles, their maintenance, repairs, modifications, documents and expenses. ' +
          'Sign in with `POST /api/login`: the answer sets a session cookie that every ' +
          'signed-in call sends back. State-changing calls from a script must send an `Origin` ' +
          'header of this site, or none (D7). Every error answers JSON `{ "message": … }`.',
        version: '1',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie `POST /api/login` or `POST /api/register` sets.',
          },
        },
      },
    },
    transform: describeRoute,
    transformObject: jsonSchemaTransformObject,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    API_DESCRIPTION_URL,
    {
      schema: {
        summary: 'Describes the whole API as an OpenAPI 3.1 document (this document).',
        tags: ['API description'],
        response: { 200: z.looseObject({ openapi: z.string() }) },
      },
    },
    async () => app.swagger() as unknown as { openapi: string },
  );
}
