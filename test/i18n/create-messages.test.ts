/**
 * Messages for people in English, German, Dutch and French, from the findings' codes and data.
 * English rebuilt from the data must equal every rule's own message (which proves the data holds
 * all a message needs); the other languages are asserted word for word. The same assertions run
 * in Node and in Chromium, so both `Intl`s must agree on every number, unit and list.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import type { FitMeasurement } from '../../src/layout/measure-fit.ts'
import { findingData, MissingData, type Catalogue } from '../../src/i18n/catalogue.ts'
import { de } from '../../src/i18n/catalogue-de.ts'
import { en } from '../../src/i18n/catalogue-en.ts'
import { fr } from '../../src/i18n/catalogue-fr.ts'
import { nl } from '../../src/i18n/catalogue-nl.ts'
import { createMessages } from '../../src/i18n/create-messages.ts'
import { createFormatter } from '../../src/i18n/formatter.ts'
import { LocaleError, resolveLocale, type Locale } from '../../src/i18n/locale.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FieldError, Warning } from '../../src/verdict/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { EXPECTED_MESSAGES } from './expected-messages.ts'
import { findingCorpus, type CorpusEntry } from './finding-corpus.ts'

const CATALOGUES: Record<Locale, Catalogue> = { en, de, nl, fr }
const OTHER_LOCALES = ['de', 'nl', 'fr'] as const

let corpus: CorpusEntry[]

beforeAll(async () => {
  corpus = findingCorpus(createFontRegistry(await loadTestFonts()))
})

describe('the catalogues', () => {
  test('should word every finding in English exactly as its rule did', () => {
    const messages = createMessages('en')
    for (const { name, finding } of corpus) {
      expect(messages.message(finding), name).toBe(finding.message)
    }
  })

  test('should word every finding in German, Dutch and French, word for word', () => {
    const messages = OTHER_LOCALES.map((locale) => [locale, createMessages(locale)] as const)
    expect(Object.keys(EXPECTED_MESSAGES).sort()).toEqual(corpus.map(({ name }) => name).sort())
    for (const { name, finding } of corpus) {
      for (const [locale, words] of messages) {
        expect(words.message(finding), `${name} (${locale})`).toBe(
          EXPECTED_MESSAGES[name]?.[locale]
        )
      }
    }
  })

  test('should have an entry, fed by the data, for every code of the corpus in every language', () => {
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      const format = createFormatter(resolveLocale(locale))
      for (const { name, finding } of corpus) {
        const entry = catalogue.errors[finding.code] ?? catalogue.warnings[finding.code]
        expect(entry, `${locale}: ${name}`).toBeDefined()
        // A missing member of the data would throw MissingData (and fall back to English).
        expect(() => entry?.(finding as never, findingData(finding.data), format)).not.toThrow()
      }
    }
  })

  test('should know the same codes in every language, each code as an error or a warning', () => {
    const keys = (catalogue: Catalogue) => ({
      errors: Object.keys(catalogue.errors).sort(),
      warnings: Object.keys(catalogue.warnings).sort(),
    })
    for (const catalogue of [de, nl, fr]) expect(keys(catalogue)).toEqual(keys(en))
    const { errors, warnings } = keys(en)
    expect(errors.filter((code) => warnings.includes(code))).toEqual([])
  })

  test.each([
    [
      'invalid',
      { path: 'to.zip', code: 'invalid', message: 'The to.zip field is invalid.', rule: 'x' },
      [
        'The to.zip field is invalid.',
        'Das Feld to.zip ist ungültig.',
        'Het veld to.zip is ongeldig.',
        'Le champ to.zip n’est pas valide.',
      ],
    ],
    [
      'an empty URL',
      {
        path: 'qr_codes.coupon_url',
        code: 'url',
        message:
          'Unexpected empty value, expected a complete http(s) URL such as `https://example.com/coupon`.',
        data: { problem: 'empty', example: 'https://example.com/coupon' },
        rule: 'qr-urls',
      },
      [
        'Unexpected empty value, expected a complete http(s) URL such as `https://example.com/coupon`.',
        'Unerwarteter leerer Wert, erwartet eine vollständige http(s)-URL wie `https://example.com/coupon`.',
        'Onverwachte lege waarde, verwacht een volledige http(s)-URL zoals `https://example.com/coupon`.',
        'Valeur vide inattendue, une URL http(s) complète est attendue, par exemple `https://example.com/coupon`.',
      ],
    ],
  ] as const)('should word %s in every language', (_, finding, expected) => {
    expect(
      ['en', 'de', 'nl', 'fr'].map((locale) => createMessages(locale).message(finding))
    ).toEqual(expected)
  })

  test('should keep the own message of a finding the catalogue cannot word', () => {
    const messages = createMessages('de')
    const later: Warning = {
      code: 'address-line-too-long',
      path: 'to.address_line1',
      message: 'Unexpected address line, expected at most 35 characters',
      rule: 'address-lines',
    }
    expect(messages.message(later)).toBe(later.message)
    // A known code whose data lacks what the message needs (a finding made by hand).
    const bare: FieldError = {
      path: 'content',
      code: 'max-items',
      message: 'The content field must not have more than 10 items.',
      rule: 'content-keys',
    }
    expect(messages.message(bare)).toBe(bare.message)
    expect(() => findingData({ max: '10' }).number('max')).toThrow(MissingData)
    expect(findingData({}).optionalStrings('excluded_letters')).toBeUndefined()
    expect(() =>
      findingData({ excluded_letters: 'SA' }).optionalStrings('excluded_letters')
    ).toThrow(MissingData)
    // A part of a later version (a county) keeps the rule's English words.
    const county: Warning = {
      code: 'address-part-missing',
      path: 'to.city',
      message: 'Unexpected city `Cork` without a county, expected the county after the city',
      data: { country: 'IE', part: 'county', city: 'Cork', example: 'Cork Co. Cork' },
      rule: 'address-required-parts',
    }
    expect(messages.message(county)).toBe(county.message)
  })
})

describe('the fit meter', () => {
  const measurement = (overrides: Partial<FitMeasurement>): FitMeasurement => ({
    fits: true,
    measured_height_mm: 36.73,
    available_height_mm: 40,
    remaining_mm: 3.27,
    overflow_mm: 0,
    remaining_lines: 1,
    line_count: 8,
    block_count: 2,
    width_overflow_mm: 0,
    ...overrides,
  })
  const fits = measurement({})
  const over = measurement({
    fits: false,
    measured_height_mm: 44.01,
    remaining_mm: 0,
    overflow_mm: 4.01,
    line_count: 10,
  })
  const wide = measurement({ fits: false, width_overflow_mm: 2.3 })
  const one = measurement({ fits: false, overflow_mm: 0.02, line_count: 1 })

  test.each([
    [
      'en',
      '3.2 mm left',
      'overflows by 4.1 mm: cut 86 characters',
      'too wide by 2.3 mm: cut 1 character',
      'overflows by 0.1 mm',
      '36.73 of 40 mm used, 8 lines',
      '44.01 of 40 mm used, 1 line',
    ],
    [
      'de',
      'noch 3,2 mm frei',
      '4,1 mm zu lang: 86 Zeichen kürzen',
      '2,3 mm zu breit: 1 Zeichen kürzen',
      '0,1 mm zu lang',
      '36,73 von 40 mm belegt, 8 Zeilen',
      '44,01 von 40 mm belegt, 1 Zeile',
    ],
    [
      'de-CH',
      'noch 3.2 mm frei',
      '4.1 mm zu lang: 86 Zeichen kürzen',
      '2.3 mm zu breit: 1 Zeichen kürzen',
      '0.1 mm zu lang',
      '36.73 von 40 mm belegt, 8 Zeilen',
      '44.01 von 40 mm belegt, 1 Zeile',
    ],
    [
      'nl',
      'nog 3,2 mm vrij',
      '4,1 mm te lang: 86 tekens inkorten',
      '2,3 mm te breed: 1 teken inkorten',
      '0,1 mm te lang',
      '36,73 van 40 mm gebruikt, 8 regels',
      '44,01 van 40 mm gebruikt, 1 regel',
    ],
    [
      'fr',
      'encore 3,2\u202fmm libres',
      'dépasse de 4,1\u202fmm\u00a0: retirer 86 caractères',
      'trop large de 2,3\u202fmm\u00a0: retirer 1 caractère',
      'dépasse de 0,1\u202fmm',
      '36,73 sur 40\u202fmm utilisés, 8 lignes',
      '44,01 sur 40\u202fmm utilisés, 1 ligne',
    ],
  ])(
    'should say in %s what room is left or what to cut',
    (locale, left, overflows, tooWide, rounded, detail, single) => {
      const messages = createMessages(locale)
      expect(messages.fit(fits)).toBe(left)
      expect(messages.fit(over, { characters: 86 })).toBe(overflows)
      expect(messages.fit(wide, { characters: 1 })).toBe(tooWide)
      // An overflow is rounded up: the meter never promises room that is not there.
      expect(messages.fit(one)).toBe(rounded)
      expect(messages.fitDetail(fits)).toBe(detail)
      expect(messages.fitDetail({ ...over, line_count: 1 })).toBe(single)
    }
  )

  test('should round space left down, so 0.09 mm is no room', () => {
    expect(createMessages().fit(measurement({ remaining_mm: 0.09 }))).toBe('0.0 mm left')
    expect(createMessages('de').fit(measurement({ remaining_mm: 3.99 }))).toBe('noch 3,9 mm frei')
  })
})

describe('locales', () => {
  test.each([
    [undefined, 'en', 'en'],
    ['en-US', 'en', 'en'],
    ['de', 'de', 'de'],
    ['de-AT', 'de', 'de-AT'],
    ['DE-at', 'de', 'de-AT'],
    ['fr-CH', 'fr', 'fr-CH'],
    ['nl-BE', 'nl', 'nl-BE'],
    [['es-ES', 'nl-NL', 'de'], 'nl', 'nl-NL'],
    ['es', 'en', 'en'],
    [[], 'en', 'en'],
  ] as const)(
    'should resolve %j to the %s catalogue, numbers of %s',
    (requested, language, tag) => {
      expect(resolveLocale(requested)).toEqual({ language, tag })
      expect(createMessages(requested)).toMatchObject({ locale: language, tag })
    }
  )

  test.each([['not a tag!'], [42], [['de', 7]], [null]])('should refuse %j', (requested) => {
    expect(() => createMessages(requested as never)).toThrow(LocaleError)
    expect(() => createMessages(requested as never)).toThrow(/expected a BCP 47 language tag/)
  })

  test('should format numbers, units and counts with Intl, alike in Node and Chromium', () => {
    const format = (locale: string) => createMessages(locale).format
    expect(format('en').number(20000)).toBe('20000')
    expect(format('de').number(20000)).toBe('20.000')
    expect(format('de').number(8000)).toBe('8000')
    expect(format('nl').number(20000)).toBe('20.000')
    expect(format('fr').number(20000)).toBe('20\u202f000')
    expect(format('de-AT').number(20000)).toBe('20\u00a0000')
    expect(format('fr').pt(9.5)).toBe('9,5\u202fpt')
    expect(format('de').pt(9.5)).toBe('9,5 pt')
    expect(format('en').mm(55.49)).toBe('55.49 mm')
    expect(format('fr').count(0, 'caractère', 'caractères')).toBe('0 caractère')
    expect(format('de').count(0, 'Zeile', 'Zeilen')).toBe('0 Zeilen')
    expect(format('nl').or(['a', 'b', 'c'])).toBe('a, b of c')
    expect(format('en').or(['a', 'b', 'c'])).toBe('a, b or c')
    expect(format('en').and(['SA', 'SD', 'SS'])).toBe('SA, SD and SS')
    expect(format('de').and(['SA', 'SD', 'SS'])).toBe('SA, SD und SS')
    expect(format('nl').and(['SA', 'SD', 'SS'])).toBe('SA, SD en SS')
    expect(format('fr').and(['SA', 'SD', 'SS'])).toBe('SA, SD et SS')
  })
})
