/**
 * The page's update path, free of the DOM: from the body being typed to everything the page
 * shows (the verdict, each field's messages, each Markdown area's fit meter, the SVG preview of
 * both sides, the recipient block as the post reads it). It runs on every debounced keystroke:
 * one analysis of the body (a `Preflight` per font registry, whose cache keeps the work on
 * unchanged texts and addresses) feeds the verdict, the preview, the fit meters and the address
 * block, so a text is laid out again only when it (or the fonts) changed.
 *
 * @module
 */
import { createMessages, type Messages } from '../src/forms/index.ts'
import {
  createPreflight,
  renderPreview,
  type Design,
  type EmojiArtwork,
  type FitMeasurement,
  type FontRegistry,
  type PostcardAnalysis,
  type Preflight,
  type Verdict,
  type Warning,
} from '../src/index.ts'

/** The messages and warnings the page shows next to one field (or section). */
export interface Findings {
  /**
   * Messages of the 422 body for this field in the page's language (in English word for word
   * the 422's, spec 7.1).
   */
  readonly errors: readonly string[]
  /**
   * Non-blocking findings: emoji outside the pinned set, missing glyphs, a doubtful zip; their
   * `message` in the page's language.
   */
  readonly warnings: readonly Warning[]
}

/** What a Markdown area's fit meter shows. */
export interface FitMeter {
  readonly key: string
  readonly fits: boolean
  /** Share of the area's height the text takes, from 0 to 1 (1 when it overflows). */
  readonly used: number
  /** `3.2 mm left`, or `overflows by 4.1 mm: cut 86 characters` (`noch 3,2 mm frei`...). */
  readonly text: string
  /** `35.2 of 40 mm used, 8 lines`. */
  readonly detail: string
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
  /**
   * The recipient block as the destination's post reads it (`formatAddress`), as the analysis
   * printed it in the design's first address element; empty when the design has none.
   */
  readonly address: readonly string[]
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
  /** The messages of the page's language (`createMessages(locale)`); English by default. */
  readonly messages?: Messages
}

/** Runs updates for one design. */
export interface LiveCheck {
  /** Checks and draws the body; never throws on the body, only for a host misuse (fonts). */
  update(body: FormBody, inputs: LiveInputs): LiveResult
}

/** The usual safe zone of direct-mail printers: keep text 3 mm inside the trim. */
const SAFE_ZONE_MM = 3

const NO_FINDINGS: Findings = { errors: [], warnings: [] }

const ENGLISH = createMessages('en')

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
      const messages = inputs.messages ?? ENGLISH
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
      // The findings as data, worded in the page's language (English: the 422's own words).
      for (const error of analysis.findings.errors) {
        slot(error.path).errors.push(messages.message(error))
      }
      for (const warning of verdict.warnings) {
        slot(warning.path).warnings.push({ ...warning, message: messages.message(warning) })
      }

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
        meters.set(area.key, {
          key: area.key,
          fits: measurement.fits,
          used: measurement.fits
            ? Math.min(1, measurement.measured_height_mm / Math.max(area.height_mm, 1e-9))
            : 1,
          text: messages.fit(measurement, analysed.fitSuggestion),
          detail: messages.fitDetail(measurement),
          measurement,
        })
      }
      const address = [...analysis.sides.front, ...analysis.sides.back].find(
        (element) => element.type === 'address'
      )
      return {
        analysis,
        verdict,
        front,
        back,
        fields: found,
        other: other.errors.length + other.warnings.length === 0 ? NO_FINDINGS : other,
        meters,
        remeasured,
        address: address?.type === 'address' ? address.recipientLines : [],
      }
    },
  }
}
