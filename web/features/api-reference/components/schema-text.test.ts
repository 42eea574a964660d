import { describe, expect, it } from 'vitest';
import { constraintsOf, fieldsOf, typeOf } from './schema-text';

describe('schemas said in words', () => {
  it('names types, unions and arrays', () => {
    expect(typeOf({ type: 'integer' })).toBe('integer');
    expect(typeOf({ type: ['string', 'null'] })).toBe('string or null');
    expect(typeOf({ anyOf: [{ type: 'number' }, { type: 'null' }] })).toBe('number or null');
    expect(typeOf({ type: 'array', items: { type: 'object' } })).toBe('array of object');
    expect(typeOf({ type: 'string', contentMediaType: 'application/octet-stream' })).toBe('file');
    expect(typeOf(undefined)).toBe('any');
  });

  it('says the limits a value must keep', () => {
    expect(constraintsOf({ type: 'string', minLength: 1, maxLength: 100 })).toEqual([
      'not empty',
      'at most 100 characters',
    ]);
    expect(constraintsOf({ type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 })).toEqual([
      'more than 0',
      'at most 2,147,483,647',
    ]);
    expect(constraintsOf({ enum: ['true', 'false'] })).toEqual(['one of "true", "false"']);
  });

  it('lists the fields of an object or of the objects of an array, required first', () => {
    const object = {
      type: 'object',
      properties: { caption: { type: ['string', 'null'] }, id: { type: 'number' } },
      required: ['id'],
    };
    expect(fieldsOf(object).map((field) => [field.name, field.isRequired])).toEqual([
      ['id', true],
      ['caption', false],
    ]);
    expect(fieldsOf({ type: 'array', items: object })).toHaveLength(2);
    expect(fieldsOf({ type: 'string' })).toEqual([]);
  });
});
