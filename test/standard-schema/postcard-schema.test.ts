/**
 * `postcardSchema`: the Standard Schema of a design's postcards. Its issues must be the 422
 * body's messages (English) one for one, with key paths; warnings stay out of the issues; it is
 * synchronous and judges with a Preflight. The real form libraries are tested in
 * `form-libraries.test.ts`.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { beforeAll, describe, expect, expectTypeOf, test } from 'vitest'
import a6 from '../../designs/a6-greeting.json' with { type: 'json' }
import { PreflightOptionsError } from '../../src/analysis/analysis-environment.ts'
import { createPreflight } from '../../src/analysis/create-preflight.ts'
import type { PostcardSubmission } from '../../src/api/types.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import { LocaleError } from '../../src/i18n/locale.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import {
  pathKeys,
  postcardSchema,
  type PostcardSchema,
  type PostcardSchemaWarning,
} from '../../src/standard-schema/postcard-schema.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'

const design = parseDesign(a6)
let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

const address = {
  first_name: 'Erika',
  address_line1: 'Heidestraße 17',
  zip: '51147',
  city: 'Köln',
  country: 'DE',
}

function postcard(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    flow_id: '7375c8ae-613b-4182-8fb6-51639fd11db4',
    from: {
      company: 'Bloom & Co.',
      address_line1: 'Gartenweg 3',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    to: address,
    content: { greeting: 'Hello **Erika**!', body: 'Spring is here.' },
    qr_codes: { coupon_url: 'https://example.com/c/SPRING' },
    ...extra,
  }
}

const tooLong = 'Spring is here, and so are our new bulbs. '.repeat(30)

/** A body with an error of every kind a form shows. */
const broken = () =>
  postcard({
    flow_id: 'nope',
    to: { ...address, zip: '', city: 5 },
    content: { greeting: 'Hello [Erika](https://example.com)', body: tooLong, extra: 'x' },
    qr_codes: { coupon_url: 'example.com/c/SPRING' },
  })

function validate(schema: PostcardSchema, value: unknown) {
  return schema['~standard'].validate(value)
}

describe('postcardSchema', () => {
  test('should pass a body the service accepts, as the value itself, synchronously', () => {
    const schema = postcardSchema(design, { fonts })
    const body = postcard()
    const result = validate(schema, body)
    expect(result).not.toBeInstanceOf(Promise)
    expect(result).toEqual({ value: body, warnings: [] })
    expect(result.issues).toBeUndefined()
    if (!result.issues) expect(result.value).toBe(body)
    expect(schema['~standard']).toMatchObject({ version: 1, vendor: 'postcard-preflight' })
  })

  test('should give one issue per message of the 422 body, in its order, with key paths', () => {
    const schema = postcardSchema(design, { fonts })
    const body = broken()
    const verdict = validatePostcard(body, design, { fonts })
    const result = validate(schema, body)
    if (verdict.ok || !result.issues) throw new Error('expected a 422')
    const expected = Object.entries(verdict.body.errors).flatMap(([path, messages]) =>
      messages.map((message) => ({ path, message }))
    )
    expect(
      result.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
    ).toEqual(expected)
    expect(result.issues.map((issue) => [issue.path, issue.code, issue.rule])).toEqual([
      [['flow_id'], 'uuid', 'postcard-structure'],
      [['to', 'zip'], 'required', 'postcard-structure'],
      [['to', 'city'], 'string', 'postcard-structure'],
      [['content', 'greeting'], 'markdown', 'markdown-syntax'],
      [['content', 'body'], 'fit', 'text-fit'],
      [['content', 'extra'], 'prohibited', 'content-keys'],
      [['qr_codes', 'coupon_url'], 'url', 'qr-urls'],
    ])
  })

  test('should say what a text that does not fit measures and what to cut', () => {
    const body = postcard({ content: { greeting: 'Hi', body: tooLong } })
    const result = validate(postcardSchema(design, { fonts }), body)
    const verdict = validatePostcard(body, design, { fonts })
    const item = verdict.ok ? undefined : verdict.body.meta?.markdown_fit_errors?.[0]
    expect(item).toMatchObject({ measured_height_mm: 155.74, overflow_mm: 95.74 })
    expect(result.issues).toEqual([
      {
        message:
          'Unexpected text height of 155.74 mm in the area `Message`, expected at most 60 mm. Shorten the text by at least 773 characters (21 lines) or reduce the font size to 6 pt.',
        path: ['content', 'body'],
        code: 'fit',
        rule: 'text-fit',
        data: {
          label: 'Message',
          measured_height_mm: 155.74,
          available_height_mm: 60,
          overflow_mm: 95.74,
          characters: 773,
          lines: 21,
          font_size_pt: 6,
        },
      },
    ])
    expect(result.issues?.[0]?.message).toContain(item?.suggested_action)
  })

  test('should word its issues in the schema’s locale, codes and paths unchanged', () => {
    const body = postcard({
      to: { ...address, zip: '' },
      content: { greeting: 'Hi', body: tooLong },
    })
    const english = validate(postcardSchema(design, { fonts }), body)
    const german = validate(postcardSchema(design, { fonts, locale: 'de-AT' }), body)
    expect(german.issues?.map((issue) => issue.message)).toEqual([
      'Das Feld to.zip ist erforderlich.',
      'Unerwartete Texthöhe von 155,74 mm im Bereich `Message`, erwartet höchstens 60 mm. Kürzen Sie den Text um mindestens 773 Zeichen (21 Zeilen) oder verkleinern Sie die Schrift auf 6 pt.',
    ])
    const strip = (issues: typeof english.issues) =>
      issues?.map(({ path, code, rule, data }) => ({ path, code, rule, data }))
    expect(strip(german.issues)).toEqual(strip(english.issues))
    expect(
      validate(postcardSchema(design, { fonts, locale: 'fr' }), body).issues?.[0]?.message
    ).toBe('Le champ to.zip est obligatoire.')
  })

  test('should keep warnings out of the issues, on the result and in onWarnings', () => {
    const seen: (readonly PostcardSchemaWarning[])[] = []
    const schema = postcardSchema(design, {
      fonts,
      locale: 'nl',
      emojiVersion: '15.0',
      onWarnings: (warnings) => seen.push(warnings),
    })
    const body = postcard({ to: { ...address, first_name: 'Erika 🫪', zip: '5114' } })
    const result = validate(schema, body)
    expect(result.issues).toBeUndefined()
    const expected = [
      {
        message:
          'Onverwachte postcode `5114` voor Duitsland, verwacht een postcode zoals `26133` of `53225`.',
        path: ['to', 'zip'],
        code: 'zip-format',
        rule: 'address-postal-code',
        data: { country: 'DE', zip: '5114', examples: ['26133', '53225'] },
      },
      {
        message:
          'Onverwachte emoji `🫪` (U+1FAEA, Emoji 17.0) in to.first_name, verwacht een emoji uit de vastgelegde set (Emoji 15.0): de preview toont hem als ontbrekend en bij het drukken wordt deze ontvanger overgeslagen.',
        path: ['to', 'first_name'],
        code: 'emoji-not-in-set',
        rule: 'emoji-set',
        data: {
          grapheme: '🫪',
          code_points: ['U+1FAEA'],
          emoji_version: '17.0',
          pinned_version: '15.0',
        },
      },
    ]
    expect(result.warnings).toEqual(expected)
    expect(seen).toEqual([expected])
    validate(schema, postcard())
    expect(seen.at(-1)).toEqual([])
  })

  test('should judge with its Preflight, so an unchanged text is not laid out again', () => {
    const preflight = createPreflight({ design, fonts })
    const schema = postcardSchema(design, { preflight })
    expect(schema.preflight).toBe(preflight)
    let text = 'Spring is here.'
    const entries: number[] = []
    for (const word of ['Tulips', 'and', 'daffodils']) {
      text += ` ${word}`
      validate(schema, postcard({ content: { greeting: 'Hello **Erika**!', body: text } }))
      entries.push(preflight.cacheUsage().entries)
    }
    // One entry per distinct text: after the first body, each new version of it adds one; the
    // greeting, the QR value and the addresses are kept from the first.
    const [first = 0] = entries
    expect(entries).toEqual([first, first + 1, first + 2])
    const verdict = preflight.validate(
      postcard({ content: { greeting: 'Hello **Erika**!', body: text } })
    )
    expect(verdict.ok).toBe(true)
    expect(preflight.cacheUsage().entries).toBe(first + 2)
  })

  test('should give each key its own place in the path, dots and all', () => {
    const result = validate(
      postcardSchema(design, { fonts }),
      postcard({ content: { greeting: 'Hi', body: 'Yo', 'a.b': 'x' }, 'x.y': 1 })
    )
    expect(result.issues?.map((issue) => issue.path)).toEqual([['content', 'a.b']])
    expect(result.warnings.map((warning) => warning.path)).toEqual([['x.y']])
    expect(pathKeys('to.zip')).toEqual(['to', 'zip'])
    expect(pathKeys('qr_codes')).toEqual(['qr_codes'])
    expect(pathKeys('sides.back.elements[2]')).toEqual(['sides.back.elements[2]'])
  })

  test.each([
    null,
    'body',
    [],
    {
      to: {
        get zip(): string {
          throw new Error('getter')
        },
      },
    },
  ])('should never throw on value %#', (value) => {
    const result = validate(postcardSchema(design, { fonts }), value)
    expect(result.issues?.length).toBeGreaterThan(0)
  })

  test('should refuse options that break the contract', () => {
    const preflight = createPreflight({ design, fonts })
    const other = parseDesign({ ...a6, id: 'ffffffff-9ea0-4da4-a1ef-91225258fbcd' })
    expect(() => postcardSchema(other, { preflight })).toThrow(PreflightOptionsError)
    expect(() => postcardSchema(design, { preflight, fonts })).toThrow(
      'Unexpected `fonts` with `preflight`, expected the preflight to bring them'
    )
    expect(() => postcardSchema(design, { locale: 'no tag!' })).toThrow(LocaleError)
    expect(() => postcardSchema(design, { onWarnings: 'log' as never })).toThrow(
      PreflightOptionsError
    )
    expect(() => postcardSchema(design, null as never)).toThrow(PreflightOptionsError)
  })

  test('should be a StandardSchemaV1 of the @standard-schema/spec package', () => {
    const schema = postcardSchema(design, { fonts })
    expectTypeOf(schema).toExtend<StandardSchemaV1<PostcardSubmission, PostcardSubmission>>()
    expectTypeOf<StandardSchemaV1.InferOutput<typeof schema>>().toEqualTypeOf<PostcardSubmission>()
    const standard: StandardSchemaV1 = schema
    expect(standard['~standard'].version).toBe(1)
  })
})
