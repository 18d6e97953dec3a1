/**
 * The inputs too big to generate at random: 10 MB strings in every kind of field, nesting a
 * hundred thousand levels deep, a hundred thousand keys, a million array items. Each case must
 * finish within its test's time limit (a hang or a quadratic blow-up fails it) with a verdict or
 * a response in the spec's shape, and without a stack overflow.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { validateCampaign } from '../../src/campaign/validate-campaign.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createApiHandler } from '../../src/server/create-api-handler.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { a6With, expectFirstMessage, manyKeys, postcards, tenMegabytes } from './giant-cases.ts'
import {
  designs,
  expectNoPollution,
  flowIds,
  nested,
  prototypeSnapshot,
  validCampaign,
} from './hostile.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

describe('validatePostcard on giant input', () => {
  test.each(postcards)(
    'should judge %s',
    (_name, make, first) => {
      const before = prototypeSnapshot()
      expectFirstMessage(validatePostcard(make(), designs.a6, { fonts }), first)
      expectNoPollution(before)
    },
    20_000
  )
})

describe('validateCampaign on giant input', () => {
  test.each([
    ['a 10 MB name', { ...validCampaign(), name: tenMegabytes('n') }, ''],
    [
      'a million metadata items',
      { ...validCampaign(), metadata: new Array<string>(1_000_000).fill('crm') },
      '',
    ],
    [
      'a segment nested 100 000 levels deep',
      { ...validCampaign(), segment: nested(100_000, 'object') },
      'The segment.source field is required.',
    ],
    ['a body nested 100 000 levels deep', nested(100_000, 'array'), 'The name field is required.'],
    ['100 000 unknown members', { ...validCampaign(), ...manyKeys(100_000) }, ''],
  ] as const)(
    'should judge %s',
    (_name, body, first) => {
      expectFirstMessage(validateCampaign(body), first)
    },
    20_000
  )
})

describe('createApiHandler on giant input', () => {
  const handler = () =>
    createApiHandler({
      accounts: [
        {
          id: 'acme',
          tokens: ['dm_test_vUn2LzQrjwQUg9yTFaT5i6wC'],
          flows: [
            {
              id: flowIds.a6,
              design: designs.a6,
              batch: { at: ['08:00'], time_zone: 'Europe/Berlin' },
            },
          ],
        },
      ],
      fonts,
      onError: (error) => {
        throw error
      },
    })
  const post = (body: BodyInit) =>
    handler()(
      new Request('http://localhost/api/v1/postcards', {
        method: 'POST',
        headers: {
          authorization: 'Bearer dm_test_vUn2LzQrjwQUg9yTFaT5i6wC',
          'content-type': 'application/json',
        },
        body,
        // A stream body needs it (Fetch standard); a string body ignores it.
        duplex: 'half',
      } as RequestInit)
    )

  test.each([
    [
      'a 10 MB body',
      () => JSON.stringify(a6With(['to', 'first_name'], tenMegabytes('x'))),
      413,
      '{"message":"The request body is larger than 1 MB."}',
    ],
    [
      'a 10 MB body streamed without a length',
      () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            const chunk = new TextEncoder().encode('['.repeat(65_536))
            for (let index = 0; index < 160; index++) controller.enqueue(chunk)
            controller.close()
          },
        }),
      413,
      '{"message":"The request body is larger than 1 MB."}',
    ],
    [
      'nesting 100 000 levels deep',
      () => `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      400,
      '{"message":"The request body is not valid JSON: it nests deeper than 512 levels."}',
    ],
    [
      'a lone surrogate escape',
      () => JSON.stringify(a6With(['to', 'first_name'], 'x')).replace('"x"', '"\\ud800"'),
      400,
      '{"message":"The request body is not valid JSON: it contains an unpaired UTF-16 surrogate."}',
    ],
  ] as const)(
    'should refuse %s',
    async (_name, make, status, text) => {
      const response = await post(make() as BodyInit)
      expect(response.status).toBe(status)
      expect(await response.text()).toBe(text)
    },
    20_000
  )

  test('should judge a body of 1 MB of Markdown with 422', async () => {
    const response = await post(
      JSON.stringify(a6With(['content', 'greeting'], '*_'.repeat(500_000)))
    )
    expect(response.status).toBe(422)
    const json = (await response.json()) as { message: string }
    expect(json.message).toMatch(
      /^The content field must not be greater than 20000 characters in total\./
    )
  }, 20_000)
})
