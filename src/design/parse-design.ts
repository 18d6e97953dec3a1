/**
 * `parseDesign`: checks a design document (`docs/design-format.md`) by hand, without ajv, so
 * the core stays CSP-safe, and returns it with every default filled.
 *
 * @module
 */
import { SPEC_LIMITS } from '../spec/limits.ts'
import { editDistance } from '../verdict/edit-distance.ts'
import { readImageHref } from '../image/read-image-href.ts'
import { showValue } from '../verdict/shorten.ts'
import { countCodePoints } from '../text/code-points.ts'
import { DesignError, type DesignProblem } from './design-error.ts'
import type {
  AddressElement,
  Design,
  DesignElement,
  DesignFormat,
  DesignSide,
  ErrorCorrectionLevel,
  ImageElement,
  KeyedQrElement,
  MarkdownElement,
  QrElement,
  RectElement,
  SideName,
  TextAlign,
  TextElement,
  UrlQrElement,
} from './types.ts'

/** Options of {@link parseDesign}. */
export interface ParseDesignOptions {
  /**
   * Families of the font registry (e.g. `registry.families`). When given, every `font_family`
   * must be one of them (default: any non-empty family name is accepted).
   */
  readonly families?: readonly string[] | undefined
}

const KEY_PATTERN = SPEC_LIMITS.keyPattern
const COLOUR_PATTERN = /^#[\da-f]{6}$/i
const UUID_PATTERN = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i
const NOT_BLANK = /\S/
const MAX_MARKDOWN_AREAS = SPEC_LIMITS.markdownAreas
// A URL stored in the design gets the limit of a `qr_codes` value, so no design can hold a URL
// the service would refuse in `qr_codes`.
const MAX_URL_LENGTH = SPEC_LIMITS.qrValueLength
// Print legibility floor; a smaller value is almost always a size in millimetres typed as points.
const MIN_FONT_SIZE_PT = 4
// A multiplier outside this range is almost always a leading in points or millimetres.
const MIN_LINE_HEIGHT = 0.5
const MAX_LINE_HEIGHT = 5
// DENSO WAVE: at least 4 printer dots per module, i.e. 0.17 mm at 600 dpi
// (https://www.qrcode.com/en/howto/cell.html).
const MIN_MODULE_MM = 0.17
// ISO/IEC 18004: a version 1 symbol is 21 modules wide, the smallest QR code there is.
const VERSION_1_MODULES = 21
// Tolerance for sums of decimal millimetres (10.1 + 137.9 is not exactly 148 in binary).
const EPSILON_MM = 1e-9
const PT_TO_MM = 25.4 / 72

const ELEMENT_TYPES = ['markdown', 'qr', 'text', 'image', 'rect', 'address'] as const
const ALIGNMENTS: readonly TextAlign[] = ['left', 'center', 'right']
const LEVELS: readonly ErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H']
/**
 * Checks a design document and returns it as a {@link Design} with every default filled, plus
 * the Markdown areas, keyed QR codes and URL QR codes in document order (front, then back), the
 * lists that `content` and `qr_codes` are judged against (spec 2.5, 2.6).
 *
 * Everything is checked in one pass and every problem is reported at once. The input is never
 * trusted: any value (null, arrays, `__proto__` keys, getters that throw) yields either a design
 * or a {@link DesignError}, never another exception. No ajv at run time, so the core stays
 * CSP-safe; `schema/design.schema.json` is the published twin of these checks.
 *
 * @param json The parsed JSON document (`JSON.parse` first; a string is reported, not parsed).
 * @param options The registry's families, to reject unknown `font_family` names.
 * @returns The frozen, defaults-filled design.
 * @throws {DesignError} When the document is not a valid design; `problems` lists everything.
 * @example
 * ```ts
 * const design = parseDesign(JSON.parse(text), { families: registry.families })
 * design.markdownAreas.map((area) => area.key) // ['greeting', 'body']
 * ```
 */
export function parseDesign(json: unknown, options: ParseDesignOptions = {}): Design {
  const problems: DesignProblem[] = []
  let design: Design | undefined
  try {
    design = readDesign(json, options.families, problems)
  } catch (error) {
    // Only exotic JavaScript input gets here (a getter or proxy that throws); JSON cannot.
    problems.push({
      path: '',
      message: `Unexpected exception \`${describeError(error)}\` while reading the design, expected plain JSON data`,
    })
  }
  if (problems.length > 0 || design === undefined) throw new DesignError(problems)
  return design
}

/** What every reader shares: where problems go and which families exist. */
interface Context {
  readonly problems: DesignProblem[]
  readonly families: readonly string[] | undefined
  /** First path of each Markdown key, to report duplicates (spec 2.5). */
  readonly markdownKeys: Map<string, string>
  /** First path of each keyed QR key, to report duplicates (spec 2.6). */
  readonly qrKeys: Map<string, string>
  markdownCount: number
}

function readDesign(
  json: unknown,
  families: readonly string[] | undefined,
  problems: DesignProblem[]
): Design | undefined {
  const root = Fields.of(json, '', problems)
  if (root === undefined) {
    if (typeof json === 'string') {
      problems.push({
        path: '',
        message: `Unexpected \`string\`, expected a design \`object\`, pass the parsed JSON (\`JSON.parse\`) instead of its text`,
      })
    } else {
      problems.push({
        path: '',
        message: `Unexpected value \`${showValue(json)}\`, expected a design \`object\``,
      })
    }
    return undefined
  }
  const context: Context = {
    problems,
    families,
    markdownKeys: new Map(),
    qrKeys: new Map(),
    markdownCount: 0,
  }
  // Lets a document point editors at the published schema.
  root.string('$schema', { optional: true })
  const id = root.string('id', {
    check: (value) =>
      UUID_PATTERN.test(value)
        ? undefined
        : `Unexpected value \`${showValue(value)}\` for \`id\`, expected a UUID such as \`3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10\``,
  })
  const name = root.string('name', { check: notBlank('name') })
  const [format, trim] = readFormat(root)
  const sides = readSides(root, trim, context)
  root.rejectUnknown()
  if (problems.length > 0 || sides === undefined) return undefined

  const elements = [...sides.front.elements, ...sides.back.elements]
  return Object.freeze({
    id,
    name,
    format,
    sides,
    markdownAreas: Object.freeze(
      elements.filter((element): element is MarkdownElement => element.type === 'markdown')
    ),
    keyedQrCodes: Object.freeze(
      elements.filter((element): element is KeyedQrElement => isQr(element) && 'key' in element)
    ),
    urlQrCodes: Object.freeze(
      elements.filter((element): element is UrlQrElement => isQr(element) && 'url' in element)
    ),
  })
}

function isQr(element: DesignElement): element is QrElement {
  return element.type === 'qr'
}

/** The format, and again as the trim box to place elements in when it is valid. */
function readFormat(root: Fields): [DesignFormat, DesignFormat | undefined] {
  const fields = root.object('format')
  const invalid = { width_mm: Number.NaN, height_mm: Number.NaN, bleed_mm: 0 }
  if (fields === undefined) return [invalid, undefined]
  const format = Object.freeze({
    width_mm: fields.number('width_mm', POSITIVE),
    height_mm: fields.number('height_mm', POSITIVE),
    bleed_mm: fields.number('bleed_mm', { min: 0 }, 0),
  })
  const valid = fields.valid('width_mm', 'height_mm', 'bleed_mm')
  fields.rejectUnknown()
  return [format, valid ? format : undefined]
}

function readSides(
  root: Fields,
  trim: DesignFormat | undefined,
  context: Context
): Design['sides'] | undefined {
  const fields = root.object('sides')
  if (fields === undefined) return undefined
  const front = readSide(fields, 'front', trim, context)
  const back = readSide(fields, 'back', trim, context)
  fields.rejectUnknown()
  if (front === undefined || back === undefined) return undefined
  return Object.freeze({ front, back })
}

function readSide(
  sides: Fields,
  name: SideName,
  trim: DesignFormat | undefined,
  context: Context
): DesignSide | undefined {
  const fields = sides.object(name)
  if (fields === undefined) return undefined
  const background = fields.string('background', { check: colour('background') }, '#ffffff')
  const items = fields.array('elements', [])
  const elements: DesignElement[] = []
  for (let index = 0; index < (items?.length ?? 0); index++) {
    const element = readElement(items?.[index], `${fields.at('elements')}[${index}]`, trim, context)
    if (element !== undefined) elements.push(element)
  }
  fields.rejectUnknown()
  return Object.freeze({ background, elements: Object.freeze(elements) })
}

function readElement(
  value: unknown,
  path: string,
  trim: DesignFormat | undefined,
  context: Context
): DesignElement | undefined {
  const fields = Fields.of(value, path, context.problems)
  if (fields === undefined) {
    context.problems.push({
      path,
      message: `Unexpected value \`${showValue(value)}\` for \`${lastSegment(path)}\`, expected \`object\``,
    })
    return undefined
  }
  const type = fields.enumeration('type', ELEMENT_TYPES)
  if (type === undefined) return undefined // Without a type, no other field can be judged.
  let element: DesignElement
  switch (type) {
    case 'markdown':
      element = readMarkdown(fields, trim, context)
      break
    case 'qr':
      element = readQr(fields, trim, context)
      break
    case 'text':
      element = readText(fields, trim, context)
      break
    case 'image':
      element = readImage(fields, trim)
      break
    case 'rect':
      element = readRect(fields, trim)
      break
    case 'address':
      element = readAddress(fields, trim, context)
      break
  }
  fields.rejectUnknown()
  return Object.freeze(element)
}

function readMarkdown(
  fields: Fields,
  trim: DesignFormat | undefined,
  context: Context
): MarkdownElement {
  const key = fields.string('key', { check: keyPattern })
  const label = fields.string('label', { check: notBlank('label') })
  const box = readBox(fields)
  const style = readTextStyle(fields, context)
  const color = fields.string('color', { check: colour('color') }, '#000000')
  const align = fields.enumeration('align', ALIGNMENTS, 'left')
  checkBox(fields, box, trim)
  context.markdownCount++
  // spec 2.5: "A design has at most 10 Markdown areas." Reported once, at the first extra one.
  if (context.markdownCount === MAX_MARKDOWN_AREAS + 1) {
    fields.report(
      '',
      `Unexpected Markdown area number \`${MAX_MARKDOWN_AREAS + 1}\`, expected at most \`${MAX_MARKDOWN_AREAS}\` per design, remove the extra areas`
    )
  }
  checkUnique(fields, key, context.markdownKeys, 'Markdown areas')
  return { type: 'markdown', key, label, ...box, ...style, color, align }
}

function readQr(fields: Fields, trim: DesignFormat | undefined, context: Context): QrElement {
  // spec 2.6: a QR code is either filled from `qr_codes.<key>` or of the URL kind (rule 5).
  const kinds =
    'expected either `key` (a QR code filled from `qr_codes`) or `url` (a QR code of the URL kind)'
  let key: string | undefined
  let url: string | undefined
  const hasKey = fields.has('key')
  const hasUrl = fields.has('url')
  if (hasKey && hasUrl) {
    fields.get('key')
    fields.get('url')
    fields.report('url', `Unexpected \`url\` next to \`key\`, ${kinds}, remove one of them`)
  } else if (hasUrl) {
    fields.get('key')
    url = fields.string('url', { check: httpUrl })
  } else if (hasKey) {
    key = fields.string('key', { check: keyPattern })
    fields.get('url')
  } else {
    fields.get('key')
    fields.get('url')
    fields.report('key', `Unexpected missing field \`key\` or \`url\`, ${kinds}`)
  }
  const label = fields.string('label', { check: notBlank('label') })
  const x_mm = fields.number('x_mm', FINITE)
  const y_mm = fields.number('y_mm', FINITE)
  const size_mm = fields.number('size_mm', POSITIVE)
  const error_correction = fields.enumeration('error_correction', LEVELS, 'M')
  const min_module_mm = fields.number(
    'min_module_mm',
    {
      min: MIN_MODULE_MM,
      fix: 'smaller modules cannot be printed reliably (4 dots at 600 dpi)',
    },
    0.4
  )
  const quiet_zone_modules = fields.number('quiet_zone_modules', { min: 0, integer: true }, 4)
  if (fields.valid('size_mm', 'min_module_mm', 'quiet_zone_modules')) {
    const modules = VERSION_1_MODULES + 2 * quiet_zone_modules
    const smallest = modules * min_module_mm
    if (size_mm < smallest - EPSILON_MM) {
      fields.report(
        'size_mm',
        `Unexpected size of \`${size_mm}\` mm, expected at least \`${round(smallest)}\` mm for the smallest QR code (${VERSION_1_MODULES} + 2 × ${quiet_zone_modules} modules of \`${min_module_mm}\` mm), enlarge the QR code`
      )
    }
  }
  checkBox(fields, { x_mm, y_mm, width_mm: size_mm, height_mm: size_mm }, trim, 'size_mm')
  const rest = { label, x_mm, y_mm, size_mm, error_correction, min_module_mm, quiet_zone_modules }
  if (url !== undefined) return { type: 'qr', url, ...rest }
  checkUnique(fields, key, context.qrKeys, 'keyed QR codes')
  return { type: 'qr', key: key ?? '', ...rest }
}

function readText(fields: Fields, trim: DesignFormat | undefined, context: Context): TextElement {
  const text = fields.string('text')
  const box = readBox(fields)
  const style = readTextStyle(fields, context)
  const color = fields.string('color', { check: colour('color') }, '#000000')
  const align = fields.enumeration('align', ALIGNMENTS, 'left')
  checkBox(fields, box, trim)
  return { type: 'text', text, ...box, ...style, color, align }
}

function readImage(fields: Fields, trim: DesignFormat | undefined): ImageElement {
  const href = fields.string('href', { check: imageHref })
  const box = readBox(fields)
  checkBox(fields, box, trim)
  return { type: 'image', href, ...box }
}

function readRect(fields: Fields, trim: DesignFormat | undefined): RectElement {
  const box = readBox(fields)
  const fill = fields.string('fill', { check: colour('fill') })
  checkBox(fields, box, trim)
  return { type: 'rect', ...box, fill }
}

function readAddress(
  fields: Fields,
  trim: DesignFormat | undefined,
  context: Context
): AddressElement {
  const box = readBox(fields)
  const style = readTextStyle(fields, context)
  const sender_line = fields.boolean('sender_line', true)
  checkBox(fields, box, trim)
  return { type: 'address', ...box, ...style, sender_line }
}

interface Box {
  readonly x_mm: number
  readonly y_mm: number
  readonly width_mm: number
  readonly height_mm: number
}

function readBox(fields: Fields): Box {
  return {
    x_mm: fields.number('x_mm', FINITE),
    y_mm: fields.number('y_mm', FINITE),
    width_mm: fields.number('width_mm', POSITIVE),
    height_mm: fields.number('height_mm', POSITIVE),
  }
}

function readTextStyle(
  fields: Fields,
  context: Context
): Pick<MarkdownElement, 'font_family' | 'font_size_pt' | 'line_height'> {
  const families = context.families
  return {
    font_family: fields.string('font_family', {
      check: (value) => {
        if (families === undefined) return notBlank('font_family')(value)
        if (families.includes(value)) return undefined
        const expected =
          families.length === 0
            ? 'a family of the font registry, which has none'
            : `one of ${families.map((family) => `\`${family}\``).join(', ')}`
        return `Unexpected value \`${showValue(value)}\` for \`font_family\`, expected ${expected}`
      },
    }),
    font_size_pt: fields.number('font_size_pt', {
      min: MIN_FONT_SIZE_PT,
      fix: `font sizes are in points (1 pt = ${round(PT_TO_MM)} mm)`,
    }),
    line_height: fields.number('line_height', {
      min: MIN_LINE_HEIGHT,
      max: MAX_LINE_HEIGHT,
      fix: 'it is a multiplier of the font size such as `1.3`',
    }),
  }
}

/**
 * The element must lie within the trim box plus the bleed on every side: full-bleed artwork may
 * start at `-bleed_mm`, and nothing may start or end beyond the bleed edge.
 */
function checkBox(
  fields: Fields,
  box: Box,
  trim: DesignFormat | undefined,
  sizeField?: string
): void {
  if (trim === undefined) return // The format has problems of its own: nothing to judge against.
  const bleed = trim.bleed_mm
  // Judged before reporting: a QR code's one `size_mm` may overflow on both axes.
  const valid = new Set(
    ['x_mm', 'y_mm', sizeField ?? 'width_mm', sizeField ?? 'height_mm'].filter((field) =>
      fields.valid(field)
    )
  )
  const axes = [
    ['x_mm', sizeField ?? 'width_mm', box.x_mm, box.width_mm, trim.width_mm, 'horizontal'],
    ['y_mm', sizeField ?? 'height_mm', box.y_mm, box.height_mm, trim.height_mm, 'vertical'],
  ] as const
  for (const [startField, sizeName, start, size, length, axis] of axes) {
    const [near, far, towards, away, smaller] =
      axis === 'horizontal'
        ? ['left', 'right', 'right', 'left', 'narrower']
        : ['top', 'bottom', 'down', 'up', 'shorter']
    if (!valid.has(startField)) continue
    const edge = length + bleed
    if (start < -bleed - EPSILON_MM) {
      fields.report(
        startField,
        `Unexpected ${near} edge at \`${start}\` mm, expected at least \`${round(-bleed)}\` mm (the bleed edge), move the element ${towards}`
      )
    } else if (start >= edge - EPSILON_MM) {
      fields.report(
        startField,
        `Unexpected ${near} edge at \`${start}\` mm, expected less than \`${round(edge)}\` mm (the bleed edge), move the element ${away}`
      )
    } else if (valid.has(sizeName) && start + size > edge + EPSILON_MM) {
      fields.report(
        sizeName,
        `Unexpected ${far} edge at \`${round(start + size)}\` mm, expected at most \`${round(edge)}\` mm (the bleed edge), make the element ${smaller} or move it ${away}`
      )
    }
  }
}

function checkUnique(
  fields: Fields,
  key: string | undefined,
  seen: Map<string, string>,
  kind: string
): void {
  if (key === undefined || !fields.valid('key')) return
  const first = seen.get(key)
  if (first === undefined) {
    seen.set(key, fields.path)
    return
  }
  fields.report(
    'key',
    `Unexpected duplicate key \`${key}\`, expected keys unique among ${kind} (first used at \`${first}\`), rename one of them`
  )
}

// ---------------------------------------------------------------------------------------------
// Value checks: each returns the problem's message, or `undefined` when the value is fine.

type Check = (value: string) => string | undefined

function keyPattern(value: string): string | undefined {
  if (KEY_PATTERN.test(value)) return undefined
  return `Unexpected value \`${showValue(value)}\` for \`key\`, expected a key matching \`${KEY_PATTERN.source}\``
}

function notBlank(field: string): Check {
  return (value) =>
    NOT_BLANK.test(value)
      ? undefined
      : `Unexpected value \`${showValue(value)}\` for \`${field}\`, expected a non-empty \`string\``
}

function colour(field: string): Check {
  return (value) =>
    COLOUR_PATTERN.test(value)
      ? undefined
      : `Unexpected value \`${showValue(value)}\` for \`${field}\`, expected a colour \`#rrggbb\``
}

/** spec 2.6 and 7.1: "a complete `http` or `https` URL" of at most 2048 characters. */
function httpUrl(value: string): string | undefined {
  const complete = `Unexpected value \`${showValue(value)}\` for \`url\`, expected a complete \`http\` or \`https\` URL`
  // Whitespace or control characters would be encoded into the QR code verbatim.
  // An empty authority (`https:///path`) would be repaired by URL parsers, not by scanners.
  if (!/^https?:\/\/[^/?#]/i.test(value) || /[\s\p{Cc}]/u.test(value)) return complete
  try {
    if (new URL(value).hostname === '') return complete
  } catch {
    return complete
  }
  const length = countCodePoints(value)
  if (length > MAX_URL_LENGTH) {
    return `Unexpected URL of \`${length}\` characters, expected at most \`${MAX_URL_LENGTH}\`, shorten the URL`
  }
  return undefined
}

/**
 * A `data:` URI (RFC 2397) of PNG, JPEG or SVG whose bytes are what its media type says, read by
 * the one reader the preview draws with: a design accepted here is a design the preview draws.
 */
function imageHref(value: string): string | undefined {
  const image = readImageHref(value)
  return image.ok ? undefined : image.reason
}

// ---------------------------------------------------------------------------------------------
// Reading fields of one object, reporting problems with their paths.

interface NumberRule {
  /** Smallest allowed value (inclusive). */
  readonly min?: number
  /** The value must be greater than this. */
  readonly above?: number
  /** Largest allowed value (inclusive). */
  readonly max?: number
  readonly integer?: boolean
  /** Appended to a range problem: how to fix it. */
  readonly fix?: string
}

const FINITE: NumberRule = {}
const POSITIVE: NumberRule = { above: 0 }

interface StringRule {
  readonly check?: Check
  /** Absent is fine and yields `''` (only for fields with no default worth filling). */
  readonly optional?: boolean
}

/**
 * The own fields of one JSON object: typed reads with defaults, problems reported at
 * `path.field`, and every field never read reported as unknown by `rejectUnknown`.
 */
class Fields {
  readonly #entries: Map<string, unknown>
  readonly #known: string[] = []
  readonly #invalid = new Set<string>()
  readonly path: string
  readonly #problems: DesignProblem[]

  private constructor(entries: Map<string, unknown>, path: string, problems: DesignProblem[]) {
    this.#entries = entries
    this.path = path
    this.#problems = problems
  }

  /** The fields of `value`, or `undefined` (nothing reported) when it is not a plain object. */
  static of(value: unknown, path: string, problems: DesignProblem[]): Fields | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    const entries = new Map<string, unknown>()
    // Own enumerable keys only: an inherited `sides` (or a `__proto__` key) is not a field.
    for (const key of Object.keys(value)) {
      entries.set(key, (value as Record<string, unknown>)[key])
    }
    return new Fields(entries, path, problems)
  }

  at(field: string): string {
    return this.path === '' ? field : `${this.path}.${field}`
  }

  has(field: string): boolean {
    return this.#entries.has(field) && this.#entries.get(field) !== undefined
  }

  get(field: string): unknown {
    this.#known.push(field)
    return this.#entries.get(field)
  }

  /** Whether a field read so far had no problem. */
  valid(...fields: readonly string[]): boolean {
    return fields.every((field) => !this.#invalid.has(field))
  }

  report(field: string, message: string): void {
    if (field !== '') this.#invalid.add(field)
    this.#problems.push({ path: field === '' ? this.path : this.at(field), message })
  }

  object(field: string): Fields | undefined {
    const value = this.get(field)
    if (value === undefined) {
      this.missing(field, 'object')
      return undefined
    }
    const fields = Fields.of(value, this.at(field), this.#problems)
    if (fields === undefined) this.wrongType(field, value, 'object')
    return fields
  }

  array(field: string, fallback: readonly unknown[]): readonly unknown[] | undefined {
    const value = this.get(field)
    if (value === undefined) return fallback
    if (Array.isArray(value)) return value
    this.wrongType(field, value, 'array')
    return undefined
  }

  string(field: string, rule: StringRule = {}, fallback?: string): string {
    const value = this.get(field)
    if (value === undefined) {
      if (fallback !== undefined) return fallback
      if (!rule.optional) this.missing(field, 'string')
      return ''
    }
    if (typeof value !== 'string') {
      this.wrongType(field, value, 'string')
      return ''
    }
    const problem = rule.check?.(value)
    if (problem !== undefined) this.report(field, problem)
    return value
  }

  number(field: string, rule: NumberRule, fallback?: number): number {
    const value = this.get(field)
    if (value === undefined) {
      if (fallback !== undefined) return fallback
      this.missing(field, 'number')
      return Number.NaN
    }
    if (typeof value !== 'number') {
      this.wrongType(field, value, 'number')
      return Number.NaN
    }
    const unexpected = `Unexpected value \`${showValue(value)}\` for \`${field}\``
    if (!Number.isFinite(value)) {
      this.report(field, `${unexpected}, expected a finite \`number\``)
    } else if (
      (rule.integer && !Number.isInteger(value)) ||
      (rule.min !== undefined && value < rule.min) ||
      (rule.above !== undefined && value <= rule.above) ||
      (rule.max !== undefined && value > rule.max)
    ) {
      const fix = rule.fix === undefined ? '' : `, ${rule.fix}`
      this.report(field, `${unexpected}, expected ${describeRange(rule)}${fix}`)
    }
    return value
  }

  boolean(field: string, fallback: boolean): boolean {
    const value = this.get(field)
    if (value === undefined) return fallback
    if (typeof value === 'boolean') return value
    this.wrongType(field, value, 'boolean')
    return fallback
  }

  /** One of `values`; without a fallback the field is required. */
  enumeration<T extends string>(field: string, values: readonly T[]): T | undefined
  enumeration<T extends string>(field: string, values: readonly T[], fallback: T): T
  enumeration<T extends string>(field: string, values: readonly T[], fallback?: T): T | undefined {
    const value = this.get(field)
    const expected = `one of ${values.map((item) => `\`${item}\``).join(', ')}`
    if (value === undefined) {
      if (fallback === undefined) {
        this.report(field, `Unexpected missing field \`${field}\`, expected ${expected}`)
      }
      return fallback
    }
    const found = values.find((item) => item === value)
    if (found === undefined) {
      this.report(
        field,
        `Unexpected value \`${showValue(value)}\` for \`${field}\`, expected ${expected}`
      )
    }
    return found ?? fallback
  }

  /** Reports every field that no read asked for: a typo or a field of another element type. */
  rejectUnknown(): void {
    for (const field of this.#entries.keys()) {
      if (this.#known.includes(field)) continue
      const suggestion = suggest(
        field,
        this.#known.filter((known) => !this.#entries.has(known))
      )
      const expected =
        suggestion === undefined
          ? `one of ${this.#known.map((known) => `\`${known}\``).join(', ')}, remove it`
          : `\`${suggestion}\``
      this.report(field, `Unexpected field \`${field}\`, expected ${expected}`)
    }
  }

  private missing(field: string, type: string): void {
    this.report(field, `Unexpected missing field \`${field}\`, expected \`${type}\``)
  }

  private wrongType(field: string, value: unknown, type: string): void {
    this.report(
      field,
      `Unexpected value \`${showValue(value)}\` for \`${field}\`, expected \`${type}\``
    )
  }
}

function describeRange(rule: NumberRule): string {
  const what = rule.integer ? 'an integer' : 'a `number`'
  if (rule.min !== undefined && rule.max !== undefined) {
    return `${what} from \`${rule.min}\` to \`${rule.max}\``
  }
  if (rule.above !== undefined) return `${what} greater than \`${rule.above}\``
  if (rule.min !== undefined) return `${what} of at least \`${rule.min}\``
  if (rule.max !== undefined) return `${what} of at most \`${rule.max}\``
  return what
}

/** A known field within two edits of `field` (or equal ignoring case), for "did you mean". */
function suggest(field: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const candidate of candidates) {
    const distance =
      candidate.toLowerCase() === field.toLowerCase() ? 0 : editDistance(field, candidate, 2)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1)
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : typeof error
}

/** Millimetre figures for messages: at most three decimals, no `-0`. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000 + 0
}
