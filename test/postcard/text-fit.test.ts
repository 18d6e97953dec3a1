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

const sentence = 'Thank you for growing with us this spring. '

function body(greeting: string, text = 'See you soon!') {
  return {
    flow_id: FLOW_ID,
    from: berlin,
    to: berlin,
    content: { greeting, body: text },
    qr_codes: { coupon_url: 'https://example.com/c/123' },
  }
}

describe('validatePostcard: fit (spec 2.5 rule 4, 7.1)', () => {
  test('should accept a text that fits', () => {
    expect(validatePostcard(body('Hello **Erika**!'), design, { fonts }).ok).toBe(true)
  })

  test('should reject an overflowing text with one markdown_fit_errors item', () => {
    // 11 pt × 1.3 under the default `chromium` profile: line boxes of 19.0625 px, 12 lines.
    const verdict = validatePostcard(body(sentence.repeat(12)), design, { fonts })
    expect(verdict.ok).toBe(false)
    if (verdict.ok) return
    expect(verdict.body).toMatchInlineSnapshot(`
      {
        "errors": {
          "content.greeting": [
            "Unexpected text height of 60.52 mm in the area \`Greeting\`, expected at most 40 mm. Shorten the text by at least 215 characters (5 lines) or reduce the font size to 8.5 pt.",
          ],
        },
        "message": "Unexpected text height of 60.52 mm in the area \`Greeting\`, expected at most 40 mm. Shorten the text by at least 215 characters (5 lines) or reduce the font size to 8.5 pt.",
        "meta": {
          "markdown_fit_errors": [
            {
              "available_height_mm": 40,
              "available_width_mm": 80,
              "block_count": 1,
              "font_size_pt": 11,
              "key": "greeting",
              "label": "Greeting",
              "line_count": 12,
              "line_height": 1.3,
              "measured_height_mm": 60.52,
              "overflow_mm": 20.52,
              "suggested_action": "Shorten the text by at least 215 characters (5 lines) or reduce the font size to 8.5 pt.",
            },
          ],
        },
      }
    `)
  })

  test('should not measure a value whose syntax is rejected', () => {
    const verdict = validatePostcard(body(`# ${sentence.repeat(12)}`), design, { fonts })
    expect(verdict.ok).toBe(false)
    if (verdict.ok) return
    expect(verdict.body.meta?.markdown_fit_errors).toBeUndefined()
    expect(verdict.body.meta?.allowed_markdown).toHaveLength(6)
  })

  test('should measure an emphasis bomb quickly, with a warning', () => {
    const bomb = '*_a '.repeat(1333) + 'b' + '_*'.repeat(1333)
    const verdict = validatePostcard(body('Hi', bomb), design, { fonts })
    expect(verdict.ok).toBe(false)
    expect(verdict.warnings.map((w) => w.code)).toContain('emphasis-not-resolved')
  })
})
