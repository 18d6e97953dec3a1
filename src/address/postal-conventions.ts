/**
 * What the posts themselves publish on top of Google's address data: one home for every
 * country-specific rule of formatting and checking, each with the publication it comes from.
 *
 * @module
 */

/** A change of a country's layout, as its post asks for it. */
export interface LayoutOverride {
  /** The lines in Google's notation, top to bottom, without the country line. */
  readonly lines: readonly string[]
  /** Parts in capitals (`C` city, `S` state, `Z` postal code). */
  readonly upper?: string
}

/**
 * Layouts where the post's own guidance differs from Google's data:
 *
 * - DE: Deutsche Post, "Briefumschlag richtig beschriften": the company above the person
 *   (`Franz Fröhlich AG` / `Einkauf, Herr Schulz` / … / `53225 Bonn`).
 * - BE: bpost, "How to compose an address?": the person, then the organisation.
 * - IT: Poste Italiane, "Composizione indirizzi": the company (`ASSICURAZIONI INA`), then the
 *   person (`C.A. MARIO ROSSI`); the province's code after the town (`56122 PISA PI`).
 * - NL: PostNL, "Addressing tips": "The numbers and letters of the postcode are separated by a
 *   single space. Postcode and city / town are separated by a double space. The name of the
 *   city / town should be written in capitals." (`1016 GV  AMSTERDAM`)
 * - IE: UPU, "Postal addressing systems in member countries: Ireland" (An Post): town, county
 *   and Eircode each on a line, in capitals (`MACROOM` / `CO. CORK` / `T37 F8HK`).
 * - US: USPS Publication 28, section 22 and appendix A: city, state and ZIP Code on one line
 *   without punctuation, in capitals (`WASHINGTON DC 20260-3436`).
 */
export const LAYOUT_OVERRIDES: Readonly<Record<string, LayoutOverride>> = {
  DE: { lines: ['%O', '%N', '%A', '%Z %C'] },
  BE: { lines: ['%N', '%O', '%A', '%Z %C'] },
  IT: { lines: ['%O', '%N', '%A', '%Z %C %S'] },
  NL: { lines: ['%O', '%N', '%A', '%Z  %C'], upper: 'CZ' },
  IE: { lines: ['%N', '%O', '%A', '%D', '%C', '%S', '%Z'], upper: 'CSZ' },
  US: { lines: ['%N', '%O', '%A', '%C %S %Z'], upper: 'CSZ' },
}

/**
 * Parts printed in capitals on international mail, whatever the destination: the destination
 * town. Deutsche Post ("Auslandsanschriften"): "den Namen des Bestimmungsortes in lateinischen
 * Großbuchstaben"; Poste Italiane and La Poste write the same in their foreign examples
 * (`75012 PARIS`).
 */
export const INTERNATIONAL_UPPER = 'C'

/**
 * The language of the country line when the card is posted in a country, where the post says
 * something other than its country's main language. Swiss Post ("Addressing items correctly",
 * post.ch): "We recommend that you write out the destination country in French or English on
 * the last address line." Deutsche Post asks for German, French or English, PostNL's own
 * examples are Dutch: the main language (CLDR) is used for them and every other origin.
 */
export const ORIGIN_LANGUAGE_OVERRIDES: Readonly<Record<string, string>> = {
  CH: 'fr',
}

/** A rule on the values of a country's postal codes beyond their layout. */
export interface PostalCodeRange {
  /** Matches every code of the range (tested on the code as the post writes it). */
  readonly pattern: RegExp
  /** The lowest code the post issues, as it writes it (`01001`). */
  readonly lowest: string
  /** The highest, when the range has one the messages name (`99998`). */
  readonly highest?: string
  /** Letter pairs the post never uses (PostNL: `SA`, `SD`, `SS`). */
  readonly excludedLetters?: readonly string[]
}

/**
 * Ranges of postal codes where Google's pattern admits codes the post never issues:
 *
 * - DE: Deutsche Post's codes run from 01001 to 99998 (no code starts with `00`).
 * - AT, CH, LI: Österreichische Post and Swiss Post codes run from 1000 (no leading zero).
 * - NL: PostNL codes run from 1000 and never use the letters SA, SD or SS.
 */
export const POSTAL_CODE_RANGES: Readonly<Record<string, PostalCodeRange>> = {
  DE: { pattern: /^(?!00)\d{5}$/, lowest: '01001', highest: '99998' },
  AT: { pattern: /^[1-9]\d{3}$/, lowest: '1010', highest: '9992' },
  CH: { pattern: /^[1-9]\d{3}$/, lowest: '1000', highest: '9658' },
  NL: {
    pattern: /^[1-9]\d{3} (?!S[ADS])[A-Z]{2}$/,
    lowest: '1000',
    excludedLetters: ['SA', 'SD', 'SS'],
  },
}

/**
 * A range in the words of the service's English messages: `from 01001 to 99998`, `from 1000
 * on, without the letters SA, SD and SS`.
 *
 * @param range The range's bounds (as a `zip-range` warning's data carries them).
 * @returns The words.
 */
export function describeRangeInEnglish(range: {
  readonly lowest: string
  readonly highest?: string | undefined
  readonly excludedLetters?: readonly string[] | undefined
}): string {
  const { lowest, highest, excludedLetters = [] } = range
  let words = highest === undefined ? `from ${lowest} on` : `from ${lowest} to ${highest}`
  if (excludedLetters.length > 0) {
    const last = excludedLetters[excludedLetters.length - 1] ?? ''
    const others = excludedLetters.slice(0, -1)
    words += `, without the letters ${others.length > 0 ? `${others.join(', ')} and ${last}` : last}`
  }
  return words
}

/**
 * Common names of countries that are neither ISO codes nor CLDR's names, lower case, without
 * accents: `UK` and `USA` are what people type.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  grossbritannien: 'GB',
  engeland: 'GB',
  usa: 'US',
  'united states of america': 'US',
  'vereinigte staaten von amerika': 'US',
  'verenigde staten van amerika': 'US',
  'etats unis d amerique': 'US',
  amerika: 'US',
  holland: 'NL',
  // The stated destinations (spec 1) in English, German, Dutch and French, also for an engine
  // without region names in those languages (the others' names come from the engine).
  germany: 'DE',
  deutschland: 'DE',
  duitsland: 'DE',
  allemagne: 'DE',
  austria: 'AT',
  osterreich: 'AT',
  oostenrijk: 'AT',
  autriche: 'AT',
  switzerland: 'CH',
  schweiz: 'CH',
  zwitserland: 'CH',
  suisse: 'CH',
  netherlands: 'NL',
  niederlande: 'NL',
  nederland: 'NL',
  'pays bas': 'NL',
  // Names Node and Chromium give differently (CLDR's full names and the short ones)
  'hong kong': 'HK',
  hongkong: 'HK',
  'hong kong sar china': 'HK',
  macao: 'MO',
  macau: 'MO',
  'macao sar china': 'MO',
  palestine: 'PS',
  'palestinian territories': 'PS',
  'falkland islands': 'FK',
  'iles malouines': 'FK',
  'the netherlands': 'NL',
  'die niederlande': 'NL',
  'les pays bas': 'NL',
  'the czech republic': 'CZ',
  'czech republic': 'CZ',
  'tschechische republik': 'CZ',
  'republique tcheque': 'CZ',
  'tsjechische republiek': 'CZ',
  'schweizerische eidgenossenschaft': 'CH',
  'confederation suisse': 'CH',
  svizzera: 'CH',
  svizra: 'CH',
}

/**
 * ISO 3166-1 alpha-3 codes of the destinations the service delivers to (spec 1), which people
 * send as often as the alpha-2 codes (`DEU`).
 */
export const ALPHA3_CODES: Readonly<Record<string, string>> = {
  DEU: 'DE',
  AUT: 'AT',
  CHE: 'CH',
  NLD: 'NL',
  BEL: 'BE',
  BGR: 'BG',
  CYP: 'CY',
  CZE: 'CZ',
  DNK: 'DK',
  EST: 'EE',
  ESP: 'ES',
  FIN: 'FI',
  FRA: 'FR',
  GRC: 'GR',
  HRV: 'HR',
  HUN: 'HU',
  IRL: 'IE',
  ITA: 'IT',
  LTU: 'LT',
  LUX: 'LU',
  LVA: 'LV',
  MLT: 'MT',
  POL: 'PL',
  PRT: 'PT',
  ROU: 'RO',
  SWE: 'SE',
  SVN: 'SI',
  SVK: 'SK',
  GBR: 'GB',
  USA: 'US',
  LIE: 'LI',
  NOR: 'NO',
  ISL: 'IS',
}
