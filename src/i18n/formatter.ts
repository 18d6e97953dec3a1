/**
 * Numbers, units, counts and lists in the conventions of a locale, with `Intl`: `3,2 mm` in
 * German, `3,2 mm` with a narrow no-break space in French, `20.000 Zeichen`, `a, b oder c`.
 * English follows the service's own messages (no digit grouping, no serial comma), so that the
 * English catalogue gives the 422 messages word for word.
 *
 * @module
 */
import type { ResolvedLocale } from './locale.ts'

/** Formats the numbers of one locale. Made once per `Messages`; it holds its `Intl` objects. */
export interface Formatter {
  /** The tag `Intl` formats with. */
  readonly tag: string
  /** A number with at most `digits` decimals (default 2): `9,5`. */
  number(value: number, digits?: number): string
  /** Millimetres with at most `digits` decimals (default 2): `3,2 mm`. */
  mm(value: number, digits?: number): string
  /** Millimetres with exactly one decimal: `3,0 mm` (the fit meter). */
  mmFixed(value: number): string
  /** Typographic points: `9,5 pt` (spaced like `mm`: `Intl` has no unit for points). */
  pt(value: number): string
  /** A count and its noun in the plural form the number takes: `1 Zeile`, `2 Zeilen`. */
  count(value: number, one: string, other: string): string
  /** Values joined as alternatives: `` `a`, `b` oder `c` ``. */
  or(values: readonly string[]): string
  /** Values joined as a whole: `SA, SD und SS`. */
  and(values: readonly string[]): string
}

/**
 * Creates the formatter of a resolved locale.
 *
 * @param locale The language and tag from `resolveLocale`.
 * @returns The formatter.
 */
export function createFormatter(locale: ResolvedLocale): Formatter {
  const english = locale.language === 'en'
  const tag = locale.tag
  // English: the service prints `20000 characters`; elsewhere from five digits on: `20.000`.
  const grouping = english ? false : ('min2' as const)
  const numbers = new Map<number, Intl.NumberFormat>()
  const numberFormat = (digits: number): Intl.NumberFormat => {
    let format = numbers.get(digits)
    if (!format) {
      format = new Intl.NumberFormat(tag, { maximumFractionDigits: digits, useGrouping: grouping })
      numbers.set(digits, format)
    }
    return format
  }
  const unitFormat = (digits: number, fixed: boolean) =>
    new Intl.NumberFormat(tag, {
      style: 'unit',
      unit: 'millimeter',
      unitDisplay: 'short',
      maximumFractionDigits: digits,
      ...(fixed ? { minimumFractionDigits: digits } : {}),
      useGrouping: grouping,
    })
  const millimetres = new Map<number, Intl.NumberFormat>()
  const mmFormat = (digits: number): Intl.NumberFormat => {
    let format = millimetres.get(digits)
    if (!format) {
      format = unitFormat(digits, false)
      millimetres.set(digits, format)
    }
    return format
  }
  const mmFixedFormat = unitFormat(1, true)
  const plural = new Intl.PluralRules(tag)
  const alternatives = new Intl.ListFormat(english ? 'en-GB' : tag, { type: 'disjunction' })
  const whole = new Intl.ListFormat(english ? 'en-GB' : tag, { type: 'conjunction' })
  return Object.freeze({
    tag,
    number: (value: number, digits = 2) => numberFormat(digits).format(value),
    mm: (value: number, digits = 2) => mmFormat(digits).format(value),
    mmFixed: (value: number) => mmFixedFormat.format(value),
    pt(value: number): string {
      // The spacing of the locale's units (a narrow no-break space in French), with `pt`.
      return mmFormat(2)
        .formatToParts(value)
        .map((part) => (part.type === 'unit' ? 'pt' : part.value))
        .join('')
    },
    count: (value: number, one: string, other: string) =>
      `${numberFormat(0).format(value)} ${plural.select(value) === 'one' ? one : other}`,
    or: (values: readonly string[]) => alternatives.format(values),
    and: (values: readonly string[]) => whole.format(values),
  })
}
