import type { Nodes } from 'mdast'
import { describe, expect, test } from 'vitest'
import examples from '../fixtures/markdown/commonmark-spec-examples.json' with { type: 'json' }
import { lineIndex } from '../../src/markdown/line-index.ts'
import { parseMarkdown } from '../../src/markdown/parse-markdown.ts'

describe('lineIndex', () => {
  test.each([
    ['abc', 0, 1, 1],
    ['abc', 2, 1, 3],
    ['abc', 3, 1, 4],
    ['a\nb', 2, 2, 1],
    ['a\r\nb', 3, 2, 1],
    ['a\rb', 2, 2, 1],
    ['a\n\nb', 3, 3, 1],
    ['\tb', 1, 1, 2],
    ['👋b', 2, 1, 3],
    ['abc', -5, 1, 1],
    ['abc', 99, 1, 4],
  ])('should place offset %j:%i at %i:%i', (text, offset, line, column) => {
    expect(lineIndex(text).point(offset)).toEqual({ line, column })
  })

  test('should start every line after its line ending', () => {
    expect(lineIndex('a\nb\r\nc\rd').lineStarts).toEqual([0, 2, 5, 7])
  })

  test('should agree with micromark on the start of every node of the spec examples', () => {
    for (const { markdown } of examples) {
      const index = lineIndex(markdown)
      const stack: Nodes[] = [parseMarkdown(markdown)]
      let node: Nodes | undefined
      while ((node = stack.pop())) {
        const start = node.position?.start
        if (start?.offset !== undefined) {
          expect(index.point(start.offset)).toEqual({ line: start.line, column: start.column })
        }
        if ('children' in node) stack.push(...(node.children as Nodes[]))
      }
    }
  })
})
