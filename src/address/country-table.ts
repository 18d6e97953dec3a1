/**
 * The generated address data decoded once into lookups: the conventions of each country, its
 * names, its main language and its subdivisions. Immutable after the module is evaluated.
 *
 * @module
 */
import {
  COUNTRY_CODES,
  COUNTRY_FORMATS,
  COUNTRY_LANGUAGES,
  COUNTRY_NAMES,
  FORMAT_CODES,
  SERVED_COUNTRIES,
  SUBDIVISIONS,
} from './address-data.generated.ts'
import { LAYOUT_OVERRIDES, ORIGIN_LANGUAGE_OVERRIDES } from './postal-conventions.ts'
import type { CountryConventions } from './types.ts'

const INDEX: ReadonlyMap<string, number> = new Map(COUNTRY_CODES.map((code, i) => [code, i]))
const FORMAT_INDEX: ReadonlyMap<string, number> = new Map(FORMAT_CODES.map((code, i) => [code, i]))
const SERVED_INDEX: ReadonlyMap<string, number> = new Map(
  SERVED_COUNTRIES.map((code, i) => [code, i])
)
/** The languages a `country` value is recognised in. */
export const RECOGNISED_LANGUAGES: readonly string[] = Object.freeze(['en', 'de', 'nl', 'fr'])

/**
 * The destinations' names per language, parallel to `SERVED_COUNTRIES` (`''`: the English
 * name): the recognised languages from the engine's `Intl.DisplayNames`, read once when the
 * module is evaluated (Node and Chromium agree on them), and the languages the engines lack,
 * pinned in the data.
 */
const NAME_LISTS: ReadonlyMap<string, readonly string[]> = new Map([
  ...RECOGNISED_LANGUAGES.map(
    (language) => [language, engineList(language, SERVED_COUNTRIES)] as const
  ),
  ...Object.entries(COUNTRY_NAMES).map(([language, list]) => [language, list.split('~')] as const),
])
const ENGLISH: readonly string[] = NAME_LISTS.get('en') ?? []

/**
 * The layout of an address whose country we do not know: the common European order, which
 * every post's sorting reads (name, street, postal code and town).
 */
const GENERIC: CountryConventions = Object.freeze({
  code: '',
  lines: Object.freeze(['%N', '%O', '%A', '%Z %C']),
  required: 'ACZ',
  upper: '',
  zip: undefined,
  zipExamples: Object.freeze([]),
  zipSpaced: false,
})

const CONVENTIONS: ReadonlyMap<string, CountryConventions> = new Map(
  FORMAT_CODES.map((code, i) => [code, decode(code, COUNTRY_FORMATS[i] ?? [])])
)

/**
 * The postal conventions of a country: Google's address data with the posts' own rules
 * ({@link LAYOUT_OVERRIDES}) for the destinations of the service and their European
 * neighbours, or a generic European layout for any other country.
 *
 * @param code An ISO 3166-1 alpha-2 code, upper case, or `undefined`.
 * @returns The conventions (never `undefined`).
 */
export function countryConventions(code: string | undefined): CountryConventions {
  return (code === undefined ? undefined : CONVENTIONS.get(code)) ?? GENERIC
}

/** Whether a code is one of the countries of the data (ISO 3166-1 alpha-2, upper case). */
export function isCountryCode(code: string): boolean {
  return INDEX.has(code)
}

/**
 * A country's name in a language, as CLDR writes it: the running engine's `Intl.DisplayNames`
 * (Node and Chromium agree on every name but for four territories the service does not deliver
 * to), the destinations' names in English, German, Dutch and French read once, those in Icelandic and Maltese
 * pinned (Chromium has none); else the English name, else the code.
 *
 * @param code ISO 3166-1 alpha-2 code of a country of the data.
 * @param language A language subtag, lower case (`de`).
 * @returns The name, as CLDR writes it (not upper-cased).
 */
export function countryName(code: string, language: string): string {
  if (!INDEX.has(code)) return code
  const pinned = pinnedName(code, language)
  if (pinned !== undefined) return pinned
  return displayName(code, language) ?? pinnedName(code, 'en') ?? displayName(code, 'en') ?? code
}

/** A pinned name, or `undefined` when the data has none for the country and language. */
function pinnedName(code: string, language: string): string | undefined {
  const served = SERVED_INDEX.get(code)
  const list = NAME_LISTS.get(language)
  return served !== undefined && list ? list[served] || ENGLISH[served] : undefined
}

/**
 * The destinations' names in the languages `country` values are recognised in (English, German,
 * Dutch and French), with their codes.
 *
 * @returns `[name, code]` pairs, English first.
 */
export function pinnedNames(): readonly (readonly [string, string])[] {
  const pairs: [string, string][] = []
  for (const language of RECOGNISED_LANGUAGES) {
    NAME_LISTS.get(language)?.forEach((name, i) => {
      const code = SERVED_COUNTRIES[i]
      if (name !== '' && code !== undefined) pairs.push([name, code])
    })
  }
  return pairs
}

/**
 * The engine's names of every country of the data in a language (`Intl.DisplayNames`), for the
 * rare value that names no country whose name is pinned. Made on each call: nothing is kept.
 *
 * @param language A language subtag.
 * @returns `[name, code]` pairs; none when the engine has no names for the language.
 */
export function engineNames(language: string): readonly (readonly [string, string])[] {
  const names = engineList(language, COUNTRY_CODES)
  const pairs: [string, string][] = []
  COUNTRY_CODES.forEach((code, i) => {
    const name = names[i]
    if (name) pairs.push([name, code])
  })
  return pairs
}

/** The engine's names of countries in a language, `''` where it has none. */
function engineList(language: string, codes: readonly string[]): string[] {
  let display: Intl.DisplayNames
  try {
    display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
  } catch {
    return codes.map(() => '')
  }
  return codes.map((code) => display.of(code) ?? '')
}

/** Codes of the countries of the data, sorted. */
export function countryCodes(): readonly string[] {
  return COUNTRY_CODES
}

/**
 * The language the post of a country expects on the country line of mail it sends abroad:
 * the post's published choice where it differs ({@link ORIGIN_LANGUAGE_OVERRIDES}), else the
 * country's main language (CLDR likely subtags, for the countries of `FORMAT_CODES`), else
 * English.
 *
 * @param code ISO 3166-1 alpha-2 code.
 * @returns A language subtag such as `de`.
 */
export function postalLanguage(code: string): string {
  return ORIGIN_LANGUAGE_OVERRIDES[code] ?? COUNTRY_LANGUAGES[FORMAT_INDEX.get(code) ?? -1] ?? 'en'
}

/** The states or provinces of a country that addresses name after the city. */
export interface Subdivisions {
  /** Codes as the post writes them (`NY`). */
  readonly keys: readonly string[]
  /** Names, lower case, parallel to `keys` (empty when the data has none). */
  readonly names: readonly string[]
  /** Postal code prefixes of each subdivision, parallel to `keys`. */
  readonly zips: readonly (RegExp | undefined)[]
}

const SUBDIVISION_TABLE: ReadonlyMap<string, Subdivisions> = new Map(
  Object.entries(SUBDIVISIONS).map(([code, [keys = '', names = '', zips = '']]) => [
    code,
    Object.freeze({
      keys: keys.split('~'),
      names: names === '' ? [] : names.toLowerCase().split('~'),
      zips: zips
        .split('~')
        .map((prefix) => (prefix === '' ? undefined : new RegExp(`^(?:${prefix})`))),
    }),
  ])
)

/**
 * The subdivisions of a country whose addresses need them after the city (the US state, the
 * Italian province), from Google's data.
 *
 * @param code ISO 3166-1 alpha-2 code.
 * @returns The subdivisions, or `undefined` for other countries.
 */
export function subdivisionsOf(code: string): Subdivisions | undefined {
  return SUBDIVISION_TABLE.get(code)
}

function decode(code: string, row: readonly string[]): CountryConventions {
  const [format = '', required = '', upper = '', zip = '', examples = '', prefix = ''] = row
  const override = LAYOUT_OVERRIDES[code]
  // The CEPT country prefixes of Google's formats (`CH-`, `SE-`, `FI-`) are left out: Deutsche
  // Post asks for no country prefix or ISO code before the postal code, and the posts' own
  // domestic examples carry none.
  const lines =
    override?.lines ??
    format.split('%n').map((line) => (prefix === '' ? line : line.replace(prefix, '')))
  const zipExamples = examples === '' ? [] : examples.split(',')
  return Object.freeze({
    code,
    lines: Object.freeze(lines),
    required,
    upper: override?.upper ?? upper,
    zip: zip === '' ? undefined : new RegExp(`^(?:${zip})$`),
    zipExamples: Object.freeze(zipExamples),
    zipSpaced: zipExamples[0]?.includes(' ') ?? false,
  })
}

function displayName(code: string, language: string): string | undefined {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code)
  } catch {
    return undefined
  }
}
