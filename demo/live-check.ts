/**
 * The page's update path, free of the DOM: from the body being typed to everything the page
 * shows (the verdict, each field's messages, each Markdown area's fit meter, the SVG preview of
 * both sides). It runs on every debounced keystroke: one analysis of the body (a `Preflight`
 * per font registry, whose cache keeps the work on unchanged texts) feeds the verdict, the
 * preview and the fit meters, so a text is laid out again only when it (or the fonts) changed.
 *
 * @module
 */
import {
  createPreflight,
  renderPreview,
  type Design,
  type EmojiArtwork,
  type FitMeasurement,
  type FontRegistry,
  type MarkdownFitError,
  type PostcardAnalysis,
  type Preflight,
  type Verdict,
  type Warning,
} from '../src/index.ts'

/** The messages and warnings the page shows next to one field (or section). */
export interface Findings {
  /** Messages of the 422 body for this field, word for word (spec 7.1). */
  readonly errors: readonly string[]
  /** Non-blocking findings: emoji outside the pinned set, missing glyphs, a doubtful zip. */
  readonly warnings: readonly Warning[]
}

/** What a Markdown area's fit meter shows. */
export interface FitMeter {
  readonly key: string
  readonly fits: boolean
  /** Share of the area's height the text takes, from 0 to 1 (1 when it overflows). */
  readonly used: number
  /** `3.2 mm left`, or `overflows by 4.1 mm: cut 86 characters`. */
  readonly text: string
  /** The measurement it was made from (the area's layout in the analysis). */
  readonly measurement: FitMeasurement
}

/** Everything one update produces. */
export interface LiveResult {
  /** The one analysis of the body that every output here is drawn from (and the PDF proof). */
  readonly analysis: PostcardAnalysis
  /** The verdict the API would give this body (the analysis' verdict, plus preview warnings). */
  readonly verdict: Verdict
  /** SVG document of the front. */
  readonly front: string
  /** SVG document of the back. */
  readonly back: string
  /** Findings by field path of the form (`content.greeting`, `to.zip`, `to`, `flow_id`...). */
  readonly fields: ReadonlyMap<string, Findings>
  /** Findings on paths that are no field of the form (e.g. a static text of the design). */
  readonly other: Findings
  /** Fit meters by Markdown key. */
  readonly meters: ReadonlyMap<string, FitMeter>
  /** Keys whose text (or fonts) changed since the last update, so it was laid out again. */
  readonly remeasured: readonly string[]
}

/** The body the form builds (spec 2.3): strings only. */
export interface FormBody {
  readonly flow_id: string
  readonly from: Readonly<Record<string, string>>
  readonly to: Readonly<Record<string, string>>
  readonly content?: Readonly<Record<string, string>>
  readonly qr_codes?: Readonly<Record<string, string>>
}

/** Inputs of one update besides the body. */
export interface LiveInputs {
  /** The registry holding every face the body needs (see `faceNeeds`). */
  readonly fonts: FontRegistry
  /** Artwork of the emoji the body uses (see `previewEmojiKeys`). */
  readonly emojiArtwork: ReadonlyMap<string, EmojiArtwork>
  /** Show bleed and a 3 mm safe zone in the preview. */
  readonly guides: boolean
}

/** Runs updates for one design. */
export interface LiveCheck {
  /** Checks and draws the body; never throws on the body, only for a host misuse (fonts). */
  update(body: FormBody, inputs: LiveInputs): LiveResult
}

/** The usual safe zone of direct-mail printers: keep text 3 mm inside the trim. */
const SAFE_ZONE_MM = 3

const NO_FINDINGS: Findings = { errors: [], warnings: [] }

/**
 * The number of characters to cut, as the fit error's `suggested_action` states it (the core's
 * `formatSuggestion`: `Shorten the text by at least 86 characters ...`).
 */
function charactersToCut(error: MarkdownFitError | undefined): number | undefined {
  const match = error ? /\bat least (\d+) characters?\b/.exec(error.suggested_action) : null
  return match ? Number(match[1]) : undefined
}

/** Millimetres with one decimal, rounded towards the safe side. */
function mm(value: number, direction: 'down' | 'up'): string {
  const tenths = direction === 'down' ? Math.floor(value * 10 + 1e-9) : Math.ceil(value * 10 - 1e-9)
  return (Math.max(direction === 'up' ? 1 : 0, tenths) / 10).toFixed(1)
}

/**
 * Words a fit meter. Space left is rounded down and an overflow up, so the meter never promises
 * room that is not there.
 *
 * @param measurement The measurement of the text.
 * @param error The text's item of `meta.markdown_fit_errors`, when the verdict has one.
 * @returns `3.2 mm left`, `overflows by 4.1 mm: cut 86 characters`, or for a word wider than
 *   the area `too wide by 2.3 mm: cut 5 characters`.
 */
export function describeFit(measurement: FitMeasurement, error?: MarkdownFitError): string {
  if (measurement.fits) return `${mm(measurement.remaining_mm, 'down')} mm left`
  const cut = charactersToCut(error)
  const fix = cut === undefined ? '' : `: cut ${cut} ${cut === 1 ? 'character' : 'characters'}`
  if (measurement.overflow_mm > 0)
    return `overflows by ${mm(measurement.overflow_mm, 'up')} mm${fix}`
  return `too wide by ${mm(measurement.width_overflow_mm, 'up')} mm${fix}`
}

/**
 * The field of the form a finding belongs to: its path, else the closest enclosing path that is
 * a field (`to.zip` → `to`).
 *
 * @param path The finding's path, e.g. `content.greeting` or `to.address_line1`.
 * @param fields The paths the form has a place for.
 * @returns The field path, or `undefined` when the form has none for it.
 */
export function fieldOf(path: string, fields: ReadonlySet<string>): string | undefined {
  let current = path
  for (;;) {
    if (fields.has(current)) return current
    const cut = Math.max(current.lastIndexOf('.'), current.lastIndexOf('['))
    if (cut <= 0) return undefined
    current = current.slice(0, cut)
  }
}

/**
 * Creates the update path for one design.
 *
 * @param design The parsed design.
 * @param fieldPaths The paths the form shows findings at: every input (`to.zip`,
 *   `content.greeting`) and every section (`to`, `content`, `qr_codes`).
 * @returns The live check.
 */
export function createLiveCheck(design: Design, fieldPaths: Iterable<string>): LiveCheck {
  const fields = new Set(fieldPaths)
  // One preflight per registry: the loader makes a new registry when a face arrives.
  let preflight: Preflight | undefined
  let preflightFonts: FontRegistry | undefined
  const last = new Map<string, string>()
  return {
    update(body, inputs) {
      if (preflight === undefined || preflightFonts !== inputs.fonts) {
        preflight = createPreflight({ design, fonts: inputs.fonts })
        preflightFonts = inputs.fonts
        last.clear()
      }
      const analysis = preflight.analyze(body)
      const { front, back, verdict } = renderPreview(analysis, {
        emojiArtwork: inputs.emojiArtwork,
        idPrefix: 'pp-',
        bleed: inputs.guides,
        safeZoneMm: inputs.guides ? SAFE_ZONE_MM : 0,
      })

      const found = new Map<string, { errors: string[]; warnings: Warning[] }>()
      const other = { errors: [] as string[], warnings: [] as Warning[] }
      const slot = (path: string) => {
        const field = fieldOf(path, fields)
        if (field === undefined) return other
        let entry = found.get(field)
        if (!entry) {
          entry = { errors: [], warnings: [] }
          found.set(field, entry)
        }
        return entry
      }
      if (!verdict.ok) {
        for (const [path, messages] of Object.entries(verdict.body.errors)) {
          slot(path).errors.push(...messages)
        }
      }
      for (const warning of verdict.warnings) slot(warning.path).warnings.push(warning)

      const fitErrors = verdict.ok ? undefined : verdict.body.meta?.markdown_fit_errors
      const meters = new Map<string, FitMeter>()
      const remeasured: string[] = []
      for (const analysed of analysis.areas) {
        const area = analysed.element
        const text = body.content?.[area.key] ?? ''
        if (last.get(area.key) !== text) {
          last.set(area.key, text)
          remeasured.push(area.key)
        }
        // The analysis holds the meter of every text it laid out; an absent text is empty.
        const measurement = analysed.fit ?? preflight.measureFit(area.key, text)
        const error = fitErrors?.find((item) => item.key === area.key)
        meters.set(area.key, {
          key: area.key,
          fits: measurement.fits,
          used: measurement.fits
            ? Math.min(1, measurement.measured_height_mm / Math.max(area.height_mm, 1e-9))
            : 1,
          text: describeFit(measurement, error),
          measurement,
        })
      }
      return {
        analysis,
        verdict,
        front,
        back,
        fields: found,
        other: other.errors.length + other.warnings.length === 0 ? NO_FINDINGS : other,
        meters,
        remeasured,
      }
    },
  }
}
