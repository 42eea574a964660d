/**
 * The API document (docs/decisions/009): every `/api` route is in it with a summary, a success
 * schema and its error answers, and it is well-formed OpenAPI 3.1. That every answer of the
 * suites conforms to it is checked by the test app itself (test/api-conformance.ts); the last
 * tests here prove that check fails loudly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorAnswersOf, toOpenApiPath } from './plugins/api-description';
import { createAnswerChecker } from './test/api-conformance';
import { createTestApp } from './test/app';
import { newUser } from './test/factory';

type Json = Record<string, unknown>;
type Operation = {
  summary?: string;
  tags?: string[];
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Json }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: Json;
};

const OFF_SCHEMA_URL = '/api/conformance-check/off-schema';
const UNDOCUMENTED_STATUS_URL = '/api/conformance-check/undocumented-status';

describe('the API document', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let document: Document;

  beforeAll(async () => {
    testApp = await createTestApp();
    // Two routes that break their own description, for the last tests (held to the document,
    // unlike the `/api/test/` fixtures of other suites).
    testApp.app.get(
      OFF_SCHEMA_URL,
      { schema: { summary: 'Test only.', response: { 200: z.object({ ok: z.boolean() }) } } },
      // A string skips the serializer, so the body reaches the client as written.
      async (_request, reply) => reply.type('application/json').send('{"ok":"yes"}' as never),
    );
    testApp.app.get(
      UNDOCUMENTED_STATUS_URL,
      { schema: { summary: 'Test only.', response: { 200: z.object({ ok: z.boolean() }) } } },
      async (_request, reply) =>
        reply.status(418 as 200).send({ message: 'I am a teapot' } as never),
    );
    await testApp.app.ready();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => testApp.close());

  const apiRoutes = () =>
    testApp.app.routeTable.filter(
      (route) => route.url.startsWith('/api') && !route.url.startsWith('/api/conformance-check/'),
    );
  const operationOf = (method: string, url: string) =>
    document.paths[toOpenApiPath(url)]?.[method.toLowerCase()];

  it('is served publicly as OpenAPI 3.1, titled after the product', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Garage Ledger API');
  });

  it('describes every /api route with its method, a summary, a tag and a success answer', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const operation = operationOf(route.method, route.url);
      if (!operation) {
        problems.push(`${name}: missing`);
        continue;
      }
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
      if (!operation.tags?.length) problems.push(`${name}: no tag`);
      const success = Object.keys(operation.responses).filter((status) => /^[23]/.test(status));
      if (success.length === 0) problems.push(`${name}: no success answer`);
      for (const status of success.filter((code) => code !== '204' && !code.startsWith('3'))) {
        const content = operation.responses[status]!.content;
        if (!content || Object.values(content).some((media) => !media.schema)) {
          problems.push(`${name}: the ${status} answer has no schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists the error answers each route can give, all in the D11 shape', () => {
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const operation = operationOf(route.method, route.url);
      if (!operation) continue;
      const documented = Object.keys(operation.responses).map(Number);
      for (const status of errorAnswersOf(route)) {
        if (!documented.includes(status)) {
          problems.push(`${route.method} ${route.url}: ${status} missing`);
          continue;
        }
        const schema = operation.responses[status]!.content?.['application/json']?.schema;
        const required = (schema?.required as string[] | undefined) ?? [];
        if (!required.includes('message')) {
          problems.push(`${route.method} ${route.url}: ${status} is not { message }`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('states the traits the error answers are derived from', () => {
    const statusesOf = (method: string, url: string) =>
      Object.keys(operationOf(method, url)?.responses ?? {});
    // Signed in only: 401; an id: 404; state-changing: 403, 413, 415; any: 500, 503.
    expect(statusesOf('DELETE', '/api/vehicles/:id')).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '413', '415', '500', '503']),
    );
    expect(statusesOf('GET', '/api/vehicles')).not.toContain('404');
    // The free plan's limits, the sign-in limits and the taken e-mail address (D8, D12).
    expect(statusesOf('POST', '/api/vehicles')).toContain('402');
    expect(statusesOf('POST', '/api/login')).toEqual(expect.arrayContaining(['401', '429']));
    expect(statusesOf('POST', '/api/register')).toEqual(expect.arrayContaining(['409', '429']));
    // Public calls do not answer 401 for a missing session.
    expect(statusesOf('GET', '/api/site')).not.toContain('401');
    expect(statusesOf('GET', '/api/openapi.json')).not.toContain('401');
  });

  it('describes the multipart calls with their fields', () => {
    const fieldsOf = (method: string, url: string) => {
      const content = operationOf(method, url)?.requestBody?.content ?? {};
      expect(Object.keys(content)).toEqual(['multipart/form-data']);
      return Object.keys((content['multipart/form-data']!.schema.properties as Json) ?? {});
    };
    expect(fieldsOf('POST', '/api/vehicle-images').sort()).toEqual(
      ['caption', 'image', 'isPrimary', 'vehicleId'].sort(),
    );
    expect(fieldsOf('POST', '/api/upload')).toEqual(['files']);
    expect(fieldsOf('POST', '/api/record-images/:type/:recordId').sort()).toEqual([
      'caption',
      'image',
    ]);
  });

  it('states what every input takes: no field left open, every text with its limit (D40)', () => {
    // Text whose every value the server takes, or that is checked as a number: nothing to state.
    const openText = new Set([
      'GET /uploads/{id} path id',
      'GET /uploads/{id}/thumbnail path id',
      'GET /uploads/{id}/display path id',
      'POST /api/vehicles body year',
      'PUT /api/vehicles/{id} body year',
    ]);
    const problems: string[] = [];
    const check = (schema: Json | undefined, where: string, name: string) => {
      if (!schema || Object.keys(schema).length === 0) {
        problems.push(`${where} ${name}: no schema`);
        return;
      }
      for (const branch of (schema.anyOf as Json[] | undefined) ?? []) check(branch, where, name);
      const types = [schema.type].flat();
      const constrained =
        schema.maxLength !== undefined ||
        schema.enum !== undefined ||
        schema.const !== undefined ||
        schema.pattern !== undefined ||
        schema.format !== undefined ||
        schema.contentMediaType !== undefined;
      if (types.includes('string') && !constrained && !openText.has(`${where} ${name}`)) {
        problems.push(`${where} ${name}: text without a limit`);
      }
      for (const [field, child] of Object.entries((schema.properties as Json) ?? {})) {
        check(child as Json, where, field);
      }
      if (schema.items) check(schema.items as Json, where, `${name}[]`);
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of (operation.parameters ?? []) as (Json & { name: string })[]) {
          check(parameter.schema as Json, `${where} ${parameter.in as string}`, parameter.name);
        }
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          check(content.schema, `${where} body`, '');
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('is well-formed: {param} paths matching their parameters, refs that resolve, unique ids', () => {
    const problems: string[] = [];
    const operationIds = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      if (path.includes(':')) problems.push(`${path}: a :param left in the path`);
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(operations)) {
        const declared = (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name);
        if (declared.sort().join() !== [...pathParams].sort().join()) {
          problems.push(`${method} ${path}: path parameters ${declared} ≠ ${pathParams}`);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!response.description) problems.push(`${method} ${path} ${status}: no description`);
        }
        if (operation.operationId) {
          if (operationIds.has(operation.operationId)) {
            problems.push(`${operation.operationId}: not unique`);
          }
          operationIds.add(operation.operationId);
        }
      }
    }
    const refs = JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g);
    for (const [, ref] of refs) {
      const target = ref!
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document);
      if (!ref!.startsWith('#/') || target === undefined) problems.push(`${ref}: does not resolve`);
    }
    expect(problems).toEqual([]);
  });

  it('leaves the web app out', () => {
    expect(
      Object.keys(document.paths).filter(
        (path) => !/^\/(api|uploads)\//.test(path) && path !== '/healthz',
      ),
    ).toEqual([]);
  });

  describe('the conformance check of every answer', () => {
    it('accepts documented answers', async () => {
      const check = createAnswerChecker(document);
      const { cookie } = await newUser(testApp);
      const vehicles = await testApp.app.inject({
        method: 'GET',
        url: '/api/vehicles',
        headers: { cookie },
      });
      expect(
        check({
          method: 'GET',
          routeUrl: '/api/vehicles',
          status: vehicles.statusCode,
          contentType: vehicles.headers['content-type'] as string,
          body: vehicles.body,
        }),
      ).toBeNull();
    });

    it('reports an undocumented status and a body off its schema', () => {
      const check = createAnswerChecker(document);
      const answer = {
        method: 'GET',
        routeUrl: '/api/vehicles',
        contentType: 'application/json; charset=utf-8',
      };
      expect(check({ ...answer, status: 418, body: '{"message":"Teapot"}' })).toMatch(
        /status 418 is not documented/,
      );
      expect(check({ ...answer, status: 200, body: '[{"id":"one"}]' })).toMatch(
        /does not match the documented schema/,
      );
      expect(check({ ...answer, status: 401, body: '{"error":"no message"}' })).toMatch(
        /does not match the documented schema/,
      );
      expect(check({ ...answer, routeUrl: '/api/nowhere', status: 200, body: '[]' })).toMatch(
        /not in the API document/,
      );
    });

    // These two fail on purpose: the test app's check fails a test whose call got a wrong answer.
    it.fails('fails the test whose call was answered off its schema', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: OFF_SCHEMA_URL });
      expect(response.statusCode).toBe(200);
    });

    it.fails('fails the test whose call was answered an undocumented status', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: UNDOCUMENTED_STATUS_URL });
      expect(response.statusCode).toBe(418);
    });
  });
});
