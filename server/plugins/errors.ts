/**
 * The one error handler (D11): every failure of an `/api` call answers JSON `{message}` (plus
 * `errors` per field, or a `code`) with the fitting status; a database that cannot be reached
 * answers 503 and one whose disk is full 507, a crash a generic 500, revealing nothing internal.
 * Unknown `/api` and `/uploads` paths answer a JSON 404. What Node's HTTP server refuses before
 * any request reaches Fastify (headers too large, the request deadline) answers D11 as well.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { COMMON_MESSAGES, type ErrorBody } from '@contract/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, invalidInput } from '../app-error';
import { databaseFailureOf } from '../db/errors';

const CLIENT_ERROR_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: COMMON_MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: COMMON_MESSAGES.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: COMMON_MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: COMMON_MESSAGES.unsupportedMediaType },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: COMMON_MESSAGES.tooLarge },
  // The router's own refusals (see `answerFrameworkError`): their text would echo the path.
  FST_ERR_BAD_URL: { status: 400, message: COMMON_MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, message: COMMON_MESSAGES.badUrl },
};

function fieldName(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/**
 * What a 503 for an unreachable database asks of clients (`Retry-After`, RFC 9110 §10.2.3): the
 * app serves again by itself about a second after its database is back (the reliability suite's
 * "Database going away", faults/results/latest.md), so a few seconds is a fair first wait.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export type ErrorResponse = { status: number; body: ErrorBody; headers?: Record<string, string> };

export function toErrorResponse(error: FastifyError | Error): ErrorResponse {
  if (error instanceof AppError) {
    const { code, errors, headers, fields } = error.extra;
    return {
      status: error.statusCode,
      body: {
        ...fields,
        message: error.message,
        ...(errors ? { errors } : {}),
        ...(code ? { code } : {}),
      },
      ...(headers ? { headers } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return toErrorResponse(
      invalidInput(
        error.validation.map((issue) => ({
          field: fieldName(issue.instancePath),
          message: issue.message,
        })),
      ),
    );
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? CLIENT_ERROR_MESSAGES[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { message: known.message } };
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, body: { message: COMMON_MESSAGES.malformedJson } };
  }
  const databaseFailure = databaseFailureOf(error);
  if (databaseFailure === 'unavailable') {
    return {
      status: 503,
      body: { message: COMMON_MESSAGES.unavailable },
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (databaseFailure === 'storageFull') {
    return { status: 507, body: { message: COMMON_MESSAGES.storageFull } };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { message: error.message } };
  }
  return { status: 500, body: { message: COMMON_MESSAGES.internal } };
}

/**
 * Whether the client went away before its request had arrived whole (it hung up, or the request
 * deadline closed the connection): then reading the body failed because of the client, and no
 * one is left to read the answer.
 */
function isRequestCutOff(request: FastifyRequest) {
  return request.raw.destroyed && !request.raw.complete;
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isRequestCutOff(request)) {
    request.log.info({ err: error }, 'client went away before its request arrived');
    return reply
      .status(400)
      .type('application/json; charset=utf-8')
      .send({ message: COMMON_MESSAGES.incompleteRequest } satisfies ErrorBody);
  }
  const { status, body, headers } = toErrorResponse(error);
  // A 5xx the app chose to answer (a busy photo queue's 503) is the server working as meant,
  // not a failure: a warning, so error-level lines stay the ones someone must look at.
  if (status >= 500 && error instanceof AppError) {
    request.log.warn({ status, message: error.message }, 'request refused by a rule of the app');
  } else if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
  }
  if (headers) reply.headers(headers);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(answerError);
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or hook runs (a
 * path that is not valid percent-encoding, a path parameter past its length) answers D11 too,
 * instead of Fastify's own body.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  return answerError(error, request, reply);
}

/** What Node's HTTP server refuses before a request exists, by its error code. */
const CONNECTION_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: COMMON_MESSAGES.requestTimeout },
  HPE_HEADER_OVERFLOW: { status: 431, message: COMMON_MESSAGES.headersTooLarge },
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP server reports here what it refuses itself (the
 * request deadline, headers past the size it reads, bytes that are not HTTP), which Fastify
 * would answer with a body of its own. A reset connection has no one to answer. Like Node, an
 * answer is written only while no answer has begun on the connection, then it is closed.
 */
export function answerClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Duplex,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CONNECTION_ERRORS[error.code ?? ''] ?? {
    status: 400,
    message: COMMON_MESSAGES.malformedRequest,
  };
  this.log.info({ err: error, status }, 'connection refused by the HTTP server');
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message } satisfies ErrorBody);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Paths that always answer JSON, never the web app (D41): `/api` and `/uploads`, however they are
 * written. The router matches only the exact spelling, so `/API/user` or `//api/user` reach the
 * catch-all, which must not answer them with the app's page.
 */
const API_PATH = /^\/+(api|uploads)(\/|\?|$)/i;

export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}

export function sendJsonNotFound(reply: import('fastify').FastifyReply) {
  return reply
    .status(404)
    .type('application/json; charset=utf-8')
    .send({ message: COMMON_MESSAGES.notFound } satisfies ErrorBody);
}
