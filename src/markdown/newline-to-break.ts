/**
 * Line endings inside text to hard breaks (spec 2.5: "Line breaks are the JSON sequence `\n`").
 *
 * @module
 */
import type { Break, Nodes, Parents, Text } from 'mdast'

const LINE_ENDING = /\r?\n|\r/

/**
 * Turns every line ending inside a `text` node into a `break` node, in place.
 *
 * Spec 2.5 writes line breaks as `\n`, so a single newline inside a paragraph is a line break, not
 * the soft break of CommonMark; a blank line still separates paragraphs. This gives exactly the
 * tree of `remark-breaks` (mdast-util-newline-to-break): the text around a line ending becomes new
 * `text` nodes without a position, empty pieces are dropped. It walks the tree with a stack
 * instead of recursion, because `remark-breaks` overflows the call stack on the deep trees
 * 8000 characters can build (`>` 8000 times nests 8000 block quotes).
 *
 * @param tree The tree to change.
 */
export function newlineToBreak(tree: Nodes): void {
  const stack: Parents[] = 'children' in tree ? [tree] : []
  let parent: Parents | undefined
  while ((parent = stack.pop())) {
    const children = parent.children as Nodes[]
    for (let index = 0; index < children.length; index++) {
      const child = children[index]
      if (child === undefined) continue
      if (child.type === 'text') {
        const pieces = splitText(child)
        if (pieces) {
          children.splice(index, 1, ...pieces)
          index += pieces.length - 1
        }
      } else if ('children' in child) {
        stack.push(child)
      }
    }
  }
}

/**
 * Splits one text node at its line endings.
 *
 * @param node The text node.
 * @returns The replacement nodes, or `undefined` when the text has no line ending.
 */
function splitText(node: Text): (Text | Break)[] | undefined {
  if (!LINE_ENDING.test(node.value)) return undefined
  const pieces: (Text | Break)[] = []
  const parts = node.value.split(LINE_ENDING)
  parts.forEach((part, index) => {
    if (index > 0) pieces.push({ type: 'break' })
    if (part !== '') pieces.push({ type: 'text', value: part })
  })
  return pieces
}
