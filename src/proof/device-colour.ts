/**
 * Colours of the proof: CSS colours as SVG artwork writes them, read into RGB, and the device
 * colour the PDF paints with: DeviceRGB by default, or DeviceCMYK through a plain, documented
 * conversion (`colorSpace: 'cmyk'`).
 *
 * @module
 */

/** An RGB colour, each channel 0 to 1 (sRGB). */
export interface Rgb {
  readonly r: number
  readonly g: number
  readonly b: number
}

/** A colour read from CSS: its RGB and its alpha (0 to 1). */
export interface CssColour {
  readonly rgb: Rgb
  readonly alpha: number
}

/** The device colour space the proof paints in. */
export type ColourMode = 'rgb' | 'cmyk'

// The 148 CSS named colours (CSS Color 4), name then six hex digits, space separated.
const NAMED =
  'alicebluef0f8ff antiquewhitefaebd7 aqua00ffff aquamarine7fffd4 azuref0ffff beigef5f5dc ' +
  'bisqueffe4c4 black000000 blanchedalmondffebcd blue0000ff blueviolet8a2be2 browna52a2a ' +
  'burlywooddeb887 cadetblue5f9ea0 chartreuse7fff00 chocolated2691e coralff7f50 ' +
  'cornflowerblue6495ed cornsilkfff8dc crimsondc143c cyan00ffff darkblue00008b darkcyan008b8b ' +
  'darkgoldenrodb8860b darkgraya9a9a9 darkgreen006400 darkgreya9a9a9 darkkhakibdb76b ' +
  'darkmagenta8b008b darkolivegreen556b2f darkorangeff8c00 darkorchid9932cc darkred8b0000 ' +
  'darksalmone9967a darkseagreen8fbc8f darkslateblue483d8b darkslategray2f4f4f ' +
  'darkslategrey2f4f4f darkturquoise00ced1 darkviolet9400d3 deeppinkff1493 deepskyblue00bfff ' +
  'dimgray696969 dimgrey696969 dodgerblue1e90ff firebrickb22222 floralwhitefffaf0 ' +
  'forestgreen228b22 fuchsiaff00ff gainsborodcdcdc ghostwhitef8f8ff goldffd700 goldenroddaa520 ' +
  'gray808080 green008000 greenyellowadff2f grey808080 honeydewf0fff0 hotpinkff69b4 ' +
  'indianredcd5c5c indigo4b0082 ivoryfffff0 khakif0e68c lavendere6e6fa lavenderblushfff0f5 ' +
  'lawngreen7cfc00 lemonchiffonfffacd lightblueadd8e6 lightcoralf08080 lightcyane0ffff ' +
  'lightgoldenrodyellowfafad2 lightgrayd3d3d3 lightgreen90ee90 lightgreyd3d3d3 lightpinkffb6c1 ' +
  'lightsalmonffa07a lightseagreen20b2aa lightskyblue87cefa lightslategray778899 ' +
  'lightslategrey778899 lightsteelblueb0c4de lightyellowffffe0 lime00ff00 limegreen32cd32 ' +
  'linenfaf0e6 magentaff00ff maroon800000 mediumaquamarine66cdaa mediumblue0000cd ' +
  'mediumorchidba55d3 mediumpurple9370db mediumseagreen3cb371 mediumslateblue7b68ee ' +
  'mediumspringgreen00fa9a mediumturquoise48d1cc mediumvioletredc71585 midnightblue191970 ' +
  'mintcreamf5fffa mistyroseffe4e1 moccasinffe4b5 navajowhiteffdead navy000080 oldlacefdf5e6 ' +
  'olive808000 olivedrab6b8e23 orangeffa500 orangeredff4500 orchidda70d6 palegoldenrodeee8aa ' +
  'palegreen98fb98 paleturquoiseafeeee palevioletreddb7093 papayawhipffefd5 peachpuffffdab9 ' +
  'perucd853f pinkffc0cb plumdda0dd powderblueb0e0e6 purple800080 rebeccapurple663399 redff0000 ' +
  'rosybrownbc8f8f royalblue4169e1 saddlebrown8b4513 salmonfa8072 sandybrownf4a460 ' +
  'seagreen2e8b57 seashellfff5ee siennaa0522d silverc0c0c0 skyblue87ceeb slateblue6a5acd ' +
  'slategray708090 slategrey708090 snowfffafa springgreen00ff7f steelblue4682b4 tand2b48c ' +
  'teal008080 thistled8bfd8 tomatoff6347 turquoise40e0d0 violetee82ee wheatf5deb3 whiteffffff ' +
  'whitesmokef5f5f5 yellowffff00 yellowgreen9acd32'

const NAMED_COLOURS: ReadonlyMap<string, string> = new Map(
  NAMED.split(' ').map((entry) => [entry.slice(0, -6), entry.slice(-6)] as const)
)

const hexPattern = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i
const functionPattern = /^rgba?\(([^()]*)\)$/i

/**
 * Reads a CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` (numbers or
 * percentages, commas or spaces), a named colour or `transparent`.
 *
 * @param text The colour as written.
 * @returns The colour, or `undefined` when it is none of those.
 */
export function parseCssColour(text: string): CssColour | undefined {
  const value = text.trim().toLowerCase()
  if (value === 'transparent') return { rgb: { r: 0, g: 0, b: 0 }, alpha: 0 }
  const hex = hexPattern.exec(value)?.[1] ?? NAMED_COLOURS.get(value)
  if (hex !== undefined) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex
    const channel = (index: number): number =>
      parseInt(full.slice(index * 2, index * 2 + 2), 16) / 255
    return {
      rgb: { r: channel(0), g: channel(1), b: channel(2) },
      alpha: full.length === 8 ? channel(3) : 1,
    }
  }
  const call = functionPattern.exec(value)
  if (!call) return undefined
  const parts = (call[1] ?? '').split(/[\s,/]+/).filter((part) => part !== '')
  if (parts.length < 3 || parts.length > 4) return undefined
  const channels = parts
    .slice(0, 3)
    .map((part) => (part.endsWith('%') ? Number(part.slice(0, -1)) / 100 : Number(part) / 255))
  const alphaText = parts[3]
  const alpha =
    alphaText === undefined
      ? 1
      : alphaText.endsWith('%')
        ? Number(alphaText.slice(0, -1)) / 100
        : Number(alphaText)
  if (![...channels, alpha].every(Number.isFinite)) return undefined
  const clamp = (x: number): number => Math.min(1, Math.max(0, x))
  return {
    rgb: { r: clamp(channels[0] ?? 0), g: clamp(channels[1] ?? 0), b: clamp(channels[2] ?? 0) },
    alpha: clamp(alpha),
  }
}

/**
 * DeviceCMYK from RGB, without a colour profile: full grey-component replacement,
 * `K = 1 − max(R, G, B)`, then `C = (1 − R − K) / (1 − K)` and likewise M from G, Y from B.
 * Black and greys become K alone (text stays sharp on press: one plate, no registration
 * error); pure white is no ink. The inverse of what viewers show for DeviceCMYK without a
 * profile (R = (1 − C)(1 − K)), so a viewer shows the colours as designed; a press prints the
 * numbers as they are, under its own printing condition, so saturated colours come out as that
 * press renders those numbers, not as an ICC conversion to it would.
 *
 * @param rgb The colour.
 * @returns `[C, M, Y, K]`, each 0 to 1.
 */
export function rgbToCmyk(rgb: Rgb): readonly [number, number, number, number] {
  const k = 1 - Math.max(rgb.r, rgb.g, rgb.b)
  if (k >= 1) return [0, 0, 0, 1]
  const scale = 1 - k
  return [(1 - rgb.r - k) / scale, (1 - rgb.g - k) / scale, (1 - rgb.b - k) / scale, k]
}

/**
 * The components of a colour in the device space of the proof.
 *
 * @param rgb The colour.
 * @param mode RGB or CMYK.
 * @returns 3 or 4 components, each 0 to 1.
 */
export function deviceComponents(rgb: Rgb, mode: ColourMode): readonly number[] {
  return mode === 'cmyk' ? rgbToCmyk(rgb) : [rgb.r, rgb.g, rgb.b]
}

/**
 * The operator that sets the fill (or stroke) colour, e.g. `0.2 0.2 0.2 rg`.
 *
 * @param rgb The colour.
 * @param mode RGB or CMYK.
 * @param stroke Whether it sets the stroking colour.
 * @returns The operator with its operands.
 */
export function colourOperator(rgb: Rgb, mode: ColourMode, stroke = false): string {
  const components = deviceComponents(rgb, mode).map((value) => componentText(value))
  const operator = mode === 'cmyk' ? (stroke ? 'K' : 'k') : stroke ? 'RG' : 'rg'
  return `${components.join(' ')} ${operator}`
}

/** A colour component with 4 decimals (1/10000: finer than 8-bit and 10-bit devices resolve). */
export function componentText(value: number): string {
  const rounded = Math.round(value * 10000) / 10000
  return rounded === 0 ? '0' : String(rounded)
}
