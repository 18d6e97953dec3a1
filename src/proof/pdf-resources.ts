/**
 * The resources of one proof: every form, image, graphics state, shading and colour space the
 * pages use, named once and kept in one resource dictionary that the pages and the forms share.
 *
 * @module
 */
import type { ColourMode } from './device-colour.ts'
import type { PdfFile, StreamDictionary } from './pdf-file.ts'
import { pdfName, pdfNumber, pdfRaw, type PdfRef, type PdfValue } from './pdf-syntax.ts'

/** A rectangle in the coordinates of a form: `[x0 y0 x1 y1]`. */
export type BBox = readonly [number, number, number, number]

/** What drawing on a page or a form needs: names for resources, and the colour mode. */
export interface PdfResources {
  readonly file: PdfFile
  readonly mode: ColourMode
  /** The shared resource dictionary (for forms that draw with resources). */
  readonly ref: PdfRef
  /**
   * The name of a graphics state with these constant alphas (`ca`, `CA`), or with a soft mask
   * (a luminosity group form).
   */
  graphicsState(fill: number, stroke: number, softMask?: PdfRef): string
  /** The name of an XObject (form or image). */
  xobject(ref: PdfRef): string
  /** The name of a shading dictionary. */
  shading(shading: PdfValue): string
  /** The name of a colour space. */
  colourSpace(key: string, make: () => PdfValue): string
  /**
   * Writes a form XObject drawing `content` in its own coordinates, clipped to `bbox`. A
   * `group` form is a transparency group: drawn to its own canvas first, then composited (SVG
   * group opacity); `luminosity` makes the group DeviceGray, for soft masks.
   */
  form(
    content: string,
    bbox: BBox,
    options?: {
      readonly group?: boolean
      readonly luminosity?: boolean
      /** The compressed content, for forms cached elsewhere (glyphs). */
      readonly encoded?: Uint8Array
      /** Draws nothing that needs resources (a glyph): no `Resources` entry. */
      readonly plain?: boolean
    }
  ): PdfRef
  /** Whether anything transparent was drawn (the pages then get a transparency group). */
  usesTransparency(): boolean
  /** Writes the resource dictionary; call once, after the last page. */
  finish(): void
}

/**
 * Starts the resources of a proof.
 *
 * @param file The PDF being written.
 * @param mode RGB or CMYK.
 * @returns The registry.
 */
export function createPdfResources(file: PdfFile, mode: ColourMode): PdfResources {
  const ref = file.reserve()
  const xobjects = new Map<number, string>()
  const states = new Map<string, string>()
  const stateValues: [string, PdfValue][] = []
  const shadings: [string, PdfValue][] = []
  const spaces = new Map<string, [string, PdfValue]>()
  let transparent = false
  const groupSpace = mode === 'cmyk' ? 'DeviceCMYK' : 'DeviceRGB'

  return {
    file,
    mode,
    ref,
    graphicsState(fill, stroke, softMask) {
      const ca = Math.min(1, Math.max(0, fill))
      const CA = Math.min(1, Math.max(0, stroke))
      const key = `${pdfNumber(ca)} ${pdfNumber(CA)} ${softMask?.ref ?? ''}`
      let name = states.get(key)
      if (name === undefined) {
        name = `GS${states.size}`
        states.set(key, name)
        const state: Record<string, PdfValue> = { Type: pdfName('ExtGState'), ca, CA }
        if (softMask) {
          state['SMask'] = { Type: pdfName('Mask'), S: pdfName('Luminosity'), G: softMask }
        }
        stateValues.push([name, state])
      }
      if (ca < 1 || CA < 1 || softMask) transparent = true
      return name
    },
    xobject(target) {
      let name = xobjects.get(target.ref)
      if (name === undefined) {
        name = `X${xobjects.size}`
        xobjects.set(target.ref, name)
      }
      return name
    },
    shading(shading) {
      const name = `Sh${shadings.length}`
      shadings.push([name, shading])
      return name
    },
    colourSpace(key, make) {
      let entry = spaces.get(key)
      if (entry === undefined) {
        entry = [`CS${spaces.size}`, make()]
        spaces.set(key, entry)
      }
      return entry[0]
    },
    form(content, bbox, options = {}) {
      const dictionary: Record<string, PdfValue | undefined> = {
        Type: pdfName('XObject'),
        Subtype: pdfName('Form'),
        BBox: pdfRaw(`[${bbox.map((value) => pdfNumber(value, 3)).join(' ')}]`),
        Resources: options.plain ? undefined : ref,
      }
      if (options.group || options.luminosity) {
        transparent = true
        dictionary['Group'] = {
          Type: pdfName('Group'),
          S: pdfName('Transparency'),
          CS: pdfName(options.luminosity ? 'DeviceGray' : groupSpace),
          I: true,
        }
      }
      if (options.encoded) {
        dictionary['Filter'] = pdfName('FlateDecode')
        return file.putStream(dictionary as StreamDictionary, options.encoded, { encoded: true })
      }
      return file.putStream(dictionary as StreamDictionary, content)
    },
    usesTransparency() {
      return transparent
    },
    finish() {
      const dictionary: Record<string, PdfValue> = {}
      const xobject: Record<string, PdfValue> = {}
      for (const [number, name] of xobjects) xobject[name] = pdfRaw(`${number} 0 R`)
      if (xobjects.size > 0) dictionary['XObject'] = xobject
      if (stateValues.length > 0) dictionary['ExtGState'] = Object.fromEntries(stateValues)
      if (shadings.length > 0) dictionary['Shading'] = Object.fromEntries(shadings)
      if (spaces.size > 0) dictionary['ColorSpace'] = Object.fromEntries(spaces.values())
      file.put(dictionary, ref)
    },
  }
}
