/// <reference types="vite/client" />
import { expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import type { Verdict } from '../../src/verdict/types.ts'
import { makeDesign, type DesignParts } from './make-design.ts'

interface Fixture {
  readonly description: string
  readonly design: DesignParts
  readonly body: unknown
  readonly verdict: Verdict
}

const fixtures = import.meta.glob<Fixture>('../fixtures/postcards/*.json', {
  eager: true,
  import: 'default',
})

test('should find the fixtures', () => {
  expect(Object.keys(fixtures).length).toBeGreaterThanOrEqual(4)
})

test.each(
  Object.entries(fixtures).map(([path, fixture]) => ({ name: path.split('/').at(-1), fixture }))
)('should judge the whole body of $name', ({ fixture }) => {
  const verdict = validatePostcard(fixture.body, makeDesign(fixture.design))
  expect(verdict).toEqual(fixture.verdict)
  // Byte for byte: key order of errors and meta is part of the contract.
  expect(JSON.stringify(verdict)).toBe(JSON.stringify(fixture.verdict))
})
