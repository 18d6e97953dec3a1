/**
 * What the SVG sanitiser keeps, as data: every element and attribute not listed here is dropped
 * (an element with its whole subtree). The lists hold what artwork draws with in SVG 1.1 and 2:
 * structure, shapes, paint servers, clipping, masking and text; never scripts, `foreignObject`,
 * links (`a`), animation (`animate`, `set`, …), filters that fetch (`feImage`), fonts, `iframe`,
 * event attributes (`on…`) or foreign namespaces.
 *
 * @module
 */

/** The allow-lists of {@link sanitizeSvg} and {@link sanitizeSvgFragment}. */
export interface SvgAllowList {
  /** Elements kept, with their allowed attributes and their children. */
  readonly elements: ReadonlySet<string>
  /**
   * Elements kept in a whole document only: inlined into a preview, a style sheet would restyle
   * the whole preview.
   */
  readonly documentOnlyElements: ReadonlySet<string>
  /** Attributes kept on any kept element (values that reach outside the document are dropped). */
  readonly attributes: ReadonlySet<string>
  /**
   * Attributes that reference: kept only as `#id` of the same document, or, on `image`, as a
   * PNG or JPEG `data:` URI; `xlink:href` is written as SVG 2's `href`.
   */
  readonly referenceAttributes: ReadonlySet<string>
}

/** The one allow-list of the SVG sanitiser (design images and emoji artwork alike). */
export const SVG_ALLOW_LIST: SvgAllowList = Object.freeze({
  elements: new Set([
    // Structure
    'svg',
    'g',
    'defs',
    'symbol',
    'use',
    'title',
    'desc',
    // Shapes
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    // Paint servers, clipping, masking
    'linearGradient',
    'radialGradient',
    'stop',
    'pattern',
    'clipPath',
    'mask',
    // Raster images (data: URIs only) and text
    'image',
    'text',
    'tspan',
    'style',
  ]),
  documentOnlyElements: new Set(['style']),
  attributes: new Set([
    'id',
    'class',
    'style',
    'transform',
    'viewBox',
    'preserveAspectRatio',
    // Geometry
    'width',
    'height',
    'x',
    'y',
    'x1',
    'y1',
    'x2',
    'y2',
    'cx',
    'cy',
    'r',
    'rx',
    'ry',
    'fx',
    'fy',
    'fr',
    'd',
    'points',
    'pathLength',
    // Presentation
    'fill',
    'fill-opacity',
    'fill-rule',
    'stroke',
    'stroke-width',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'stroke-dasharray',
    'stroke-dashoffset',
    'stroke-opacity',
    'opacity',
    'color',
    'display',
    'visibility',
    'overflow',
    'clip-path',
    'clip-rule',
    'mask',
    'vector-effect',
    'paint-order',
    'shape-rendering',
    'color-interpolation',
    'isolation',
    'mix-blend-mode',
    // Paint servers, clipping, masking
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'offset',
    'stop-color',
    'stop-opacity',
    'patternUnits',
    'patternContentUnits',
    'patternTransform',
    'maskUnits',
    'maskContentUnits',
    'clipPathUnits',
    // Text
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'text-anchor',
    'dominant-baseline',
    'letter-spacing',
    'dx',
    'dy',
    'rotate',
    'textLength',
    'lengthAdjust',
    'xml:space',
    // References
    'href',
    'xlink:href',
  ]),
  referenceAttributes: new Set(['href', 'xlink:href']),
})
