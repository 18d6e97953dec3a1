import { describe, expect, test } from 'vitest'
import {
  MAX_EMPHASIS_RUNS_PER_BLOCK,
  maxEmphasisRuns,
  parseForLayout,
} from '../../src/markdown/parse-for-layout.ts'

describe('maxEmphasisRuns', () => {
  test.each([
    ['plain text', 'Hello there', 0],
    ['one bold span', 'Hello **there**', 2],
    ['bold and italic', '**a** *b* _c_ __d__', 8],
    ['mixed delimiters count apart', '*_a_*', 4],
    ['a blank line starts a new block', '*a* *b*\n\n*c*', 4],
    ['a blank line with spaces too', '*a* *b*\n  \n*c*', 4],
    ['a single newline stays in the block', '*a*\n*b*', 4],
  ])('should count %s', (_name, text, runs) => {
    expect(maxEmphasisRuns(text)).toBe(runs)
  })
})

describe('parseForLayout', () => {
  test('should resolve emphasis in ordinary text', () => {
    const { tree, emphasisResolved } = parseForLayout('Hello **Erika**')
    expect(emphasisResolved).toBe(true)
    expect(JSON.stringify(tree)).toContain('"type":"strong"')
  })

  test('should lay out the markers as text beyond the bound, and quickly', () => {
    const bomb = '*_a '.repeat(1333) + 'b' + '_*'.repeat(1333)
    expect(maxEmphasisRuns(bomb)).toBeGreaterThan(MAX_EMPHASIS_RUNS_PER_BLOCK)
    const { tree, emphasisResolved } = parseForLayout(bomb)
    expect(emphasisResolved).toBe(false)
    expect(JSON.stringify(tree)).not.toContain('"type":"emphasis"')
  })
})
