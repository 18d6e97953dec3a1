/**
 * Test helper: one font registry of the shipped fonts, built once per test file, and areas.
 */
import type { MarkdownElement } from '../../src/design/types.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'

let registry: Promise<FontRegistry> | undefined

/** The registry of Inter, Roboto and Lora (all four faces each). */
export function testRegistry(): Promise<FontRegistry> {
  registry ??= loadTestFonts().then((fonts) => createFontRegistry(fonts))
  return registry
}

/** A Markdown area with defaults a test can override. */
export function area(overrides: Partial<MarkdownElement> = {}): MarkdownElement {
  return {
    type: 'markdown',
    key: 'greeting',
    label: 'Greeting',
    x_mm: 10,
    y_mm: 10,
    width_mm: 60,
    height_mm: 40,
    font_family: 'Inter',
    font_size_pt: 10,
    line_height: 1.3,
    color: '#000000',
    align: 'left',
    ...overrides,
  }
}
