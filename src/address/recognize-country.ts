/**
 * Recognising the `country` of an address: the spec does not show its format (2.3), so an ISO
 * code or the country's name in English, German, Dutch or French all name a country.
 *
 * @module
 */
import { engineNames, isCountryCode, pinnedNames, RECOGNISED_LANGUAGES } from './country-table.ts'
import { ALPHA3_CODES, COUNTRY_ALIASES } from './postal-conventions.ts'

// Marks left by NFD (accents), and everything that is not a letter or digit.
const MARKS = /\p{M}+/gu
const PUNCTUATION = /[^\p{L}\p{N}]+/gu

/** Names (folded) to codes: the pinned CLDR names, then common aliases. */
const BY_NAME: ReadonlyMap<string, string> = buildNames()

/**
 * The ISO 3166-1 alpha-2 code a `country` value names: an alpha-2 code (`DE`, `de`), the alpha-3
 * code of a destination of the service (`DEU`), or a name in English, German, Dutch or French
 * (`Germany`, `Deutschland`, `Duitsland`, `Allemagne`), ignoring case, accents, punctuation and
 * surrounding spaces; common names such as `UK`, `USA` and `Holland` too.
 *
 * @param country The `country` of an address (anything else than a string names none).
 * @returns The code, or `undefined` when the value names no country we know.
 */
export function recognizeCountry(country: string): string | undefined {
  // A form may hand over what a field holds (`undefined`, a number): it names no country.
  if (typeof country !== 'string') return undefined
  const value = country.trim()
  if (value.length === 2) {
    const code = value.toUpperCase()
    if (isCountryCode(code)) return code
  }
  if (value.length === 3) {
    const code = ALPHA3_CODES[value.toUpperCase()]
    if (code !== undefined) return code
  }
  // Longer than any country's name: not worth folding.
  if (value.length > 64) return undefined
  const folded = foldName(value)
  return BY_NAME.get(folded) ?? engineName(folded)
}

/**
 * The code of a name the data does not pin (a country outside Europe, `Japon`): the engine's
 * names of every country in the recognised languages, compared folded. Slow (about a
 * millisecond), so only for a value no pinned name or alias matched: the destinations and
 * their neighbours are pinned.
 */
function engineName(folded: string): string | undefined {
  // Names start with a letter; a value that does not names none.
  const first = folded.charAt(0)
  if (!/^\p{L}$/u.test(first)) return undefined
  for (const language of RECOGNISED_LANGUAGES) {
    for (const [name, code] of engineNames(language)) {
      // The first letter, case and accents aside, before the whole name is folded.
      if (name.charAt(0).normalize('NFD').charAt(0).toLowerCase() !== first) continue
      if (foldName(name) === folded) return code
    }
  }
  return undefined
}

/**
 * A name folded for comparison: lower case, accents removed, every run of punctuation and
 * spaces one space (`Bosnia & Herzegovina` and `bosnia herzegovina` differ, `Côte d’Ivoire`
 * and `cote d ivoire` do not).
 *
 * @param name A country name.
 * @returns The folded name.
 */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(MARKS, '').toLowerCase().replace(PUNCTUATION, ' ').trim()
}

function buildNames(): ReadonlyMap<string, string> {
  const names = new Map<string, string>()
  // English first: a name another language shares with it keeps the English meaning.
  for (const [name, code] of pinnedNames()) {
    const folded = foldName(name)
    if (!names.has(folded)) names.set(folded, code)
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) names.set(alias, code)
  return names
}
