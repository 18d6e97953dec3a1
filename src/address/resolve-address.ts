/**
 * An address resolved once against its country's postal conventions: what `formatAddress`
 * prints and what the address checks judge, from one reading.
 *
 * @module
 */
import { childOf } from '../schema/read-field.ts'
import { countryConventions, countryName, postalLanguage } from './country-table.ts'
import { INTERNATIONAL_UPPER } from './postal-conventions.ts'
import { readAddress } from './read-address.ts'
import { recognizeCountry } from './recognize-country.ts'
import { splitCity } from './split-city.ts'
import type { AddressParts, FormatAddressOptions, ResolvedAddress } from './types.ts'
import { writePostalCode } from './write-postal-code.ts'

/** Options of {@link resolveAddress}: those of `formatAddress`, `from` read from anything. */
export interface ResolveAddressOptions extends Omit<FormatAddressOptions, 'from'> {
  /** A country value, an address object, or anything else (ignored). */
  readonly from?: unknown
}

/** The parts Google's notation names, as printed, in the order of {@link PART_LETTERS}. */
type Values = readonly string[]

/** The letters of Google's notation that name a part (`%N`, `%Z` …); `%n` is a new line. */
const PART_LETTERS = 'NOADCSZX'

/**
 * Resolves an address: recognises its country and the origin's, splits a state off the city,
 * writes the postal code as the post does and lays the parts out in the destination's order,
 * ending with the country line on international mail. Never throws on any input.
 *
 * @param address An address object (anything: missing or mistyped fields are left out).
 * @param options The origin (`from`) and the country line's language (`locale`).
 * @param recognize How country values are recognised: {@link recognizeCountry}, or a caller's
 *   memo of it (the sender and the recipient of a card recognise the same two values).
 * @returns The resolved address with its printed lines.
 */
export function resolveAddress(
  address: unknown,
  options: ResolveAddressOptions = {},
  recognize: (country: string) => string | undefined = recognizeCountry
): ResolvedAddress {
  const parts = readAddress(address)
  const country = parts.country === '' ? undefined : recognize(parts.country)
  const fromCountry = originValue(options.from)
  const origin = fromCountry === '' ? country : recognize(fromCountry)
  // An origin we cannot read still means the card may cross a border: print the country line
  // unless both values are the same text.
  const international =
    parts.country !== '' &&
    fromCountry !== '' &&
    (country !== undefined && origin !== undefined
      ? origin !== country
      : fromCountry.toLowerCase() !== parts.country.toLowerCase())
  const conventions = countryConventions(country)
  const { locality, state } = splitCity(parts.city, country)
  const zip = writePostalCode(parts.zip, conventions)
  // Only the city, state and postal code are ever upper-cased: street lines and names as sent.
  const upper = international ? conventions.upper + INTERNATIONAL_UPPER : conventions.upper
  // `%N %O %A %D %C %S %Z %X`, as PART_LETTERS orders them.
  const values: Values = [
    join(parts.first_name, parts.last_name),
    parts.company,
    join(parts.address_line1, parts.address_line2, '\n'),
    '',
    upper.includes('C') ? locality.toUpperCase() : locality,
    upper.includes('S') ? state.toUpperCase() : state,
    upper.includes('Z') ? zip.toUpperCase() : zip,
    '',
  ]
  const lines: string[] = []
  for (const template of conventions.lines) {
    const line = fillLine(template, values)
    // Only the street part holds a line break (between `address_line1` and `address_line2`).
    if (line.includes('\n')) for (const part of line.split('\n')) lines.push(part)
    else if (line !== '') lines.push(line)
  }
  if (international) lines.push(countryLine(parts, country, options.locale, origin))
  return { parts, country, origin, international, conventions, locality, state, zip, lines }
}

// The origin's country value, trimmed (`''` when none is given).
function originValue(from: unknown): string {
  const value = typeof from === 'string' ? from : childOf(from, 'country')
  return typeof value === 'string' ? value.trim() : ''
}

// The line of a template with its parts filled in. A literal between parts is printed only
// between two printed parts (of several, the last), so `%C, %S %Z` without a state reads
// `NEW YORK 10001`; a line of literals alone (`GIBRALTAR`) stays.
function fillLine(template: string, values: Values): string {
  if (!template.includes('%')) return template
  let line = ''
  let printed = false
  let pending = ''
  let at = 0
  // A scan for `%` (no regular expression): this runs for every line of every address.
  for (let index = template.indexOf('%'); index !== -1; index = template.indexOf('%', index + 1)) {
    const letter = template.charAt(index + 1)
    const slot = letter === '' ? -1 : PART_LETTERS.indexOf(letter)
    if (slot < 0) continue
    const literal = template.slice(at, index)
    at = index + 2
    if (literal !== '') pending = literal
    const value = values[slot] ?? ''
    if (value === '') continue
    line += printed ? pending : leading(template, index, pending)
    line += value
    printed = true
    pending = ''
  }
  const trailing = template.slice(at)
  if (printed && trailing !== '') line += trailing
  return line.trim()
}

// A literal before the first printed part: kept only when it opens the template (`〒%Z`).
function leading(template: string, index: number, literal: string): string {
  return index === literal.length && template.startsWith(literal) ? literal : ''
}

function countryLine(
  parts: AddressParts,
  country: string | undefined,
  locale: string | undefined,
  origin: string | undefined
): string {
  if (country === undefined) return parts.country.toUpperCase()
  // The origin's postal language; English (a UPU working language) when the origin is unknown.
  const language = languageOf(locale) ?? (origin === undefined ? 'en' : postalLanguage(origin))
  const name = countryName(country, language)
  try {
    return name.toLocaleUpperCase(language)
  } catch {
    return name.toUpperCase()
  }
}

function languageOf(locale: string | undefined): string | undefined {
  if (typeof locale !== 'string') return undefined
  const language = (locale.split(/[-_]/, 1)[0] ?? '').toLowerCase()
  return /^[a-z]{2,3}$/.test(language) ? language : undefined
}

function join(first: string, second: string, separator = ' '): string {
  return first === '' ? second : second === '' ? first : `${first}${separator}${second}`
}
