import { describe, expect, test } from 'vitest'
import {
  COUNTRY_NAMES,
  FORMAT_CODES,
  SERVED_COUNTRIES,
} from '../../src/address/address-data.generated.ts'
import {
  countryName,
  postalLanguage,
  RECOGNISED_LANGUAGES,
} from '../../src/address/country-table.ts'
import recorded from '../fixtures/country-names.json' with { type: 'json' }

/**
 * The country line names the destination in the origin's postal language (or the `locale`
 * asked for). The core asks the running engine's `Intl.DisplayNames` for it, but for the names
 * pinned at build time (scripts/build-address-data.js) in the languages an engine lacks.
 * `test/fixtures/country-names.json` records Node's CLDR names of the destinations (spec 1) in every language
 * the core prints them in: the languages `country` values are recognised in and the postal
 * language of every origin of the data. Node keeps the record current (`UPDATE=1` rewrites it);
 * in Chromium (Debian's 156) every name the core prints must be the recorded one, or Node and
 * the browser would print another country line. Chromium's trimmed ICU has no Icelandic and no
 * Maltese names (it answers in English): those are the names pinned.
 */
const names = recorded as Readonly<Record<string, Readonly<Record<string, string>>>>

const inBrowser = typeof window !== 'undefined'

/** Every language the core prints a country line in, sorted. */
const LANGUAGES: readonly string[] = [
  ...new Set([...RECOGNISED_LANGUAGES, ...FORMAT_CODES.map((code) => postalLanguage(code))]),
].sort()

/** The engine's name, or the English one where it has none (as the core prints it). */
function engineName(code: string, language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code)
  return name ?? new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code
}

function engineTable(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(SERVED_COUNTRIES.map((code) => [code, engineName(code, language)])),
    ])
  )
}

describe('the country names of the country line', () => {
  test.runIf(!inBrowser)('should be recorded as this Node’s CLDR writes them', async () => {
    const table = engineTable()
    if ('UPDATE' in process.env) {
      const { writeFile } = await import('node:fs/promises')
      const fixture = new URL('../fixtures/country-names.json', import.meta.url)
      await writeFile(fixture, JSON.stringify(table, null, 1) + '\n')
    }
    expect(Object.keys(names)).toEqual(LANGUAGES)
    expect(names).toEqual(table)
  })

  test('should be the recorded names in this engine too', () => {
    const printed = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        Object.fromEntries(SERVED_COUNTRIES.map((code) => [code, countryName(code, language)])),
      ])
    )
    expect(printed).toEqual(names)
  })

  test('should pin only the names the engine lacks: Icelandic and Maltese in Chromium', () => {
    const differing: string[] = []
    const table = engineTable()
    for (const language of LANGUAGES)
      for (const code of SERVED_COUNTRIES)
        if (table[language]?.[code] !== names[language]?.[code])
          differing.push(`${language} ${code}`)
    const pinned = ['is', 'mt'].flatMap((language) =>
      SERVED_COUNTRIES.filter((code) => names[language]?.[code] !== names['en']?.[code]).map(
        (code) => `${language} ${code}`
      )
    )
    expect(pinned.length).toBeGreaterThan(50)
    expect(differing).toEqual(inBrowser ? pinned : [])
    expect(Object.keys(COUNTRY_NAMES)).toEqual(['is', 'mt'])
  })
})
