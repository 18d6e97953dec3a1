/**
 * `parseSimpleMarkdown` builds the tree `parseMarkdown` (remark-parse) builds, positions and all,
 * for every text it accepts, and refuses every text outside its subset.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import examples from '../fixtures/markdown/commonmark-spec-examples.json' with { type: 'json' }
import { parseMarkdown } from '../../src/markdown/parse-markdown.ts'
import { emphasisWork } from '../../src/markdown/parse-for-layout.ts'
import {
  parseSimpleDocument,
  parseSimpleMarkdown,
} from '../../src/markdown/parse-simple-markdown.ts'
import { diffRuns, emphasisSoup, markdownLines, markdownSoup, seed } from './markdown-texts.ts'

/** Expects the fast tree to be remark's, when there is one; tells whether there was. */
function sameTree(text: string): boolean {
  const simple = parseSimpleMarkdown(text)
  if (simple) expect(simple).toStrictEqual(parseMarkdown(text))
  return simple !== undefined
}

describe('parseSimpleMarkdown', () => {
  test("should build remark-parse's tree for every CommonMark example it accepts", () => {
    const accepted = examples.filter((example) => sameTree(example.markdown))
    expect(accepted.length).toBeGreaterThan(150)
  })

  test.each([
    ['empty text', ''],
    ['blank lines only', '\n \n\t\n'],
    ['one paragraph', 'Hallo Anna'],
    ['line endings as breaks', 'a\nb\r\nc\rd'],
    ['hard breaks and trailing blanks', 'a  \nb \nc\t\nd  \t\ne   '],
    ['indented continuation lines', '  a\n      b\n c'],
    ['bold, italic and both', '**a** *b* __c__ _d_ ***e*** **_f_**'],
    ['emphasis across lines', '*a\nb* **c  \nd**'],
    ['unmatched delimiters', '**a* b** *c _d* e_ 2 * 3 = 6 snake_case_name'],
    ['the rule of 3', '*a**b* a***b**c* **a*b***'],
    ['pairs resolved again inside a pair', '**_._____*__*'],
    ['flanking by punctuation and Unicode space', '*„a“* a*„b“* a\u00a0*b*\u3000c*!d*'],
    ['emoji next to delimiters', '**🎉**a*😀*b_👍🏽_'],
    ['a bullet list', '- a\n- b\n- c'],
    ['each bullet its own list', '- a\n+ b\n* c'],
    ['an ordered list from 7', '7. a\n8. b\n9. c'],
    ['each delimiter its own list', '1. a\n1) b'],
    ['a loose list', '- a\n\n- b\n\n\n- c'],
    ['an item of two paragraphs', '- a\n\n  b\n- c'],
    ['lazy continuation', '- a\nb\n   c'],
    ['a list interrupting a paragraph', 'Hallo\n- a\n- b\n\nBis bald'],
    ['an ordered list from 1 interrupting a paragraph', 'Hallo\n1. a'],
    ['indented markers', ' - a\n  - b\n   - c\n  1. d'],
    ['up to four spaces after the marker', '-    a\n1.  b'],
    ['not list markers', '-a\n+1\n1.5 kg\n1234567890. a\n#1 Kunde\n####### x'],
    ['ampersands that are not references', 'Bloom & Co. &! & 5'],
  ])("should build remark-parse's tree for %s", (_name, text) => {
    expect(sameTree(text)).toBe(true)
  })

  test.each([
    ['a backslash', 'a\\*b'],
    ['a code span', 'a `b`'],
    ['HTML', 'a <b>'],
    ['a link', '[a](b)'],
    ['a closing bracket', 'a]'],
    ['a character reference', 'a &amp; b'],
    ['a numeric reference', '&#42;'],
    ['NUL', 'a\u0000b'],
    ['a byte order mark first', '\ufeffa'],
    ['a heading', '## a'],
    ['a block quote', '> a'],
    ['a thematic break', 'a\n\n* * *'],
    ['a setext underline', 'a\n---'],
    ['a line of `=`', 'a\n==='],
    ['a code fence', '~~~\na'],
    ['indented code', '    a'],
    ['indented code after a blank line', 'a\n\n    b'],
    ['a tab in indentation', '\ta'],
    ['a tab after a marker', '-\ta'],
    ['an empty item', '- a\n-\n- b'],
    ['an item of blanks', '- '],
    ['five spaces after a marker', '-     a'],
    ['a nested list', '- a\n  - b'],
    ['a nested list on the marker line', '- - a'],
    ['a heading in an item', '- # a'],
    ['indented code in an item', '- a\n\n      b'],
    ['an ordered list from 2 after a paragraph', 'a\n2. b'],
    ['an ordered list from 01 after a paragraph', '**\n01. .'],
    ['an ordered list from 2 after an item', '- a\n2. b'],
  ])('should leave %s to remark-parse', (_name, text) => {
    expect(parseSimpleMarkdown(text)).toBeUndefined()
  })

  test.each([
    ['texts built line by line', markdownLines, diffRuns(1500)],
    ['texts of tokens glued in any order', markdownSoup, diffRuns(1500)],
    ['delimiter runs and their neighbours', emphasisSoup, diffRuns(1500)],
  ])("should build remark-parse's tree for generated %s", (_name, texts, numRuns) => {
    fc.assert(
      fc.property(texts, (text) => {
        sameTree(text)
      }),
      { seed, numRuns }
    )
  })

  // The subset check also measures the emphasis work, in the same pass: it must measure what
  // emphasisWork measures (a bound of 9 puts texts with 4 runs in a block over it).
  test.each([
    ['texts built line by line', markdownLines],
    ['texts of tokens glued in any order', markdownSoup],
    ['delimiter runs and their neighbours', emphasisSoup],
  ])('should bound emphasis work as emphasisWork measures it, on generated %s', (_name, texts) => {
    let over = 0
    fc.assert(
      fc.property(texts, (text) => {
        const whole = parseSimpleDocument(text)
        const { work, runs } = emphasisWork(text)
        if (whole) expect(whole.emphasisRuns).toBe(runs)
        const bounded = parseSimpleDocument(text, 9)
        expect(bounded !== undefined).toBe(whole !== undefined && work <= 9)
        if (whole && work > 9) over++
      }),
      { seed, numRuns: diffRuns(1500) }
    )
    expect(over).toBeGreaterThan(0)
  })
})
