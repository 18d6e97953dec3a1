/**
 * `validateCampaign` never throws and always answers in the spec's shape (spec 7.1), whatever
 * the body; it never writes to its input or to a built-in prototype.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { validateCampaign } from '../../src/campaign/validate-campaign.ts'
import type { Verdict } from '../../src/verdict/types.ts'
import {
  deepCopy,
  deepFreeze,
  expectNoPollution,
  expectSpecVerdict,
  hostileJson,
  hostileString,
  hostileValue,
  mutated,
  prototypeSnapshot,
  runs,
  timeLimit,
  validCampaign,
} from './hostile.ts'

/** Judges a body twice: the same verdict, in the spec's shape, input and prototypes intact. */
function judge(body: unknown): Verdict {
  const before = prototypeSnapshot()
  const frozen = deepFreeze(deepCopy(body))
  const verdict = validateCampaign(frozen)
  expectSpecVerdict(verdict)
  expect(validateCampaign(frozen)).toEqual(verdict)
  expectNoPollution(before)
  return verdict
}

describe('validateCampaign under hostile input', () => {
  test('should accept the valid body it is mutated from', () => {
    expect(judge(validCampaign())).toEqual({ ok: true, warnings: [] })
  })

  test(
    'should answer any JSON value in the spec shape',
    () => {
      fc.assert(
        fc.property(hostileJson, (body) => void judge(body)),
        runs(300)
      )
    },
    timeLimit
  )

  test(
    'should answer any value a JavaScript caller passes',
    () => {
      fc.assert(
        fc.property(hostileValue, (body) => void judge(body)),
        runs(200)
      )
    },
    timeLimit
  )

  test(
    'should answer the valid campaign with hostile changes anywhere',
    () => {
      fc.assert(
        fc.property(mutated(validCampaign), (body) => void judge(body)),
        runs(400)
      )
    },
    timeLimit
  )

  test(
    'should answer hostile text in every string field',
    () => {
      const paths = [
        ['name'],
        ['description'],
        ['processingType'],
        ['segment', 'source'],
        ['segment', 'id'],
        ['design', 'postcardDesignId'],
        ['delivery', 'deliveryPeriodEndAt'],
        ['billing', 'paymentMethod'],
        ['billing', 'invoiceEmail'],
      ]
      fc.assert(
        fc.property(
          fc.array(hostileString, { minLength: paths.length, maxLength: paths.length }),
          (texts) => {
            const body = validCampaign()
            paths.forEach((path, index) => {
              let node = body
              for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>
              node[path.at(-1) as string] = texts[index]
            })
            judge(body)
          }
        ),
        runs(300)
      )
    },
    timeLimit
  )
})
