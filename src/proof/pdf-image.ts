/**
 * Raster images of the proof as image XObjects at their native resolution: JPEG passed through
 * as `DCTDecode` (not decoded, not recompressed), PNG passed through as `FlateDecode` with the
 * PNG predictors when PDF can take its data as it is, else decoded into colour and an `SMask`
 * for its alpha.
 *
 * @module
 */
import { decodeBase64 } from '../image/base64.ts'
import { readJpegFrame } from '../image/jpeg-frame.ts'
import { readDataUri, type ImageMediaType } from '../image/read-data-uri.ts'
import { deflate } from './flate.ts'
import type { PdfResources } from './pdf-resources.ts'
import { pdfHexString, pdfName, type PdfRef, type PdfValue } from './pdf-syntax.ts'
import { decodePng, isPassThrough, readPng, type PngFile } from './png-image.ts'
import { srgbProfile } from './srgb-profile.ts'

/** An embedded image: its XObject and its size in pixels. */
export interface EmbeddedImage {
  readonly ref: PdfRef
  readonly width: number
  readonly height: number
}

/** Embeds each distinct image of a proof once. */
export interface ImageEmbedder {
  /**
   * The XObject of a `data:` URI of PNG or JPEG, or `undefined` for anything else or a file
   * that cannot be read (drawn as nothing; the analysis' checks have told the user).
   */
  embed(href: string): EmbeddedImage | undefined
  /** The sRGB ICC profile stream (written on first use). */
  srgb(): PdfRef
}

const rasterTypes: readonly ImageMediaType[] = ['image/png', 'image/jpeg']

/**
 * Starts the images of a proof.
 *
 * @param resources The proof's resources.
 * @returns The embedder.
 */
export function createImageEmbedder(resources: PdfResources): ImageEmbedder {
  const cache = new Map<string, EmbeddedImage | undefined>()
  let profile: PdfRef | undefined
  const srgb = (): PdfRef => {
    profile ??= resources.file.putStream({ N: 3, Alternate: pdfName('DeviceRGB') }, srgbProfile())
    return profile
  }
  // In a CMYK proof RGB images keep their colours through the sRGB profile (PDF/X-4 allows
  // device-independent colour); the press's RIP converts them to its own printing condition.
  const rgbSpace = (): PdfValue =>
    resources.mode === 'cmyk' ? [pdfName('ICCBased'), srgb()] : pdfName('DeviceRGB')
  return {
    srgb,
    embed(href) {
      if (cache.has(href)) return cache.get(href)
      const uri = readDataUri(href, rasterTypes)
      const bytes =
        uri.ok && uri.mediaType !== 'image/svg+xml' ? decodeBase64(uri.base64) : undefined
      let image: EmbeddedImage | undefined
      if (bytes && uri.ok && uri.mediaType === 'image/jpeg')
        image = embedJpeg(bytes, resources, rgbSpace)
      else if (bytes && uri.ok && uri.mediaType === 'image/png')
        image = embedPng(bytes, resources, rgbSpace)
      cache.set(href, image)
      return image
    },
  }
}

function embedJpeg(
  bytes: Uint8Array,
  resources: PdfResources,
  rgbSpace: () => PdfValue
): EmbeddedImage | undefined {
  const frame = readJpegFrame(bytes)
  if (
    !frame ||
    frame.precision !== 8 ||
    !(frame.width > 0 && frame.height > 0) ||
    ![1, 3, 4].includes(frame.components)
  )
    return undefined
  const space =
    frame.components === 1
      ? pdfName('DeviceGray')
      : frame.components === 3
        ? rgbSpace()
        : pdfName('DeviceCMYK')
  const ref = resources.file.putStream(
    {
      Type: pdfName('XObject'),
      Subtype: pdfName('Image'),
      Width: frame.width,
      Height: frame.height,
      ColorSpace: space,
      BitsPerComponent: 8,
      // Adobe's CMYK JPEGs store inverted values (APP14 marker).
      Decode: frame.components === 4 && frame.adobe ? [1, 0, 1, 0, 1, 0, 1, 0] : undefined,
      Filter: pdfName('DCTDecode'),
    },
    bytes,
    { encoded: true }
  )
  return { ref, width: frame.width, height: frame.height }
}

function embedPng(
  bytes: Uint8Array,
  resources: PdfResources,
  rgbSpace: () => PdfValue
): EmbeddedImage | undefined {
  const png = readPng(bytes)
  if (!png) return undefined
  const { width, height } = png
  const base = {
    Type: pdfName('XObject'),
    Subtype: pdfName('Image'),
    Width: width,
    Height: height,
  }
  if (isPassThrough(png)) {
    const colours = png.colourType === 2 ? 3 : 1
    const ref = resources.file.putStream(
      {
        ...base,
        ColorSpace: pngSpace(png, rgbSpace),
        BitsPerComponent: png.depth,
        Mask: colourKey(png),
        Filter: pdfName('FlateDecode'),
        DecodeParms: {
          Predictor: 15,
          Colors: colours,
          BitsPerComponent: png.depth,
          Columns: width,
        },
      },
      png.data,
      { encoded: true }
    )
    return { ref, width, height }
  }
  const pixels = decodePng(png)
  if (!pixels) return undefined
  const smask = pixels.alpha
    ? resources.file.putStream(
        {
          ...base,
          ColorSpace: pdfName('DeviceGray'),
          BitsPerComponent: 8,
          Filter: pdfName('FlateDecode'),
        },
        deflate(pixels.alpha),
        { encoded: true }
      )
    : undefined
  const ref = resources.file.putStream(
    {
      ...base,
      ColorSpace: pixels.channels === 1 ? pdfName('DeviceGray') : rgbSpace(),
      BitsPerComponent: 8,
      SMask: smask,
      Filter: pdfName('FlateDecode'),
    },
    deflate(pixels.colour),
    { encoded: true }
  )
  return { ref, width, height }
}

function pngSpace(png: PngFile, rgbSpace: () => PdfValue): PdfValue {
  if (png.colourType === 0) return pdfName('DeviceGray')
  if (png.colourType === 2) return rgbSpace()
  const palette = png.palette ?? new Uint8Array()
  const entries = Math.floor(palette.length / 3)
  return [
    pdfName('Indexed'),
    rgbSpace(),
    entries - 1,
    pdfHexString(palette.subarray(0, entries * 3)),
  ]
}

/** A grey or RGB PNG's `tRNS` colour as a colour-key mask (`[min max …]` per component). */
function colourKey(png: PngFile): PdfValue | undefined {
  const key = png.transparency
  if (!key || png.colourType === 3) return undefined
  const components = png.colourType === 0 ? 1 : 3
  if (key.length < components * 2) return undefined
  const range: number[] = []
  for (let k = 0; k < components; k++) {
    const value = ((key[2 * k] as number) << 8) | (key[2 * k + 1] as number)
    range.push(value, value)
  }
  return range
}
