/**
 * The fast path of `readMarkdown` against the reference (remark-parse): the same reading, to the
 * last source offset, on every example of the CommonMark spec and on generated texts aimed at
 * the edges of the fast path's subset. The long run (`PREFLIGHT_DIFF_SCALE`, docs/robustness.md)
 * is the same test with more texts.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import examples from '../fixtures/markdown/commonmark-spec-examples.json' with { type: 'json' }
import {
  readMarkdown,
  readMarkdownReference,
  readSimpleMarkdown,
  type MarkdownReading,
} from '../../src/analysis/read-markdown.ts'
import {
  diffRuns,
  diffScale,
  emphasisSoup,
  markdownLines,
  markdownSoup,
  personalisedText,
  seed,
} from '../markdown/markdown-texts.ts'

/** A reading as plain data, every lazily computed source offset included. */
function plain(reading: MarkdownReading): unknown {
  return {
    syntax: reading.syntax,
    blocks: reading.blocks.map(({ lines, ...block }) => ({
      ...block,
      lines: lines.map((line) => ({
        text: line.text,
        runs: line.runs,
        sources: [...line.sources],
        prefixOf: line.prefixOf,
      })),
    })),
  }
}

/** Whether the fast path reads the text (the rest goes to remark-parse). */
function fast(text: string): boolean {
  return readSimpleMarkdown(text) !== undefined
}

/**
 * Compares the fast path's reading of a text, when it has one, with the reference's; counts the
 * texts the fast path took. (`readMarkdown` is the fast path, else the reference.)
 */
function differential(): { check: (text: string) => void; fastTexts: () => number } {
  let count = 0
  return {
    check(text) {
      const simple = readSimpleMarkdown(text)
      if (!simple) return
      count++
      expect(plain(simple)).toStrictEqual(plain(readMarkdownReference(text)))
    },
    fastTexts: () => count,
  }
}

const longRun = diffScale > 1

describe('readMarkdown: the fast path gives the reference reading', () => {
  test('should read all 652 CommonMark examples as remark-parse does', () => {
    const { check, fastTexts } = differential()
    for (const example of examples) check(example.markdown)
    // The examples are about syntax; a quarter of them are in the fast path's subset.
    expect(fastTexts()).toBeGreaterThan(150)
  })

  test.each([
    ['texts built line by line', markdownLines, diffRuns(4000), 0.35],
    ['texts of tokens glued in any order', markdownSoup, diffRuns(3000), 0.3],
    ['delimiter runs and their neighbours', emphasisSoup, diffRuns(4000), 0.8],
    ['personalised texts', personalisedText, diffRuns(1000), 0.8],
  ])('should read generated %s as remark-parse does', (name, texts, numRuns, share) => {
    const { check, fastTexts } = differential()
    fc.assert(fc.property(texts, check), { seed, numRuns })
    // The generators must reach the fast path (and also leave it).
    expect(fastTexts()).toBeGreaterThan(share * numRuns)
    if (longRun)
      console.info(`${name}: ${numRuns} texts, ${fastTexts()} on the fast path, 0 differences`)
  })

  test.each([
    ['plain text', 'Hello there'],
    // Found by the long run: an inner pair matches once the outer pairs have shortened a run.
    ['pairs resolved again inside a pair', '- **_._____*__*'],
    ['a personalised greeting', 'Liebe **Anna**,\ndanke für Ihren Einkauf Nr. 4711!'],
    ['lists', '- 20 % auf *alles*\n- nur bis **Sonntag**\n\n1. eins\n2. zwei'],
    ['hard breaks and CRLF', 'a  \r\nb\rc\n\nd'],
  ])('should take the fast path for %s', (_name, text) => {
    expect(fast(text)).toBe(true)
    expect(plain(readMarkdown(text))).toStrictEqual(plain(readMarkdownReference(text)))
  })

  test.each([
    ['a link', 'see [the shop](https://example.com)', ['link']],
    ['a heading', '# Hi', ['heading']],
    ['a nested list', '- a\n  - b', ['nested-list']],
    ['an emphasis bomb', '*_a '.repeat(1333) + 'b' + '_*'.repeat(1333), []],
  ])('should leave %s to remark-parse', (_name, text, codes) => {
    expect(fast(text)).toBe(false)
    const reading = readMarkdown(text)
    expect(reading.syntax.violations.map((violation) => violation.code)).toEqual(codes)
    expect(plain(reading)).toStrictEqual(plain(readMarkdownReference(text)))
  })

  test.each([
    ['a table in a list item', '- a\n- | x | y |\n  | - | - |'],
    ['a table after an item paragraph', '- item\n\n  | a |\n  | - |\n- b {{x}}'],
    ['a table without outer pipes', 'a | b\n--|--\n\n1. {{ x }}\n2. |a|\n   |-|'],
    ['placeholders only', 'x {{y}} z {{}} {{{w}}}'],
  ])('should find tables and placeholders on the fast path: %s', (_name, text) => {
    expect(fast(text)).toBe(true)
    const reading = readMarkdown(text)
    expect(reading.syntax.violations.length).toBeGreaterThan(0)
    expect(plain(reading)).toStrictEqual(plain(readMarkdownReference(text)))
  })

  test('should find the tables and placeholders of generated texts as remark-parse does', () => {
    const rows = fc
      .array(
        fc.constantFrom(
          '| a | b |',
          '|---|---|',
          '| - |',
          'a | b',
          '--|--',
          '  | c |',
          'Hallo {{name}}',
          '- x',
          '- | y |',
          '1. z',
          '   |-|',
          '',
          'text **b** |',
          '{{ a }} {{}}'
        ),
        { maxLength: 8 }
      )
      .map((lines) => lines.join('\n'))
    const { check, fastTexts } = differential()
    let found = 0
    fc.assert(
      fc.property(rows, (text) => {
        check(text)
        if (fast(text) && readMarkdown(text).syntax.violations.length > 0) found++
      }),
      { seed, numRuns: diffRuns(1000) }
    )
    expect(fastTexts()).toBeGreaterThan(500)
    expect(found).toBeGreaterThan(300)
  })

  test('should find tables and placeholders on the fast path', () => {
    const text = 'Hallo {{first_name}}\n\n| a | b |\n| --- | --- |'
    expect(fast(text)).toBe(true)
    expect(readMarkdown(text).syntax.violations.map((violation) => violation.code)).toEqual([
      'placeholder',
      'table',
    ])
  })
})
