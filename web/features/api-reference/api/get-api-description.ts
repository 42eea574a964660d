/**
 * The API document the server generates from its schemas (`GET /api/openapi.json`), read as the
 * API reference page needs it. Unlike the default query function, a failure throws, so the page
 * can say so and offer to try again.
 */
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@web/lib/api-client';

export const API_DESCRIPTION_PATH = '/api/openapi.json';

/** A JSON Schema (2020-12) as the document holds it; only what the page shows is typed. */
export type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  contentMediaType?: string;
  additionalProperties?: boolean | JsonSchema;
};

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
};

export type MediaTypes = Record<string, { schema?: JsonSchema }>;

export type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { description?: string; content?: MediaTypes }>;
};

export type ApiDescription = {
  openapi: string;
  info: { title: string; description?: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

export function useApiDescription() {
  return useQuery({
    queryKey: [API_DESCRIPTION_PATH, 'reference'],
    queryFn: ({ signal }) => fetchJson<ApiDescription>(API_DESCRIPTION_PATH, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
