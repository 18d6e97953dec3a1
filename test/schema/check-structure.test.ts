import { describe, expect, test } from 'vitest'
import { checkStructure, compileRequiredPaths } from '../../src/schema/check-structure.ts'
import * as postcard from '../../src/schema/postcard.generated.js'

const check = (body: unknown, required: readonly string[] = postcard.requiredPaths) =>
  checkStructure(body, postcard.validate, compileRequiredPaths(required)).map(
    (error) => `${error.path}: ${error.message}`
  )

const address = { address_line1: 'Main St 1', zip: '10115', city: 'Berlin', country: 'DE' }
const flow_id = '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10'

describe('checkStructure', () => {
  test('should pass a complete body', () => {
    expect(check({ flow_id, from: address, to: address })).toEqual([])
  })

  test.each([
    { name: 'an empty object', body: {} },
    { name: 'null', body: null },
    { name: 'a string', body: 'flow' },
    { name: 'a number', body: 42 },
    { name: 'an empty list', body: [] },
  ])('should report the top-level fields of $name as required', ({ body }) => {
    expect(check(body)).toEqual([
      'flow_id: The flow_id field is required.',
      'from: The from field is required.',
      'to: The to field is required.',
    ])
  })

  test.each([
    { value: null, name: 'null' },
    { value: '', name: 'empty' },
    { value: '  \t', name: 'blank' },
  ])('should report a $name required string as required, not as a wrong type', ({ value }) => {
    expect(check({ flow_id, from: address, to: { ...address, zip: value } })).toEqual([
      'to.zip: The to.zip field is required.',
    ])
  })

  test('should report one error for a missing or empty parent, not one per child', () => {
    expect(check({ flow_id, from: {}, to: [] })).toEqual([
      'from: The from field is required.',
      'to: The to field is required.',
    ])
  })

  test('should report the children of a present parent', () => {
    expect(check({ flow_id, from: { zip: '10115', company: null }, to: address })).toEqual([
      'from.address_line1: The from.address_line1 field is required.',
      'from.city: The from.city field is required.',
      'from.country: The from.country field is required.',
    ])
  })

  test('should read a list where an object is expected as PHP does', () => {
    expect(check({ flow_id, from: ['x'], to: address })).toEqual([
      'from.address_line1: The from.address_line1 field is required.',
      'from.zip: The from.zip field is required.',
      'from.city: The from.city field is required.',
      'from.country: The from.country field is required.',
    ])
  })

  test('should report a parent of the wrong type once', () => {
    expect(check({ flow_id, from: 'Berlin', to: 7 })).toEqual([
      'from: The from field must be an array.',
      'to: The to field must be an array.',
    ])
  })

  test('should report wrong types of optional and required fields', () => {
    expect(
      check({
        flow_id: 12,
        from: { ...address, company: 1, first_name: null, address_line2: false },
        to: { ...address, city: ['Berlin'] },
        content: 'x',
      })
    ).toEqual([
      'flow_id: The flow_id field must be a string.',
      'from.company: The from.company field must be a string.',
      'from.address_line2: The from.address_line2 field must be a string.',
      'to.city: The to.city field must be a string.',
      'content: The content field must be an array.',
    ])
  })

  test('should apply other required paths, skipping children of absent optional parents', () => {
    expect(check({ flow_id }, ['flow_id', 'to.zip', 'content'])).toEqual([
      'content: The content field is required.',
    ])
  })
})
