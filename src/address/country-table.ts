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
const NAME_LISTS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(COUNTRY_NAMES).map(([language, list]) => [language, list.split('~')])
)
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
 * A country's name in a language: pinned CLDR names for English, German, Dutch and French (every
 * country) and the EU's other languages (the stated destinations of spec 1, every served country
 * in Maltese), else `Intl.DisplayNames` of the running engine, else the English name.
 *
 * @param code ISO 3166-1 alpha-2 code of a country of the data.
 * @param language A language subtag, lower case (`de`).
 * @returns The name, as CLDR writes it (not upper-cased).
 */
export function countryName(code: string, language: string): string {
  const index = INDEX.get(code)
  if (index === undefined) return code
  const english = ENGLISH[index] ?? code
  const list = NAME_LISTS.get(language)
  if (list && list.length === ENGLISH.length) return list[index] || english
  const served = SERVED_INDEX.get(code)
  // Post languages pin the stated destinations' names (the start of the list), some pin all.
  if (list && served !== undefined && served < list.length) return list[served] || english
  return displayName(code, language) ?? english
}

/** Every pinned name of a country: English, German, Dutch and French. */
export function pinnedNames(): ReadonlyMap<string, readonly string[]> {
  return NAME_LISTS
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
