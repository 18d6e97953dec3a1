/**
 * Test helper: fontkit (a devDependency we did not write, full OpenType shaping) as the width
 * oracle, for every shipped face, in Node and in the browser.
 */
import { create, type FontkitFont, type FontkitRun } from 'fontkit'
import type { FaceSlot } from '../helpers/fonts.ts'
import { loadTestFonts } from '../helpers/fonts.ts'

const fonts = new Map<string, Promise<FontkitFont>>()

/** fontkit's font for a family and slot. */
export function fontkitFont(family: string, slot: FaceSlot): Promise<FontkitFont> {
  const key = `${family}/${slot}`
  let font = fonts.get(key)
  if (!font) {
    font = loadTestFonts().then((all) => {
      const bytes = all[family]?.[slot]
      if (!bytes) throw new Error(`No test font ${key}`)
      return create(bytes)
    })
    fonts.set(key, font)
  }
  return font
}

/**
 * fontkit's layout of a Latin text with its default features. The script is given as `latn`:
 * for text of digits and punctuation only, fontkit would pick `DFLT`, whose `kern` feature in
 * Inter lists its lookups twice, and apply them twice (HarfBuzz and Chromium merge duplicates).
 */
export function layoutLatin(font: FontkitFont, text: string): FontkitRun {
  return font.layout(text, [], 'latn')
}
