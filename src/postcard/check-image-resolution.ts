/**
 * Design images too coarse for print: a raster image whose effective resolution at its printed
 * size is below 300 dpi. The spec says nothing about artwork; print-mail services do (Lob asks
 * for artwork of at least 300 DPI at its final printed size), so a design that would come out
 * soft is flagged before anyone prints it. The finding's path is the image's place in the
 * design (`sides.<side>.elements[<n>].href`), not a field of the body.
 *
 * @module
 */
import { declaredMediaType } from '../image/read-data-uri.ts'
import { formatNumber } from '../preview/format-number.ts'
import { defineRule } from '../verdict/define-rule.ts'
import type { PostcardContext } from './types.ts'

/** The resolution print-mail services ask for at the printed size. */
export const MIN_PRINT_DPI = 300

const MM_PER_INCH = 25.4

/**
 * Warns (`image-resolution`, with the dpi) about every PNG or JPEG of the design whose pixels,
 * spread over its box, give fewer than 300 dots per inch along either axis, and says how many
 * pixels it needs. Vector (SVG) images print sharp at any size and are exempt; images the
 * preview rejects are reported there (`image-rejected`). The same for every body of a design.
 */
export const checkImageResolution = defineRule<PostcardContext>({
  id: 'image-resolution',
  // The spec states only that the service prints (section 1); the 300 dpi bound is print
  // practice, not the spec's: Lob, for one, asks for artwork of at least 300 DPI at its printed
  // size.
  spec: '1 (the service prints; 300 dpi is print practice)',
  summary: 'Warns about design images below 300 dpi at their printed size (vector images exempt).',
  run({ images }, report) {
    for (const image of images) {
      const { element, path } = image
      // An SVG has no pixels, whether it is drawn or refused: no need to read (sanitise) it.
      if (declaredMediaType(element.href) === 'image/svg+xml') continue
      const { pixels, dpi } = image.facts
      if (pixels === undefined || dpi === undefined || dpi + 1e-9 >= MIN_PRINT_DPI) continue
      const width = Math.ceil((MIN_PRINT_DPI * element.width_mm) / MM_PER_INCH)
      const height = Math.ceil((MIN_PRINT_DPI * element.height_mm) / MM_PER_INCH)
      // Rounded down (299.7 is not 300), after forgiving the float error of pixels / (mm / 25.4).
      const shown = Math.floor(dpi + 1e-9)
      report.warn({
        code: 'image-resolution',
        path: `${path}.href`,
        message: `Unexpected image resolution of \`${shown} dpi\` at its printed size (${formatNumber(element.width_mm, 2)} × ${formatNumber(element.height_mm, 2)} mm), expected at least \`${MIN_PRINT_DPI} dpi\`, use an image of at least ${width} × ${height} pixels`,
        data: {
          dpi: shown,
          minimum_dpi: MIN_PRINT_DPI,
          pixels: { width: pixels.width, height: pixels.height },
          minimum_pixels: { width, height },
        },
      })
    }
  },
})
