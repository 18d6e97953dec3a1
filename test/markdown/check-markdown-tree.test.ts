import type { Root } from 'mdast'
import { describe, expect, test } from 'vitest'
import { checkMarkdown } from '../../src/markdown/check-markdown.ts'
import { checkMarkdownTree } from '../../src/markdown/check-markdown-tree.ts'
import { parseMarkdown } from '../../src/markdown/parse-markdown.ts'

/**
 * A tree of one paragraph holding one node, as a parser extension could make it.
 *
 * @param node The node, positioned at offset 2 of the text `a ...`.
 * @returns The tree.
 */
function treeWith(node: object): Root {
  const at = { start: { line: 1, column: 3, offset: 2 }, end: { line: 1, column: 6, offset: 5 } }
  return {
    type: 'root',
    children: [{ type: 'paragraph', children: [{ ...node, position: at } as never] }],
  }
}

describe('checkMarkdownTree', () => {
  test('should give what checkMarkdown gives for the tree of parseMarkdown', () => {
    const text = 'Hi **Ada**,\n\n- see [shop](x)\n  - nested\n\n{{first_name}}'
    expect(checkMarkdownTree(parseMarkdown(text), text)).toEqual(checkMarkdown(text))
    expect(checkMarkdown(text).map((v) => v.code)).toEqual(['link', 'nested-list', 'placeholder'])
  })

  test.each([
    [{ type: 'delete', children: [] }, 'unsupported', 'delete'],
    [{ type: 'footnoteReference', identifier: 'a' }, 'unsupported', 'footnoteReference'],
    [{ type: 'yaml', value: 'a: b' }, 'unsupported', 'yaml'],
    [{ type: 'table', children: [] }, 'table', 'table'],
  ])('should reject a %o node no parse of ours makes', (node, code, construct) => {
    expect(checkMarkdownTree(treeWith(node), 'a ~~b~~')).toEqual([
      {
        code,
        construct,
        line: 1,
        column: 3,
        offset: 2,
        message: `Unexpected ${construct} at 1:3, expected only paragraphs, line breaks, bold, italic, bullet lists and numbered lists.`,
      },
    ])
  })
})
