/**
 * Every answer of the test suites, held to the API document (docs/decisions/009): its status must
 * be documented for its operation and its JSON body must match the documented schema. The whole
 * suite exercises far more answers (errors above all) than a test of the document could, so a
 * description that drifts from the code fails the test whose call revealed it.
 */

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { isDescribedUrl, toOpenApiPath } from '../plugins/api-description';

/**
 * Routes suites register to exercise the plugins (`/api/test/crash`, `/api/test/echo`): not part
 * of the API, so not held to its document.
 */
export const TEST_FIXTURE_ROUTE_PREFIX = '/api/test/';

type MediaTypes = Record<string, { schema?: Record<string, unknown> }>;
type Operation = { responses?: Record<string, { content?: MediaTypes }> };
type Document = { paths: Record<string, Record<string, Operation>> };

export type Answer = {
  method: string;
  /** The route's url as registered (`/api/vehicles/:id`). */
  routeUrl: string;
  status: number;
  contentType: string | undefined;
  body: string | undefined;
};

/** Checks answers against one API document; the validators are compiled once per schema. */
export function createAnswerChecker(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const validators = new Map<Record<string, unknown>, ValidateFunction>();
  function validatorOf(schema: Record<string, unknown>) {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  }

  /** What is wrong with `answer`, or null when the document allows it. */
  return function check(answer: Answer): string | null {
    const path = toOpenApiPath(answer.routeUrl);
    const name = `${answer.method} ${path} → ${answer.status}`;
    const operation = document.paths[path]?.[answer.method.toLowerCase()];
    if (!operation) return `${name}: the operation is not in the API document`;
    const response = operation.responses?.[String(answer.status)];
    if (!response) {
      return `${name}: status ${answer.status} is not documented for this operation (body: ${preview(answer.body)})`;
    }
    if (!response.content || !answer.body) return null;
    const mediaType = (answer.contentType ?? '').split(';')[0]!.trim();
    const documented = response.content[mediaType];
    if (!documented) {
      return `${name}: content type ${mediaType || '(none)'} is not documented (documented: ${Object.keys(response.content).join(', ')})`;
    }
    if (mediaType !== 'application/json' || !documented.schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${name}: the body is not JSON (${preview(answer.body)})`;
    }
    const validate = validatorOf(documented.schema);
    if (validate(body)) return null;
    return `${name}: the body does not match the documented schema: ${ajv.errorsText(validate.errors)} (body: ${preview(answer.body)})`;
  };
}

function preview(body: string | undefined): string {
  if (!body) return '(empty)';
  return body.length > 300 ? `${body.slice(0, 300)}…` : body;
}

/**
 * Checks every answer of `app` to a described route. A violation fails the running test (through
 * `onTestFinished`); one outside any test (a `beforeAll`) is kept for `takeUnreported`, which the
 * test app's `close()` throws.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance) {
  let check: ReturnType<typeof createAnswerChecker> | null = null;
  const unreported: string[] = [];

  app.addHook('onSend', async (request, reply, payload) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl || !isDescribedUrl(routeUrl)) return payload;
    if (routeUrl.startsWith(TEST_FIXTURE_ROUTE_PREFIX)) return payload;
    if (request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    check ??= createAnswerChecker(app.swagger() as unknown as Document);
    const contentType = reply.getHeader('content-type');
    const violation = check({
      method: request.method,
      routeUrl,
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: typeof payload === 'string' ? payload : undefined,
    });
    if (violation) report(violation);
    return payload;
  });

  function report(violation: string) {
    const error = new Error(`The answer does not conform to the API document: ${violation}`);
    try {
      onTestFinished(() => {
        throw error;
      });
    } catch {
      unreported.push(violation);
    }
  }

  return {
    /** The violations no test was running to fail for, forgotten once taken. */
    takeUnreported(): string[] {
      return unreported.splice(0);
    },
  };
}
