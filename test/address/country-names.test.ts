import { describe, expect, test } from 'vitest'
import { COUNTRY_NAMES, SERVED_COUNTRIES } from '../../src/address/address-data.generated.ts'
import { countryCodes, countryName } from '../../src/address/country-table.ts'

/**
 * The country names are pinned at build time from Node's CLDR (scripts/build-address-data.js)
 * so every engine prints the same country line. This compares them with the running engine's
 * own `Intl.DisplayNames`: in Node they must agree; in Chromium (Debian's 156) the names that
 * differ are the reason for pinning, and are listed here: Chromium's trimmed ICU has no Maltese
 * names at all (it answers in English), and names four territories differently.
 */
const DIFFERENCES_IN_CHROMIUM: readonly string[] = [
  'en FK: pinned Falkland Islands, engine Falkland Islands (Islas Malvinas)',
  'en HK: pinned Hong Kong SAR China, engine Hong Kong',
  'en MO: pinned Macao SAR China, engine Macao',
  'en PS: pinned Palestinian Territories, engine Palestine',
  'de FK: pinned Falklandinseln, engine Falklandinseln (Malwinen)',
  'de HK: pinned Sonderverwaltungsregion Hongkong, engine Hongkong',
  'de MO: pinned Sonderverwaltungsregion Macau, engine Macau',
  'de PS: pinned Palästinensische Autonomiegebiete, engine Palästina',
  'nl FK: pinned Falklandeilanden, engine Falklandeilanden (Islas Malvinas)',
  'nl HK: pinned Hongkong SAR van China, engine Hongkong',
  'nl MO: pinned Macau SAR van China, engine Macau',
  'nl PS: pinned Palestijnse gebieden, engine Palestina',
  'fr FK: pinned Îles Malouines, engine Îles Malouines (Îles Falkland)',
  'fr HK: pinned R.A.S. chinoise de Hong Kong, engine Hong Kong',
  'fr MO: pinned R.A.S. chinoise de Macao, engine Macao',
  'fr PS: pinned Territoires palestiniens, engine Palestine',
  ...['DE', 'AT', 'CH', 'NL', 'BE', 'BG', 'CY', 'CZ', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR']
    .concat(['HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'GB', 'US'])
    .map((code) => maltese(code)),
]

/** A Maltese name Chromium does not have: it answers with the English one. */
function maltese(code: string): string {
  const english = new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code
  return `mt ${code}: pinned ${countryName(code, 'mt')}, engine ${english}`
}

function differences(): string[] {
  const found: string[] = []
  for (const language of Object.keys(COUNTRY_NAMES)) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
    const codes = ['en', 'de', 'nl', 'fr'].includes(language) ? countryCodes() : SERVED_COUNTRIES
    for (const code of codes) {
      const engine = display.of(code)
      const pinned = countryName(code, language)
      if (engine !== pinned) found.push(`${language} ${code}: pinned ${pinned}, engine ${engine}`)
    }
  }
  return found
}

describe('pinned country names', () => {
  test('should match this engine’s Intl.DisplayNames, but for the listed differences', () => {
    const inBrowser = typeof window !== 'undefined'
    expect(differences()).toEqual(inBrowser ? DIFFERENCES_IN_CHROMIUM : [])
  })
})
