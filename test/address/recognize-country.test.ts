import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { foldName, recognizeCountry } from '../../src/address/recognize-country.ts'

describe('recognizeCountry', () => {
  test.each([
    ['DE', 'DE'],
    [' de ', 'DE'],
    ['DEU', 'DE'],
    ['gbr', 'GB'],
    ['Germany', 'DE'],
    ['Deutschland', 'DE'],
    ['Duitsland', 'DE'],
    ['Allemagne', 'DE'],
    ['ÖSTERREICH', 'AT'],
    ['oesterreich', undefined],
    ['Schweiz', 'CH'],
    ['Zwitserland', 'CH'],
    ['Suisse', 'CH'],
    ['Svizzera', 'CH'],
    ['Nederland', 'NL'],
    ['Pays-Bas', 'NL'],
    ['pays bas', 'NL'],
    ['Holland', 'NL'],
    ['Vereinigtes Königreich', 'GB'],
    ['Royaume-Uni', 'GB'],
    ['Verenigd Koninkrijk', 'GB'],
    ['UK', 'GB'],
    ['United States', 'US'],
    ['USA', 'US'],
    ['Vereinigte Staaten', 'US'],
    ['États-Unis', 'US'],
    ['etats unis', 'US'],
    ['Côte d’Ivoire', 'CI'],
    ["cote d'ivoire", 'CI'],
    ['Belgique', 'BE'],
    ['België', 'BE'],
    ['Belgie', 'BE'],
    ['Tschechien', 'CZ'],
    ['Czech Republic', 'CZ'],
    ['Japan', 'JP'],
    ['Germoney', undefined],
    ['', undefined],
    ['EU', undefined],
    ['ZZ', undefined],
    ['D', undefined],
  ])('should read %j as %j', (value, code) => {
    expect(recognizeCountry(value)).toBe(code)
  })

  test('should fold accents, case and punctuation', () => {
    expect(foldName('  Côte d’Ivoire ')).toBe('cote d ivoire')
    expect(foldName('São Tomé & Príncipe')).toBe('sao tome principe')
  })

  test('should never throw, whatever the value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (value) => {
        const code = recognizeCountry(value)
        expect(code === undefined || /^[A-Z]{2}$/.test(code)).toBe(true)
      })
    )
  })
})
