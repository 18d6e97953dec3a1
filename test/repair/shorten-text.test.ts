/**
 * Shortening a text until it fits. Oracles: the CommonMark reference parser (commonmark.js)
 * reads the repaired text as a prefix of the original, bold and italic as they were, list items
 * whole; the layout engine (and, in test/browser/repair-fit.test.ts, Chromium) says it fits; a
 * prefix one word longer does not.
 */
import { Parser, type Node as CommonMarkNode } from 'commonmark'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { readMarkdown } from '../../src/analysis/read-markdown.ts'
import { truncateBlocks } from '../../src/layout/content-blocks.ts'
import { measureBlocks } from '../../src/layout/layout-blocks.ts'
import { layoutMarkdown } from '../../src/layout/layout-markdown.ts'
import { cutPoints, openClosers, shortenToFit } from '../../src/repair/shorten-text.ts'
import type { MarkdownElement } from '../../src/design/types.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { area, testRegistry } from '../text/registry.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

/**
 * The text CommonMark's reference parser reads, as tokens: each character with its style
 * (`c`, `*c` bold, `_c` italic, `_*c` both), `¶` between blocks, `•` before a list item;
 * line breaks and runs of spaces read as one space (CSS `white-space: normal`).
 */
function referenceTokens(markdown: string): string[] {
  const tokens: string[] = []
  let strong = 0
  let emph = 0
  const space = () => {
    if (tokens.length > 0 && tokens.at(-1) !== ' ' && tokens.at(-1) !== '¶') tokens.push(' ')
  }
  const walker = new Parser().parse(markdown).walker()
  for (let event = walker.next(); event; event = walker.next()) {
    const node: CommonMarkNode = event.node
    if (node.type === 'strong') strong += event.entering ? 1 : -1
    else if (node.type === 'emph') emph += event.entering ? 1 : -1
    else if (node.type === 'text' && event.entering) {
      for (const char of node.literal ?? '') {
        if (char === ' ') space()
        else tokens.push(`${emph > 0 ? '_' : ''}${strong > 0 ? '*' : ''}${char}`)
      }
    } else if ((node.type === 'softbreak' || node.type === 'linebreak') && event.entering) space()
    else if (node.type === 'item' && event.entering) tokens.push('•')
    else if ((node.type === 'paragraph' || node.type === 'item') && !event.entering) {
      while (tokens.at(-1) === ' ') tokens.pop()
      tokens.push('¶')
    }
  }
  while (tokens.at(-1) === '¶' || tokens.at(-1) === ' ') tokens.pop()
  return tokens
}

/** The items of every list as CommonMark reads them, each as its tokens joined. */
function referenceItems(markdown: string): string[] {
  return referenceTokens(markdown)
    .join('\u0000')
    .split('•')
    .slice(1)
    .map((item) => item.split('\u0000¶')[0] ?? '')
}

/** Asserts everything a repaired text must be, against the CommonMark reading of the original. */
function expectFaithfulPrefix(original: string, repaired: string, ellipsis: string): void {
  const before = referenceTokens(original)
  let after = referenceTokens(repaired)
  if (ellipsis !== '' && after.at(-1)?.endsWith(ellipsis)) after = after.slice(0, -1)
  // The same characters in the same styles, from the start.
  expect(after.length).toBeGreaterThan(0)
  expect(after).toEqual(before.slice(0, after.length))
  // List items kept whole.
  const items = referenceItems(repaired)
  expect(items).toEqual(referenceItems(original).slice(0, items.length))
  // No construct the original did not have (a cut never makes a heading, a code block...).
  expect(readMarkdown(repaired).syntax.violations).toEqual([])
}

const fits = (text: string, element: MarkdownElement) =>
  layoutMarkdown(text, element, fonts).metrics.fits

describe('cutPoints', () => {
  test('should cut after words, and before a list item rather than inside it', () => {
    const text = 'Spring is **here**,  now.\n\n- one two\n- three\n\nEnd'
    expect(cutPoints(text, readMarkdown(text).blocks).map((cut) => text.slice(0, cut))).toEqual([
      'Spring',
      'Spring is',
      'Spring is **here**,',
      'Spring is **here**,  now.',
      'Spring is **here**,  now.\n\n- one two',
      'Spring is **here**,  now.\n\n- one two\n- three',
      'Spring is **here**,  now.\n\n- one two\n- three\n\nEnd',
    ])
  })
})

describe('openClosers', () => {
  test.each([
    ['Spring is **here and there** now', 'Spring is **here and', '**'],
    ['Spring is _here and there_ now', 'Spring is _here and', '_'],
    ['Spring is ***here and there*** now', 'Spring is ***here and', '***'],
    ['Spring **is *here and* there** now', 'Spring **is *here and', '***'],
    ['Spring *is __here and__ there* now', 'Spring *is __here and', '__*'],
    ['Spring _**is here**_ now', 'Spring _**is here', '**_'],
    ['Spring **is** here now', 'Spring **is** here', ''],
    ['Spring **is here** now', 'Spring **is here**', ''],
    ['Spring ***is here*** now', 'Spring ***is here*', '**'],
    ['Spring is **bold\nover lines and more** now', 'Spring is **bold\nover lines and', '**'],
    ['- **item one two**', '- **item one', '**'],
  ])('should close the spans of %j open after %j with %j', (text, prefix, closers) => {
    const { blocks } = readMarkdown(text)
    expect(openClosers(text, truncateBlocks(blocks, prefix.length), prefix.length)).toBe(closers)
  })
})

describe('shortenToFit', () => {
  const element = area({ width_mm: 60, height_mm: 14 })
  const long =
    'Spring is here, and so are **our new bulbs, fresh from *Holland* and the Scilly Isles,** ' +
    'for you. Order before Sunday: we deliver free of charge.'

  test.each([
    [40, 'Spring is here, and so are **our new bulbs…**', 42],
    [60, 'Spring is here, and so are **our new bulbs, fresh from *Holland* and…**', 68],
  ])('should cut after a word and close the bold span, in %i mm', (width, text, end) => {
    const box = area({ width_mm: width, height_mm: 9.5 })
    const result = shortenToFit(long, undefined, box, fonts, { ellipsis: '…' })
    expect(result).toEqual({ ok: true, text, end })
    expect(fits(text, box)).toBe(true)
    expectFaithfulPrefix(long, text, '…')
  })

  test('should replace a trailing comma by the ellipsis, and add none after a sentence', () => {
    const comma = shortenToFit(
      'Tulips, daffodils, crocuses, and more bulbs, for you.',
      undefined,
      area({ width_mm: 30, height_mm: 5 }),
      fonts,
      { ellipsis: '…' }
    )
    expect(comma).toMatchObject({ ok: true, text: 'Tulips, daffodils…' })
    const sentence = shortenToFit(
      'Spring is here. And so are our new bulbs.',
      undefined,
      area({ width_mm: 30, height_mm: 5 }),
      fonts,
      { ellipsis: '…' }
    )
    expect(sentence).toMatchObject({ ok: true, text: 'Spring is here.' })
  })

  test('should keep list items whole', () => {
    const text =
      'Our offer:\n\n- tulips from Holland in twelve colours\n- daffodils from the Scilly Isles and from our own fields\n- crocuses'
    const box = area({ width_mm: 50, height_mm: 23 })
    for (const ellipsis of ['…', '']) {
      // No ellipsis after a whole item: the list just has fewer items.
      expect(shortenToFit(text, undefined, box, fonts, { ellipsis })).toMatchObject({
        ok: true,
        text: 'Our offer:\n\n- tulips from Holland in twelve colours',
      })
    }
    // Three line boxes hold the introduction, not its first item (two lines) after a blank line.
    const smaller = area({ width_mm: 50, height_mm: 18 })
    expect(shortenToFit(text, undefined, smaller, fonts, { ellipsis: '…' })).toMatchObject({
      ok: true,
      text: 'Our offer…',
    })
  })

  test('should leave a text that fits as it is', () => {
    expect(shortenToFit('Hello **Erika**!', undefined, element, fonts, { ellipsis: '…' })).toEqual({
      ok: true,
      text: 'Hello **Erika**!',
      end: 16,
    })
  })

  test('should shorten a text over 8000 characters from its first 8000', () => {
    const text = `${'Spring is here. '.repeat(500)}x`
    const result = shortenToFit(text, undefined, element, fonts, { ellipsis: '…' })
    expect(result.ok).toBe(true)
    if (result.ok) expect(fits(result.text, element)).toBe(true)
  })

  test('should give up when not even the first word fits', () => {
    expect(
      shortenToFit(
        `${'W'.repeat(200)} and more`,
        undefined,
        area({ width_mm: 20, height_mm: 5 }),
        fonts,
        { ellipsis: '…' }
      )
    ).toEqual({ ok: false })
  })

  test('should resolve bold and italic around the cut of a text with too many markers to parse whole', () => {
    const text = 'So **many** *markers* here, '.repeat(300)
    expect(readMarkdown(text).syntax.emphasisResolved).toBe(false)
    const result = shortenToFit(text, undefined, element, fonts, { ellipsis: '…' })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(fits(result.text, element)).toBe(true)
    expect(readMarkdown(result.text).syntax.emphasisResolved).toBe(true)
    expect(referenceTokens(result.text).slice(0, 8)).toEqual([
      'S',
      'o',
      ' ',
      '*m',
      '*a',
      '*n',
      '*y',
      ' ',
    ])
  })

  const piece = fc.constantFrom(
    'Spring',
    'is',
    'here,',
    'bulbs.',
    'Frühlingsblumenzwiebeln',
    '**bold words**',
    '*italic*',
    '**bold *and italic* too**',
    '_under_',
    '\n',
    '\n\n',
    '\n\n- item one',
    '\n- item two',
    '\n\n1. first',
    '\n2. second',
    '👋🏽',
    '—'
  )
  const text = fc.array(piece, { minLength: 1, maxLength: 80 }).map((parts) => parts.join(' '))

  test('should give a faithful prefix that fits, or give up only when the first word does not', () => {
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 5, max: 30 }),
        fc.integer({ min: 25, max: 80 }),
        fc.constantFrom('…', ''),
        (value, height, width, ellipsis) => {
          const box = area({ height_mm: height, width_mm: width })
          // Texts the service would refuse for their syntax are never shortened.
          if (readMarkdown(value).syntax.violations.length > 0) return
          const result = shortenToFit(value, undefined, box, fonts, { ellipsis })
          const { blocks } = readMarkdown(value)
          const cuts = cutPoints(value, blocks)
          if (!result.ok) {
            expect(measureBlocks(truncateBlocks(blocks, cuts[0] ?? 0), box, fonts).fits).toBe(false)
            return
          }
          expect(fits(result.text, box)).toBe(true)
          if (result.text === value) return
          expectFaithfulPrefix(value, result.text, ellipsis)
          if (ellipsis === '') {
            // The longest: the prefix up to the next cut does not fit.
            const next = cuts.find((cut) => cut > result.end)
            if (next !== undefined) {
              expect(measureBlocks(truncateBlocks(blocks, next), box, fonts).fits).toBe(false)
            }
          }
        }
      ),
      { numRuns: 120 }
    )
  })
})
