/**
 * Test helper: the HTML a designer's Markdown renderer writes for an mdast tree (`<p>`, `<br>`,
 * `<strong>`, `<em>`, `<ul>`, `<ol start>`, `<li>`), made straight from the tree and not from
 * the layout engine's blocks, so the Chromium oracle tests lay out an independent document.
 */
import type { Nodes } from 'mdast'

/**
 * HTML of an mdast subtree; other node types contribute their children (or nothing).
 *
 * @param node The tree or subtree.
 * @returns The HTML, text escaped.
 */
export function markdownToHtml(node: Nodes): string {
  const children = (): string =>
    'children' in node
      ? (node.children as Nodes[]).map((child) => markdownToHtml(child)).join('')
      : ''
  switch (node.type) {
    case 'root':
      return children()
    case 'paragraph':
      return `<p>${children()}</p>`
    case 'list':
      return node.ordered
        ? `<ol start="${node.start ?? 1}">${children()}</ol>`
        : `<ul>${children()}</ul>`
    case 'listItem':
      return `<li>${children()}</li>`
    case 'strong':
      return `<strong>${children()}</strong>`
    case 'emphasis':
      return `<em>${children()}</em>`
    case 'break':
      return '<br>'
    case 'text':
      return node.value.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
    default:
      return children()
  }
}
