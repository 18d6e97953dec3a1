/**
 * Test helper (browser only): registers the faces of a family with the page's `document.fonts`,
 * from the same bytes the font registry parses, so that Chromium and the layout engine set text
 * in exactly the same files. A family is a shipped one (`fonts/fonts.json`) or a customer family
 * of `loadCustomerFonts` (WOFF2 variable Inter, CFF and CFF2 Source Sans 3).
 */
import { loadCustomerFonts, loadTestFonts, type CustomerFamily, type FaceSlot } from './fonts.ts'

/** CSS `font-weight` and `font-style` of each face slot of `fonts/fonts.json`. */
const SLOT_DESCRIPTORS: Readonly<Record<FaceSlot, FontFaceDescriptors>> = {
  regular: { weight: '400', style: 'normal' },
  bold: { weight: '700', style: 'normal' },
  italic: { weight: '400', style: 'italic' },
  bold_italic: { weight: '700', style: 'italic' },
}

/**
 * The descriptors of one face. An instance of a variable font (`{ bytes, axes: { wght } }`, as a
 * manifest face `{ file, axes }` names it) is registered with its `wght` as the face's only
 * weight: Chromium then sets the file's `wght` axis to the weight it selects, clamped to the
 * face's range, so every text of that face is set at exactly that instance (the CSS of
 * docs/layout.md registers a variable file with its weight values the same way). The slot keeps
 * its style, and so the weight CSS asks for (`<strong>` is 700) still selects the slot.
 */
function descriptorsOf(slot: FaceSlot, face: CustomerFamily[FaceSlot]): FontFaceDescriptors {
  const descriptors = SLOT_DESCRIPTORS[slot]
  if (face instanceof Uint8Array) return descriptors
  const { wght, ...others } = face.axes
  if (Object.keys(others).length > 0) {
    throw new Error(`Axes other than wght have no FontFace descriptor here: ${Object.keys(others)}`)
  }
  return wght === undefined ? descriptors : { ...descriptors, weight: String(wght) }
}

/**
 * Registers every face of a family under a CSS family name of the caller's choice (a prefix
 * keeps the page's fonts apart from any system font of the same name).
 *
 * @param family The family as named in `fonts/fonts.json` or by `loadCustomerFonts`.
 * @param cssFamily The name to register it under.
 */
export async function registerChromiumFamily(family: string, cssFamily: string): Promise<void> {
  const faces: CustomerFamily | undefined =
    (await loadTestFonts())[family] ?? (await loadCustomerFonts())[family]
  if (!faces) throw new Error(`No family \`${family}\` in fonts/fonts.json or the customer fonts`)
  for (const slot of Object.keys(SLOT_DESCRIPTORS) as FaceSlot[]) {
    const source = faces[slot]
    const bytes = source instanceof Uint8Array ? source : source.bytes
    const face = new FontFace(cssFamily, bytes.slice().buffer, descriptorsOf(slot, source))
    await face.load()
    document.fonts.add(face)
  }
}
