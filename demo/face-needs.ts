/**
 * Which font faces a postcard needs: every family its design sets text in, and, for the
 * Markdown areas, the bold and italic faces the typed text actually uses.
 *
 * @module
 */
import type { Design } from '../src/index.ts'
// Not in the public entry: the Markdown parser the checks share (src/markdown/).
import { parseMarkdown } from '../src/markdown/parse-markdown.ts'
import type { FaceNeeds, FaceSlot } from './font-loader.ts'

interface MdNode {
  readonly type: string
  readonly children?: readonly MdNode[]
}

/** The faces a Markdown text is set in (spec 2.5: `**bold**`, `*italic*`, and both nested). */
export function markdownFaces(text: string): ReadonlySet<FaceSlot> {
  const slots = new Set<FaceSlot>(['regular'])
  // Without `*` or `_` there is no emphasis to find: skip the parse.
  if (!/[*_]/.test(text)) return slots
  const walk = (node: MdNode, bold: boolean, italic: boolean): void => {
    const nowBold = bold || node.type === 'strong'
    const nowItalic = italic || node.type === 'emphasis'
    if (node.type === 'text' || node.type === 'inlineCode') {
      slots.add(
        nowBold && nowItalic ? 'bold_italic' : nowBold ? 'bold' : nowItalic ? 'italic' : 'regular'
      )
    }
    for (const child of node.children ?? []) walk(child, nowBold, nowItalic)
  }
  walk(parseMarkdown(text) as MdNode, false, false)
  return slots
}

/**
 * Lists the faces a postcard needs: regular for every family of the design's text, Markdown
 * and address elements, plus the styled faces each Markdown area's text uses.
 *
 * @param design The design.
 * @param facesOf The faces of a Markdown area's current text (e.g. a cached {@link markdownFaces}).
 * @returns Faces by family.
 */
export function faceNeeds(
  design: Design,
  facesOf: (key: string) => ReadonlySet<FaceSlot>
): FaceNeeds {
  const needs = new Map<string, Set<FaceSlot>>()
  const add = (family: string, slots: Iterable<FaceSlot>): void => {
    const set = needs.get(family) ?? new Set<FaceSlot>()
    for (const slot of slots) set.add(slot)
    needs.set(family, set)
  }
  for (const side of [design.sides.front, design.sides.back]) {
    for (const element of side.elements) {
      if (element.type === 'text' || element.type === 'address') {
        add(element.font_family, ['regular'])
      } else if (element.type === 'markdown') {
        add(element.font_family, facesOf(element.key))
      }
    }
  }
  return needs
}
