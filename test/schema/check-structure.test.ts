import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkStructure, compileRequiredPaths } from '../../src/schema/check-structure.ts'
import { fieldMessages } from '../../src/schema/field-messages.ts'
import { isMissing } from '../../src/schema/is-missing.ts'
import { mapSchemaErrors } from '../../src/schema/map-schema-errors.ts'
import { childOf, hasMembers } from '../../src/schema/read-field.ts'
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

describe('checkStructure against a walk of each path from the root', () => {
  // The rule as first written: every path walked from the body, the missing ones kept in a set.
  const reference = (body: unknown, required: readonly string[]): string[] => {
    const missing = new Set<string>()
    const result: string[] = []
    for (const path of required) {
      const keys = path.split('.')
      const parent = keys.slice(0, -1).join('.')
      let parentValue = body
      for (const key of keys.slice(0, -1)) parentValue = childOf(parentValue, key)
      if (parent !== '' && (missing.has(parent) || !hasMembers(parentValue))) continue
      if (isMissing(childOf(parentValue, keys.at(-1) ?? ''))) {
        missing.add(path)
        result.push(`${path}: ${fieldMessages.required(path)}`)
      }
    }
    postcard.validate(body)
    for (const error of mapSchemaErrors(postcard.validate.errors, body)) {
      if (!missing.has(error.path)) result.push(`${error.path}: ${error.message}`)
    }
    return result
  }
  const leaf = fc.oneof(
    fc.constantFrom(null, '', ' ', 'x', 0, true, [], {}),
    fc.string({ maxLength: 3 })
  )
  const level = (child: fc.Arbitrary<unknown>) =>
    fc.oneof(
      leaf,
      fc.array(child, { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'zip', 'city', 'country', '0', '1'), child, {
        maxKeys: 4,
      })
    )
  const body = fc.dictionary(
    fc.constantFrom('flow_id', 'from', 'to', 'a', 'content'),
    level(level(leaf)),
    { maxKeys: 5 }
  )
  const paths = fc.oneof(
    fc.constant(postcard.requiredPaths),
    // Siblings apart, deeper paths, parents not required, list indexes.
    fc.constant(['to', 'from.zip', 'to.zip', 'from', 'to.city', 'a.b.zip', 'a.0', 'a.b']),
    fc.subarray(['flow_id', 'from', 'from.zip', 'a', 'a.zip', 'a.b.city', 'to.0', 'to.zip'])
  )

  test('should report what the walk from the root reports, in its order', () => {
    fc.assert(
      fc.property(body, paths, (value, required) => {
        expect(check(value, required)).toEqual(reference(value, required))
      }),
      { seed: 20261124, numRuns: 2000 }
    )
  })
})
