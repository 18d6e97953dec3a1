/**
 * Lays out plain text (no Markdown) in a box: the design's static `text` elements and the
 * `address` block, which the preview draws with the same engine as Markdown areas.
 *
 * @module
 */
import type { FaceStyle, FontRegistry } from '../text/types.ts'
import { plainTextBlocks, type ContentBlock } from './content-blocks.ts'
import { layoutBlocks } from './layout-blocks.ts'
import type { LayoutOptions } from './renderer-profile.ts'
import type { TextBox, TextLayout } from './types.ts'

const REGULAR: FaceStyle = { bold: false, italic: false }

/**
 * Lays out plain text like CSS `white-space: pre-line`: each `\n` starts a new line (an empty
 * line keeps its line box), runs of spaces collapse, long lines wrap at break opportunities and,
 * failing those, between characters (unless `box.wrap` is `false`). Never throws on the text; throws a `FontError` only for a
 * family the registry does not have.
 *
 * @param text The text, e.g. the lines of an address joined with `\n`.
 * @param box Width, height, font, size, line height (and optional alignment and colour).
 * @param fonts The font registry holding the box's family.
 * @param style The face to set the whole text in (default regular).
 * @param options The renderer profile (default `chromium`).
 * @returns Lines with glyph positions in mm from the box's top-left corner, and metrics.
 */
export function layoutPlainText(
  text: string,
  box: TextBox,
  fonts: FontRegistry,
  style: FaceStyle = REGULAR,
  options: LayoutOptions = {}
): TextLayout {
  const blocks: ContentBlock[] = plainTextBlocks(text).map((block) => ({
    ...block,
    lines: block.lines.map((line) => ({
      text: line.text,
      runs: line.runs.map((run) => ({ ...run, bold: style.bold, italic: style.italic })),
      get sources(): readonly number[] {
        return line.sources
      },
    })),
  }))
  return layoutBlocks(
    blocks,
    { ...box, align: box.align ?? 'left', color: box.color ?? '#000000' },
    fonts,
    options
  )
}
