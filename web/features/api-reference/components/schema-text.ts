/**
 * JSON Schemas of the API document said in words, for people reading the reference: a type
 * ("integer", "string or null", "array of object"), its constraints ("at most 100 characters")
 * and the fields of an object (or of the objects of an array).
 */
import type { JsonSchema } from '../api/get-api-description';

export type Field = {
  name: string;
  type: string;
  isRequired: boolean;
  constraints: string[];
  description?: string;
};

function variantsOf(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

/** "integer", "string or null", "array of object", "file". */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.anyOf || schema.oneOf) {
    const names = variantsOf(schema).map(typeOf);
    return [...new Set(names)].join(' or ');
  }
  if (schema.contentMediaType) return 'file';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.enum ? 'string' : 'any';
  return types
    .map((type) => (type === 'array' ? `array of ${typeOf(schema.items)}` : type))
    .join(' or ');
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The limits a value must keep, in words; those of every variant of an `anyOf`. */
export function constraintsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.anyOf || schema.oneOf) return variantsOf(schema).flatMap(constraintsOf);
  const said: string[] = [];
  if (schema.enum)
    said.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.minLength !== undefined && schema.minLength > 0) {
    said.push(
      schema.minLength === 1 ? 'not empty' : `at least ${plural(schema.minLength, 'character')}`,
    );
  }
  if (schema.maxLength !== undefined) said.push(`at most ${plural(schema.maxLength, 'character')}`);
  if (schema.exclusiveMinimum !== undefined) said.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.minimum !== undefined) said.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) said.push(`at most ${schema.maximum.toLocaleString('en-US')}`);
  if (schema.exclusiveMaximum !== undefined) said.push(`less than ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined && schema.minItems > 0) {
    said.push(`at least ${plural(schema.minItems, 'item')}`);
  }
  if (schema.maxItems !== undefined) said.push(`at most ${plural(schema.maxItems, 'item')}`);
  if (schema.pattern) said.push(`matches ${schema.pattern}`);
  if (schema.items) said.push(...constraintsOf(schema.items));
  return said;
}

/** The object an answer or a body is made of: itself, or the items of an array of objects. */
function objectOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  if (schema.items?.properties) return schema.items;
  return undefined;
}

/** The fields of an object schema (or of an array's objects), required ones first. */
export function fieldsOf(schema: JsonSchema | undefined): Field[] {
  const object = objectOf(schema);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties)
    .map(([name, property]) => ({
      name,
      type: typeOf(property),
      isRequired: required.has(name),
      constraints: constraintsOf(property),
      description: property.description,
    }))
    .sort((a, b) => Number(b.isRequired) - Number(a.isRequired));
}
