/**
 * Test helper (browser only): registers the faces of a shipped family with the page's
 * `document.fonts`, from the same bytes the font registry parses, so that Chromium and the
 * layout engine set text in exactly the same files.
 */
import { loadTestFonts, type FaceSlot } from './fonts.ts'

/** CSS `font-weight` and `font-style` of each face slot of `fonts/fonts.json`. */
const SLOT_DESCRIPTORS: Readonly<Record<FaceSlot, FontFaceDescriptors>> = {
  regular: { weight: '400', style: 'normal' },
  bold: { weight: '700', style: 'normal' },
  italic: { weight: '400', style: 'italic' },
  bold_italic: { weight: '700', style: 'italic' },
}

/**
 * Registers every face of a family under a CSS family name of the caller's choice (a prefix
 * keeps the page's fonts apart from any system font of the same name).
 *
 * @param family The family as named in `fonts/fonts.json`.
 * @param cssFamily The name to register it under.
 */
export async function registerChromiumFamily(family: string, cssFamily: string): Promise<void> {
  const faces = (await loadTestFonts())[family]
  if (!faces) throw new Error(`No family \`${family}\` in fonts/fonts.json`)
  for (const [slot, descriptors] of Object.entries(SLOT_DESCRIPTORS)) {
    const bytes = faces[slot as FaceSlot]
    const face = new FontFace(cssFamily, bytes.slice().buffer, descriptors)
    await face.load()
    document.fonts.add(face)
  }
}
