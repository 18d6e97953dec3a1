import { describe, expect, test } from 'vitest'
import { mapSchemaErrors, pointerToPath } from '../../src/schema/map-schema-errors.ts'
import type { SchemaError } from '../../src/schema/schema-error.ts'

const error = (
  instancePath: string,
  keyword: string,
  params: Record<string, unknown>
): SchemaError => ({ instancePath, schemaPath: '#', keyword, params })

describe('pointerToPath', () => {
  test.each([
    ['', ''],
    ['/flow_id', 'flow_id'],
    ['/to/zip', 'to.zip'],
    ['/content/a~1b', 'content.a/b'],
    ['/content/a~0b', 'content.a~b'],
    ['/content/~01', 'content.~1'],
    ['/metadata/3', 'metadata.3'],
    ['/content/', 'content.'],
  ])('should turn %j into %j', (pointer, path) => {
    expect(pointerToPath(pointer)).toBe(path)
  })
})

describe('mapSchemaErrors', () => {
  test.each([
    {
      name: 'a string type',
      errors: [error('/to/city', 'type', { type: 'string' })],
      body: { to: { city: 5 } },
      expected: [
        { path: 'to.city', code: 'string', message: 'The to.city field must be a string.' },
      ],
    },
    {
      name: 'a nullable string type',
      errors: [error('/to/company', 'type', { type: ['string', 'null'] })],
      body: { to: { company: 5 } },
      expected: [
        { path: 'to.company', code: 'string', message: 'The to.company field must be a string.' },
      ],
    },
    {
      name: 'an object type',
      errors: [error('/to', 'type', { type: 'object' })],
      body: { to: 'Berlin' },
      expected: [{ path: 'to', code: 'array', message: 'The to field must be an array.' }],
    },
    {
      name: 'a list type',
      errors: [error('/metadata', 'type', { type: ['array', 'null'] })],
      body: { metadata: 'x' },
      expected: [
        { path: 'metadata', code: 'array', message: 'The metadata field must be an array.' },
      ],
    },
    {
      name: 'a boolean type',
      errors: [error('/addressVerification', 'type', { type: 'boolean' })],
      body: { addressVerification: 'yes' },
      expected: [
        {
          path: 'addressVerification',
          code: 'boolean',
          message: 'The addressVerification field must be true or false.',
        },
      ],
    },
    {
      name: 'an enum',
      errors: [error('/processingType', 'enum', { allowedValues: ['automatic', 'one_off'] })],
      body: { processingType: 'weekly' },
      expected: [
        { path: 'processingType', code: 'in', message: 'The selected processingType is invalid.' },
      ],
    },
    {
      name: 'an unmapped keyword',
      errors: [error('/name', 'pattern', { pattern: 'x' })],
      body: { name: 'y' },
      expected: [{ path: 'name', code: 'invalid', message: 'The name field is invalid.' }],
    },
    {
      name: 'an unmapped type',
      errors: [error('/count', 'type', { type: 'integer' })],
      body: { count: 'x' },
      expected: [{ path: 'count', code: 'invalid', message: 'The count field is invalid.' }],
    },
    {
      name: 'a list where an object is expected (PHP reads it as an array)',
      errors: [error('/to', 'type', { type: 'object' })],
      body: { to: ['x'] },
      expected: [],
    },
    {
      name: 'the document itself',
      errors: [error('', 'type', { type: 'object' })],
      body: 'x',
      expected: [],
    },
    {
      name: 'a type and an enum error of one field, keeping the type',
      errors: [
        error('/processingType', 'type', { type: 'string' }),
        error('/processingType', 'enum', { allowedValues: ['automatic', 'one_off'] }),
      ],
      body: { processingType: 3 },
      expected: [
        {
          path: 'processingType',
          code: 'string',
          message: 'The processingType field must be a string.',
        },
      ],
    },
  ])('should map $name', ({ errors, body, expected }) => {
    expect(mapSchemaErrors(errors, body)).toEqual(expected)
  })

  test('should map no errors to none', () => {
    expect(mapSchemaErrors(null, {})).toEqual([])
    expect(mapSchemaErrors([], {})).toEqual([])
  })
})
