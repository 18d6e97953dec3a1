/**
 * Lays out the Markdown of one `content` value in its designed area (spec 2.5 rule 4): the
 * same lines the fit check measures and the preview draws.
 *
 * @module
 */
import type { MarkdownElement } from '../design/types.ts'
import { parseForLayout } from '../markdown/parse-for-layout.ts'
import type { FontRegistry } from '../text/types.ts'
import { contentBlocks } from './content-blocks.ts'
import { layoutBlocks } from './layout-blocks.ts'
import type { LayoutOptions } from './renderer-profile.ts'
import type { MarkdownLayout } from './types.ts'

/**
 * Lays out a Markdown text in a Markdown area: paragraphs, line breaks, bold, italic, bullet and
 * numbered lists (spec 2.5), other Markdown as plain text. Never throws on the text; throws a
 * `FontError` only when the area's family is not in the registry (a design/host mistake).
 *
 * @param text The `content` value (Markdown, `\n` for line breaks).
 * @param area The Markdown element of the design: width, height, font, size, line height,
 *   alignment, colour.
 * @param fonts The font registry holding the area's family.
 * @param options The renderer profile (default `chromium`: geometry rounded as Chromium does).
 * @returns Lines with glyph positions in mm from the area's top-left corner, and metrics.
 * @example
 * ```ts
 * const layout = layoutMarkdown('Hello **Anna**!', area, fonts)
 * layout.metrics.fits // true
 * layout.lines[0].runs // [TextRun 'Hello ', TextRun 'Anna' (bold), TextRun '!']
 * layoutMarkdown('Hello **Anna**!', area, fonts, { profile: 'exact' }) // unrounded geometry
 * ```
 */
export function layoutMarkdown(
  text: string,
  area: MarkdownElement,
  fonts: FontRegistry,
  options: LayoutOptions = {}
): MarkdownLayout {
  return layoutBlocks(contentBlocks(parseForLayout(text).tree, text), area, fonts, options)
}
