import { beforeAll, describe, expect, test } from 'vitest'
import a6Greeting from '../../designs/a6-greeting.json' with { type: 'json' }
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import { checkFit } from '../../src/layout/check-fit.ts'
import { checkMarkdown } from '../../src/markdown/check-markdown.ts'
import { judgeFit, judgeSyntax } from '../../src/postcard/judge-content.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'

let design: Design
let fonts: FontRegistry

beforeAll(async () => {
  design = parseDesign(a6Greeting)
  fonts = createFontRegistry(await loadTestFonts())
})

const texts = [
  'Hello **Erika**',
  '# Heading\n\n[link](https://x.y) and `code`',
  '- a\n  - nested\n\n> quote',
  'Thank you for growing with us this spring. '.repeat(12),
  '*_a '.repeat(300) + 'b' + '_*'.repeat(300),
]

describe('judgeSyntax', () => {
  test.each(texts)('should agree with checkMarkdown on %j', (text) => {
    expect(judgeSyntax(text).violations).toEqual(checkMarkdown(text))
  })

  test('should remember a text it judged', () => {
    const text = 'Remember **me**'
    expect(judgeSyntax(text)).toBe(judgeSyntax(text))
  })
})

describe('judgeFit', () => {
  test.each(texts.filter((text) => checkMarkdown(text).length === 0))(
    'should agree with checkFit on %j',
    (text) => {
      const area = design.markdownAreas[0]
      if (!area) throw new Error('no area')
      judgeSyntax(text)
      expect(judgeFit(text, area, fonts)).toEqual(checkFit(text, area, fonts))
    }
  )

  test('should keep fits apart per area and per registry', async () => {
    const text = 'Thank you for growing with us this spring. '.repeat(9)
    const [greeting, body] = design.markdownAreas
    if (!greeting || !body) throw new Error('no areas')
    const inGreeting = judgeFit(text, greeting, fonts)
    expect(judgeFit(text, greeting, fonts)).toBe(inGreeting)
    expect(judgeFit(text, body, fonts)).toEqual(checkFit(text, body, fonts))
    const other = createFontRegistry(await loadTestFonts())
    const inOther = judgeFit(text, greeting, other)
    expect(inOther).toEqual(inGreeting)
    expect(inOther).not.toBe(inGreeting)
  })
})
