import fc from 'fast-check'
import type { Nodes, Root } from 'mdast'
import remarkBreaks from 'remark-breaks'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, test } from 'vitest'
import examples from '../fixtures/markdown/commonmark-spec-examples.json' with { type: 'json' }
import { checkMarkdown } from '../../src/markdown/check-markdown.ts'
import { checkMarkdownTree } from '../../src/markdown/check-markdown-tree.ts'
import { findNestingCuts, MAX_LINE_CONTAINERS } from '../../src/markdown/limit-nesting.ts'
import { parseMarkdown } from '../../src/markdown/parse-markdown.ts'

// The oracle for line breaks: the official unified plugin for "\n is a line break".
const withRemarkBreaks = unified().use(remarkParse).use(remarkBreaks).freeze()

/**
 * Parses like the contract of the shared commit did: remark-parse, then remark-breaks.
 *
 * @param text Markdown.
 * @returns The tree.
 */
function remarkBreaksTree(text: string): Root {
  return withRemarkBreaks.runSync(withRemarkBreaks.parse(text)) as Root
}

/** Pieces of Markdown the random texts are made of. */
const SYNTAX = [
  ...['*', '_', '**', '[', ']', '(', ')', '![', '<', '>', '`', '#', '-', '+', '1.', '|', '\\'],
  ...['&#10;', '&amp;', ' ', '  ', '\t', '\n', '\r\n', '\r', '\n\n', '- ', '> ', 'a', 'b', '{{a}}'],
]

/**
 * The chain of last children from the root down, as node types.
 *
 * @param tree A tree.
 * @returns Types from the root to the deepest last child, and that node.
 */
function lastPath(tree: Root): { types: string[]; node: Nodes } {
  const types: string[] = []
  let node: Nodes = tree
  while ('children' in node && node.children.length > 0) {
    types.push(node.type)
    node = node.children[node.children.length - 1] as Nodes
  }
  types.push(node.type)
  return { types, node }
}

describe('parseMarkdown: line breaks', () => {
  test.each(examples.map((example) => [example.number, example.markdown]))(
    'should build the tree of remark-parse + remark-breaks for spec example %i',
    (_number, markdown) => {
      expect(parseMarkdown(markdown)).toEqual(remarkBreaksTree(markdown))
    }
  )

  test('should build the tree of remark-parse + remark-breaks for random Markdown', () => {
    const markdown = fc
      .array(fc.constantFrom(...SYNTAX), { maxLength: 50 })
      .map((pieces) => pieces.join(''))
      // A line of more than 16 containers is bounded on purpose (next describe).
      .filter((text) => findNestingCuts(text).length === 0)
    fc.assert(
      fc.property(markdown, (text) => {
        expect(parseMarkdown(text)).toEqual(remarkBreaksTree(text))
      }),
      { numRuns: 1000 }
    )
  })

  test('should turn \\n inside a paragraph into a break and keep blank lines as paragraphs', () => {
    const tree = parseMarkdown('Dear Ada,\nthanks!\n\nBye')
    expect(tree.children.map((node) => node.type)).toEqual(['paragraph', 'paragraph'])
    const first = tree.children[0]
    expect(first?.type === 'paragraph' && first.children.map((node) => node.type)).toEqual([
      'text',
      'break',
      'text',
    ])
  })

  test('should not overflow the call stack on 8000 nested block quotes', () => {
    const { types, node } = lastPath(parseMarkdown('>'.repeat(8000)))
    expect(types.filter((type) => type === 'blockquote')).toHaveLength(MAX_LINE_CONTAINERS)
    expect(node).toMatchObject({ type: 'text', value: '>'.repeat(8000 - MAX_LINE_CONTAINERS) })
  })
})

describe('parseMarkdown: at most 16 containers per line', () => {
  test('should keep 16 list items and read the rest of the line as text', () => {
    const text = '- '.repeat(20) + 'a'
    const { types, node } = lastPath(parseMarkdown(text))
    expect(types.filter((type) => type === 'listItem')).toHaveLength(16)
    expect(types.slice(-2)).toEqual(['paragraph', 'text'])
    expect(node).toMatchObject({
      value: '- - - - a',
      position: { start: { line: 1, column: 33, offset: 32 }, end: { offset: 41 } },
    })
  })

  test('should leave 16 containers as they are', () => {
    const text = '- '.repeat(16) + 'a'
    expect(parseMarkdown(text)).toEqual(remarkBreaksTree(text))
  })

  test('should put back numbers and quote markers', () => {
    expect(lastPath(parseMarkdown('1. '.repeat(18) + 'a')).node).toMatchObject({
      value: '1. 1. a',
    })
    expect(lastPath(parseMarkdown('> '.repeat(17) + '> a')).node).toMatchObject({
      value: '> > a',
    })
  })

  test('should put back the marker on a line that continues a deep paragraph', () => {
    // Both lines have 20 quote markers: 16 quotes, then `>>>>a` and `>>>>b` in one paragraph.
    const text = '>'.repeat(20) + 'a\n' + '>'.repeat(20) + 'b'
    expect(findNestingCuts(text)).toEqual([16, 38])
    const { types } = lastPath(parseMarkdown(text))
    expect(types.filter((type) => type === 'blockquote')).toHaveLength(16)
    const quote = parseMarkdown(text).children[0]
    let paragraph: Nodes | undefined = quote
    while (paragraph && paragraph.type === 'blockquote') paragraph = paragraph.children[0]
    expect(paragraph).toMatchObject({
      type: 'paragraph',
      children: [
        { type: 'text', value: '>>>>a' },
        { type: 'break' },
        { type: 'text', value: '>>>>b' },
      ],
    })
  })

  test('should not touch a line that only looks like containers', () => {
    // In a fenced code block the markers are code: the line is parsed as it is.
    const text = '```\n' + '- '.repeat(20) + 'a\n```'
    expect(findNestingCuts(text)).toEqual([36])
    expect(parseMarkdown(text)).toEqual(remarkBreaksTree(text))
    // A paragraph continuation: `2.` cannot interrupt a paragraph, so the line is text.
    const lazy = 'text\n2. ' + '* '.repeat(20) + 'a'
    expect(parseMarkdown(lazy)).toEqual(remarkBreaksTree(lazy))
  })
})

describe('parseMarkdown: without emphasis', () => {
  test('should leave `*` and `_` as text', () => {
    expect(parseMarkdown('*a* __b__', { emphasis: false }).children).toMatchObject([
      { type: 'paragraph', children: [{ type: 'text', value: '*a* __b__' }] },
    ])
  })

  test('should build the tree of remark-parse with attention disabled, on the spec examples and random Markdown', () => {
    // The oracle: the unified processor with micromark's `disable` extension, as a plugin sets it.
    const withoutAttention = unified()
      .data('micromarkExtensions', [{ disable: { null: ['attention'] } }])
      .use(remarkParse)
      .use(remarkBreaks)
      .freeze()
    const oracle = (text: string) => withoutAttention.runSync(withoutAttention.parse(text)) as Root
    for (const { markdown } of examples) {
      expect(parseMarkdown(markdown, { emphasis: false })).toEqual(oracle(markdown))
    }
    const markdown = fc
      .array(fc.constantFrom(...SYNTAX), { maxLength: 50 })
      .map((pieces) => pieces.join(''))
      .filter((text) => findNestingCuts(text).length === 0)
    fc.assert(
      fc.property(markdown, (text) => {
        expect(parseMarkdown(text, { emphasis: false })).toEqual(oracle(text))
      }),
      { numRuns: 500 }
    )
  })

  test('should change no verdict on the spec examples', () => {
    for (const { markdown } of examples) {
      expect(checkMarkdown(markdown)).toEqual(checkMarkdownTree(parseMarkdown(markdown), markdown))
    }
  })

  test('should change no verdict on random Markdown', () => {
    const markdown = fc
      .array(fc.constantFrom(...SYNTAX), { maxLength: 50 })
      .map((pieces) => pieces.join(''))
    fc.assert(
      fc.property(markdown, (text) => {
        expect(checkMarkdown(text)).toEqual(checkMarkdownTree(parseMarkdown(text), text))
      }),
      { numRuns: 1000 }
    )
  })
})
