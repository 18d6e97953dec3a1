import { beforeAll, describe, expect, test } from 'vitest'
import a6Greeting from '../../designs/a6-greeting.json' with { type: 'json' }
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { berlin, FLOW_ID } from './make-design.ts'

let design: Design
let fonts: FontRegistry

beforeAll(async () => {
  design = parseDesign(a6Greeting)
  fonts = createFontRegistry(await loadTestFonts())
})

function body(overrides: { greeting?: string; first_name?: string; city?: string } = {}) {
  return {
    flow_id: FLOW_ID,
    from: berlin,
    to: {
      ...berlin,
      first_name: overrides.first_name ?? 'Erika',
      city: overrides.city ?? 'Berlin',
    },
    content: { greeting: overrides.greeting ?? 'Hallo **Erika** 🌷', body: 'Frohe Ostern!' },
    qr_codes: { coupon_url: 'https://example.com/c/123' },
  }
}

describe('validatePostcard: emoji newer than the pinned set (spec 2.3)', () => {
  test('should accept emoji of the pinned set without a warning', () => {
    const verdict = validatePostcard(body({ first_name: 'Erika 🌷' }), design, { fonts })
    expect(verdict).toEqual({ ok: true, warnings: [] })
  })

  test('should warn, never reject, for an emoji newer than the pin in content and in `to`', () => {
    const verdict = validatePostcard(
      body({ greeting: 'Hallo 🫪', first_name: 'Erika 🫩' }),
      design,
      { fonts, emojiVersion: '15.0' }
    )
    expect(verdict.ok).toBe(true)
    expect(verdict.warnings.map((w) => [w.code, w.path, w.message])).toEqual([
      [
        'emoji-not-in-set',
        'content.greeting',
        'Unexpected emoji `🫪` (U+1FAEA, Emoji 17.0) in content.greeting, expected an emoji of the pinned set (Emoji 15.0): the preview shows it as missing and in print this recipient is skipped.',
      ],
      [
        'emoji-not-in-set',
        'to.first_name',
        'Unexpected emoji `🫩` (U+1FAE9, Emoji 16.0) in to.first_name, expected an emoji of the pinned set (Emoji 15.0): the preview shows it as missing and in print this recipient is skipped.',
      ],
    ])
  })

  test('should keep the warnings next to a 422', () => {
    const verdict = validatePostcard({ ...body({ first_name: '🫪' }), flow_id: 'x' }, design, {
      emojiVersion: '15.0',
    })
    expect(verdict.ok).toBe(false)
    expect(verdict.warnings.map((w) => w.path)).toEqual(['to.first_name'])
  })
})

describe('validatePostcard: characters the fonts cannot draw', () => {
  test('should warn about a character the area font lacks, once per character and field', () => {
    const verdict = validatePostcard(body({ greeting: 'Ω ℵ and ℵ' }), design, { fonts })
    expect(verdict.ok).toBe(true)
    const missing = verdict.warnings.filter((w) => w.code === 'missing-glyph')
    expect(missing.map((w) => [w.path, w.data?.['character']])).toEqual([['content.greeting', 'ℵ']])
  })

  test('should check the address fields against the address element font', () => {
    const verdict = validatePostcard(body({ city: 'Köln ℵ' }), design, { fonts })
    expect(verdict.warnings.filter((w) => w.code === 'missing-glyph').map((w) => w.path)).toEqual([
      'to.city',
    ])
  })

  test('should skip glyph coverage without fonts', () => {
    const verdict = validatePostcard(body({ greeting: 'ℵ' }), design)
    expect(verdict).toEqual({ ok: true, warnings: [] })
  })
})
