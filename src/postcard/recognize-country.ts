/**
 * The destination countries the spec states (spec 1): Germany, Austria, Switzerland and the
 * Netherlands, recognised by code or name, since the format of `country` is not shown (2.3).
 *
 * @module
 */

/** A stated destination country and the shape of its postal codes. */
export interface StatedCountry {
  /** ISO 3166-1 alpha-2 code. */
  readonly code: 'DE' | 'AT' | 'CH' | 'NL'
  /** English name, used in messages. */
  readonly name: string
  /** Lower-case spellings that mean it: codes (alpha-2, alpha-3) and names. */
  readonly aliases: readonly string[]
  /** The postal code layout. */
  readonly zip: RegExp
  /** The layout in words, for messages. */
  readonly zipLayout: string
  /** A real postal code of the capital, for messages. */
  readonly zipExample: string
}

/**
 * The four stated countries with their postal code layouts (Deutsche Post, Österreichische Post,
 * Swiss Post and PostNL formats).
 */
export const STATED_COUNTRIES: readonly StatedCountry[] = [
  {
    code: 'DE',
    name: 'Germany',
    aliases: ['de', 'deu', 'germany', 'deutschland'],
    zip: /^\d{5}$/,
    zipLayout: '5 digits',
    zipExample: '10115',
  },
  {
    code: 'AT',
    name: 'Austria',
    aliases: ['at', 'aut', 'austria', 'österreich', 'oesterreich'],
    zip: /^[1-9]\d{3}$/,
    zipLayout: '4 digits',
    zipExample: '1010',
  },
  {
    code: 'CH',
    name: 'Switzerland',
    aliases: ['ch', 'che', 'switzerland', 'schweiz', 'suisse', 'svizzera', 'svizra'],
    zip: /^[1-9]\d{3}$/,
    zipLayout: '4 digits',
    zipExample: '3011',
  },
  {
    code: 'NL',
    name: 'the Netherlands',
    aliases: ['nl', 'nld', 'netherlands', 'the netherlands', 'nederland', 'holland'],
    zip: /^[1-9]\d{3} ?[a-z]{2}$/i,
    zipLayout: '4 digits and 2 letters',
    zipExample: '1012 AB',
  },
]

/**
 * The stated country a `country` value names, if any: `DE`, `deu`, `Germany` and `Deutschland`
 * all name Germany (case and surrounding spaces ignored).
 *
 * @param country The `country` of an address.
 * @returns The country, or `undefined` for any other value.
 */
export function recognizeCountry(country: string): StatedCountry | undefined {
  const name = country.trim().toLowerCase()
  return STATED_COUNTRIES.find((candidate) => candidate.aliases.includes(name))
}
