/**
 * `validatePostcard` never throws, never hangs and always answers in the spec's shape (spec 7.1),
 * whatever the body: arbitrary JSON, valid bodies with hostile changes, hostile text in every
 * field; it never writes to its input or to a built-in prototype. Run with the fonts, so the fit
 * and glyph checks (the deepest code) see the same input.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import type { Verdict } from '../../src/verdict/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import {
  deepCopy,
  deepFreeze,
  designNames,
  designs,
  type DesignName,
  expectNoPollution,
  expectSpecVerdict,
  hostileJson,
  hostileTextBodies,
  hostileValue,
  mutatedBodies,
  prototypeSnapshot,
  runs,
  timeLimit,
  validPostcard,
} from './hostile.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

/** Judges a body against a design twice: the same verdict, in the spec's shape, input intact. */
function judge(body: unknown, name: DesignName): Verdict {
  const before = prototypeSnapshot()
  const frozen = deepFreeze(deepCopy(body))
  const verdict = validatePostcard(frozen, designs[name], { fonts })
  expectSpecVerdict(verdict)
  expect(validatePostcard(frozen, designs[name], { fonts })).toEqual(verdict)
  expectNoPollution(before)
  return verdict
}

describe('validatePostcard under hostile input', () => {
  test('should accept the valid bodies it is mutated from', () => {
    for (const name of designNames) expect(judge(validPostcard(name), name).ok).toBe(true)
  })

  test(
    'should answer any JSON value in the spec shape',
    () => {
      fc.assert(
        fc.property(hostileJson, fc.constantFrom(...designNames), (body, name) => {
          judge(body, name)
        }),
        runs(200)
      )
    },
    timeLimit
  )

  test(
    'should answer any value a JavaScript caller passes, NaN and undefined included',
    () => {
      fc.assert(
        fc.property(hostileValue, fc.constantFrom(...designNames), (body, name) => {
          judge(body, name)
        }),
        runs(100)
      )
    },
    timeLimit
  )

  test(
    'should answer valid bodies with hostile changes anywhere',
    () => {
      fc.assert(
        fc.property(mutatedBodies, ([body, name]) => {
          judge(body, name)
        }),
        runs(200)
      )
    },
    timeLimit
  )

  test(
    'should answer hostile text in every field of a valid body',
    () => {
      fc.assert(
        fc.property(hostileTextBodies, ([body, name]) => {
          judge(body, name)
        }),
        runs(100)
      )
    },
    timeLimit
  )
})
