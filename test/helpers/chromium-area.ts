/**
 * Test helper (browser only): a text area in the page with the CSS of docs/layout.md
 * ("Reproducing it in CSS"), and the reading of Chromium's lines from it, for the oracle tests
 * that compare the layout engine with Chromium's own layout.
 */
import { splitGraphemes } from '../../src/text/graphemes.ts'

/** The CSS of docs/layout.md; a list's gutter (`padding-left`) is set per list. */
const AREA_CSS = `
  .area { margin: 0; padding: 0; white-space: normal; overflow-wrap: anywhere;
    word-break: normal; hyphens: manual; font-kerning: normal; font-variant-ligatures: normal;
    font-feature-settings: normal; font-synthesis: none; letter-spacing: 0; word-spacing: 0;
    text-indent: 0; text-align: left; }
  .area p, .area ul, .area ol, .area li { margin: 0; padding: 0; }
  .area > :not(:first-child), .area li > :not(:first-child) { margin-top: 1lh; }
  .area ul { list-style-type: "\\2022\\20"; }
  .area ol { list-style-type: decimal; }
`

/**
 * Adds the documented CSS to the page and an empty area (class `area`) to its body.
 *
 * @returns The area element; set its font, size, line height and width per case.
 */
export function createChromiumArea(): HTMLDivElement {
  const style = document.createElement('style')
  style.textContent = AREA_CSS
  document.head.appendChild(style)
  const box = document.createElement('div')
  box.className = 'area'
  document.body.appendChild(box)
  return box
}

/** A grapheme of the DOM that leaves ink: its text node and UTF-16 offsets. */
export interface DomGrapheme {
  readonly node: Text
  readonly start: number
  readonly end: number
  readonly text: string
}

/**
 * The graphemes of an element that Chromium draws, in order: spaces, line feeds and soft
 * hyphens are skipped (they hang or vanish at a line end, so lines are compared without them).
 *
 * @param element The element (an area, a paragraph).
 * @returns Its visible graphemes.
 */
export function visibleGraphemes(element: Element): DomGrapheme[] {
  const graphemes: DomGrapheme[] = []
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    let offset = 0
    for (const grapheme of splitGraphemes(node.data)) {
      const start = offset
      offset += grapheme.length
      if (grapheme === ' ' || grapheme === '\n' || grapheme === '\u00ad') continue
      graphemes.push({ node, start, end: offset, text: grapheme })
    }
  }
  return graphemes
}

/**
 * The vertical centre of a grapheme's box, which tells its line. Right after a soft-hyphen
 * break a range also reports the hyphen drawn at the end of the previous line: the character
 * itself is the last rect.
 *
 * @param range A range to reuse.
 * @param grapheme The grapheme.
 * @returns The centre in px from the viewport's top.
 */
export function graphemeCentre(range: Range, grapheme: DomGrapheme): number {
  range.setStart(grapheme.node, grapheme.start)
  range.setEnd(grapheme.node, grapheme.end)
  const rects = range.getClientRects()
  const rect = rects[rects.length - 1] ?? range.getBoundingClientRect()
  return (rect.top + rect.bottom) / 2
}
