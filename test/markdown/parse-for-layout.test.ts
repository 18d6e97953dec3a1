import { describe, expect, test } from 'vitest'
import {
  MAX_EMPHASIS_WORK,
  emphasisWork,
  parseForLayout,
} from '../../src/markdown/parse-for-layout.ts'

describe('emphasisWork', () => {
  test.each([
    ['plain text', 'Hello there', 0, 0],
    ['one bold span', 'Hello **there**', 4, 2],
    ['bold and italic', '**a** *b* _c_ __d__', 64, 8],
    ['mixed delimiters count apart', '*_a_*', 16, 4],
    ['a blank line starts a new block', '*a* *b*\n\n*c*', 16 + 4, 6],
    ['a blank line with spaces too', '*a* *b*\n  \n*c*', 16 + 4, 6],
    ['a single newline stays in the block', '*a*\n*b*', 16, 4],
  ])('should measure %s', (_name, text, work, runs) => {
    expect(emphasisWork(text)).toEqual({ work, runs })
  })
})

describe('parseForLayout', () => {
  test('should resolve emphasis in ten paragraphs of ten bold spans', () => {
    const text = Array.from({ length: 10 }, () => '**a** '.repeat(10)).join('\n\n')
    expect(emphasisWork(text).work).toBe(10 * 20 * 20)
    expect(parseForLayout(text).emphasisResolved).toBe(true)
  })

  test('should resolve emphasis in ordinary text', () => {
    const { tree, emphasisResolved } = parseForLayout('Hello **Erika**')
    expect(emphasisResolved).toBe(true)
    expect(JSON.stringify(tree)).toContain('"type":"strong"')
  })

  test('should lay out the markers as text beyond the bound, and quickly', () => {
    const bomb = '*_a '.repeat(1333) + 'b' + '_*'.repeat(1333)
    expect(emphasisWork(bomb).work).toBeGreaterThan(MAX_EMPHASIS_WORK)
    const { tree, emphasisResolved } = parseForLayout(bomb)
    expect(emphasisResolved).toBe(false)
    expect(JSON.stringify(tree)).not.toContain('"type":"emphasis"')
  })
})
