/**
 * `createMessages`: messages for people in English, German, Dutch or French, worded from the
 * findings' codes and data (one catalogue per language). Codes, paths and data never change
 * with the language, and the 422 body stays the service's English.
 *
 * @module
 */
import type { FitSuggestion } from '../layout/check-fit.ts'
import type { FitMeasurement } from '../layout/measure-fit.ts'
import type { FieldError, Warning } from '../verdict/types.ts'
import { findingData, MissingData, type Catalogue, type Entry } from './catalogue.ts'
import { de } from './catalogue-de.ts'
import { en } from './catalogue-en.ts'
import { fr } from './catalogue-fr.ts'
import { nl } from './catalogue-nl.ts'
import { createFormatter, type Formatter } from './formatter.ts'
import { resolveLocale, type Locale } from './locale.ts'

const CATALOGUES: Readonly<Record<Locale, Catalogue>> = { en, de, nl, fr }

/** Messages in one language. */
export interface Messages {
  /** The language of the catalogue. */
  readonly locale: Locale
  /** The BCP 47 tag numbers are formatted with (`de-AT`, `fr-CH`; always `en` for English). */
  readonly tag: string
  /**
   * A field error or a warning in this language, from its `code`, `path` and `data`. A finding
   * whose code the catalogue does not know (a rule of a later version), or whose data lacks what
   * the message needs, keeps its own English `message`.
   *
   * @param finding A `FieldError` (`analysis.findings.errors`) or a `Warning`.
   * @returns The message.
   */
  message(finding: FieldError | Warning): string
  /**
   * What a fit meter shows: `3.2 mm left`, `overflows by 4.1 mm: cut 86 characters`, `too wide
   * by 2.3 mm`. Space left is rounded down to 0.1 mm and an overflow up, so the meter never
   * promises room that is not there.
   *
   * @param measurement The measurement (`area.fit`, `preflight.measureFit(key, text)`).
   * @param suggestion The fit error's suggestion (`area.fitSuggestion`), for the cut.
   * @returns The meter's text.
   */
  fit(measurement: FitMeasurement, suggestion?: Pick<FitSuggestion, 'characters'>): string
  /**
   * The meter's detail: `35.2 of 40 mm used, 8 lines`.
   *
   * @param measurement The measurement.
   * @returns The detail.
   */
  fitDetail(measurement: FitMeasurement): string
  /** The numbers of this locale, for a host's own texts (`3,2 mm`, `20.000`). */
  readonly format: Formatter
}

/** Tenths of a millimetre, rounded towards the safe side (at least 0.1 mm over). */
function tenths(value: number, direction: 'down' | 'up'): number {
  const rounded =
    direction === 'down' ? Math.floor(value * 10 + 1e-9) : Math.ceil(value * 10 - 1e-9)
  return Math.max(direction === 'up' ? 1 : 0, rounded) / 10
}

/**
 * Creates the messages of a locale: made once (it holds its `Intl` formatters) and kept, like a
 * `Preflight`. English words findings exactly as the 422 body does.
 *
 * @param locale A BCP 47 tag (`de`, `de-AT`, `fr-CH`), a list of them tried in order (such as
 *   `navigator.languages`), or nothing for English. A language without a catalogue falls back
 *   to English, as `Intl` falls back to its default locale.
 * @returns The messages.
 * @throws {LocaleError} For a value that is not a BCP 47 tag (host misuse).
 * @example
 * ```ts
 * const messages = createMessages('de-AT')
 * for (const error of analysis.findings.errors) console.log(error.path, messages.message(error))
 * meter.textContent = messages.fit(area.fit, area.fitSuggestion) // "noch 3,2 mm frei"
 * ```
 */
export function createMessages(locale?: string | readonly string[]): Messages {
  const resolved = resolveLocale(locale)
  const catalogue = CATALOGUES[resolved.language]
  const format = createFormatter(resolved)
  const word = <Finding extends FieldError | Warning>(
    entry: Entry<Finding> | undefined,
    finding: Finding
  ): string => {
    if (entry === undefined) return finding.message
    try {
      return entry(finding, findingData(finding.data), format)
    } catch (error) {
      if (error instanceof MissingData) return finding.message
      throw error
    }
  }
  const lookup = <Finding>(
    table: Readonly<Record<string, Entry<Finding>>>,
    code: string
  ): Entry<Finding> | undefined => (Object.hasOwn(table, code) ? table[code] : undefined)
  return Object.freeze({
    locale: resolved.language,
    tag: resolved.tag,
    format,
    message(finding: FieldError | Warning): string {
      const error = lookup(catalogue.errors, finding.code)
      if (error) return word(error, finding)
      return word(lookup(catalogue.warnings, finding.code), finding)
    },
    fit(measurement: FitMeasurement, suggestion?: Pick<FitSuggestion, 'characters'>): string {
      const words = catalogue.fit
      if (measurement.fits)
        return words.left(format.mmFixed(tenths(measurement.remaining_mm, 'down')))
      const cut = suggestion === undefined ? '' : words.cut(suggestion.characters, format)
      if (measurement.overflow_mm > 0) {
        return `${words.overflows(format.mmFixed(tenths(measurement.overflow_mm, 'up')))}${cut}`
      }
      return `${words.tooWide(format.mmFixed(tenths(measurement.width_overflow_mm, 'up')))}${cut}`
    },
    fitDetail: (measurement: FitMeasurement) => catalogue.fit.detail(measurement, format),
  })
}
