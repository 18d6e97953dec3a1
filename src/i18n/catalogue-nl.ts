/**
 * Dutch (the Netherlands: spec 1's destinations), addressed with "u". Field errors follow the
 * Dutch lines of Laravel's validation messages; findings that explain a value keep the project's
 * grammar: ``Onverwacht …, verwacht …[: oplossing]``.
 *
 * @module
 */
import { shorten } from '../verdict/shorten.ts'
import { countryName } from '../address/country-table.ts'
import type { Catalogue } from './catalogue.ts'
import {
  addressPart,
  constructName,
  qrFitEntry,
  zipFormat,
  zipRange,
  suggestionOf,
  urlEntry,
  type UrlPhrases,
} from './finding-parts.ts'

/** Markdown constructs (spec 2.5) by their English names. */
const CONSTRUCTS: Readonly<Record<string, string>> = {
  'nested list': 'geneste lijst',
  'HTML block': 'HTML-blok',
  'inline HTML': 'inline HTML',
  autolink: 'autolink',
  link: 'link',
  'link reference': 'linkverwijzing',
  'link reference definition': 'definitie van een linkverwijzing',
  image: 'afbeelding',
  'image reference': 'afbeeldingsverwijzing',
  'inline code': 'inline code',
  'fenced code block': 'omheind codeblok',
  'indented code block': 'ingesprongen codeblok',
  heading: 'kop',
  'underlined heading': 'onderstreepte kop',
  'block quote': 'citaatblok',
  'thematic break': 'scheidingslijn',
  table: 'tabel',
}

/** The destinations the spec states (spec 1), as the sentences name them. */
const COUNTRIES = {
  DE: { name: 'Duitsland' },
  AT: { name: 'Oostenrijk' },
  CH: { name: 'Zwitserland' },
  NL: { name: 'Nederland' },
} as const

/** The part after the city an address lacks (`address-part-missing`). */
const PARTS: Readonly<Record<string, { readonly name: string }>> = {
  state: { name: 'staat' },
  province: { name: 'provincie' },
}

const URL_PHRASES: UrlPhrases = {
  whitespace: ({ value }) => `Onverwachte spaties rond ${value()}`,
  'control-character': ({ value, control }) => {
    const { name, codePoint } = control()
    const what =
      name === 'line-break'
        ? 'Onverwacht regeleinde'
        : name === 'tab'
          ? 'Onverwachte tab'
          : `Onverwacht stuurteken \`${codePoint}\``
    return `${what} in ${value()}`
  },
  empty: () => 'Onverwachte lege waarde',
  'bare-code': ({ value }) => `Onverwachte waarde ${value()}`,
  fragment: ({ value }) => `Onverwacht fragment ${value()}`,
  'relative-url': ({ value }) => `Onverwachte relatieve URL ${value()}`,
  'scheme-relative-url': ({ value }) => `Onverwachte schema-relatieve URL ${value()}`,
  'missing-scheme': ({ value }) => `Onverwacht adres ${value()} zonder schema`,
  'unsupported-scheme': ({ value, scheme }) => `Onverwacht schema ${scheme()} in ${value()}`,
  'missing-slashes': ({ value }) => `Onverwacht adres ${value()} zonder \`//\` na het schema`,
  'missing-host': ({ value }) => `Onverwacht adres ${value()} zonder host`,
  'invalid-host': ({ value, host }) => `Onverwachte host ${host()} in ${value()}`,
  'invalid-port': ({ value, port }) => `Onverwachte poort ${port()} in ${value()}`,
}

/** The Dutch catalogue. */
export const nl: Catalogue = {
  errors: {
    required: ({ path }) => `Het veld ${path} is verplicht.`,
    string: ({ path }) => `Het veld ${path} moet een tekenreeks zijn.`,
    array: ({ path }) => `Het veld ${path} moet een array zijn.`,
    boolean: ({ path }) => `Het veld ${path} moet true of false zijn.`,
    invalid: ({ path }) => `Het veld ${path} is ongeldig.`,
    in: ({ path }) => `De gekozen waarde voor ${path} is ongeldig.`,
    uuid: ({ path }) => `Het veld ${path} moet een geldige UUID zijn.`,
    'date-format': ({ path }, data) =>
      `Het veld ${path} moet overeenkomen met het formaat ${data.string('format')}.`,
    email: ({ path }) => `Het veld ${path} moet een geldig e-mailadres zijn.`,
    prohibited: ({ path }) => `Het veld ${path} is niet toegestaan.`,
    'max-length': ({ path }, data, format) =>
      `Het veld ${path} mag niet meer dan ${format.count(data.number('max'), 'teken', 'tekens')} bevatten.`,
    'max-items': ({ path }, data, format) =>
      `Het veld ${path} mag niet meer dan ${format.count(data.number('max'), 'item', 'items')} bevatten.`,
    'max-total-length': ({ path }, data, format) =>
      `Het veld ${path} mag in totaal niet meer dan ${format.count(data.number('max'), 'teken', 'tekens')} bevatten.`,
    'url-kind-qr': ({ path }, data, format) => {
      const label = data.optionalString('label')
      if (label !== undefined) {
        return `Het veld ${path} is niet toegestaan: \`${label}\` is een QR-code van het type URL, het doel staat in het ontwerp.`
      }
      const labels = format.or(data.strings('labels').map((item) => `\`${item}\``))
      return `Het veld ${path} is niet toegestaan: de QR-codes van het ontwerp (${labels}) zijn van het type URL, hun doelen staan in het ontwerp.`
    },
    'online-shop-source': ({ path }, data, format) =>
      `Onverwachte webwinkelbron \`${data.string('source')}\` voor ${path}, verwacht ${format.or(data.strings('allowed').map((item) => `\`${item}\``))}: segmenten van webwinkelplatforms worden niet ondersteund.`,
    markdown: (_, data) => {
      const at = `${data.number('line')}:${data.number('column')}`
      if (data.string('violation') === 'placeholder') {
        return `Onverwachte placeholder \`${data.string('placeholder')}\` op ${at}, verwacht de definitieve tekst: placeholders worden niet ingevuld, stuur in plaats daarvan de waarde van de ontvanger.`
      }
      return `Onverwacht element op ${at} (${constructName(data, CONSTRUCTS)}), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.`
    },
    fit: (_, data, format) => {
      const action = suggestionOf(data, format, ({ characters, lines, fontSize }) => {
        let sentence = `Kort de tekst in met minstens ${format.count(characters, 'teken', 'tekens')}`
        if (lines > 0) sentence += ` (${format.count(lines, 'regel', 'regels')})`
        if (fontSize !== undefined) sentence += ` of verklein de letter tot ${fontSize}`
        return `${sentence}.`
      })
      return `Onverwachte teksthoogte van ${format.mm(data.number('measured_height_mm'))} in het vak \`${data.string('label')}\`, verwacht hooguit ${format.mm(data.number('available_height_mm'))}. ${action}`
    },
    url: urlEntry(URL_PHRASES, (example) => `verwacht een volledige http(s)-URL zoals ${example}.`),
    'qr-fit': qrFitEntry({
      'shorten-or-enlarge': (p, format) =>
        `Onverwachte URL van ${format.count(p.length, 'teken', 'tekens')}, verwacht hooguit ${format.count(p.maxLength, 'teken', 'tekens')} voor het QR-vak van ${p.size} bij foutcorrectie ${p.level}: kort de URL in of vergroot het vak tot ${p.enlarge}.`,
      shorten: (p, format) =>
        `Onverwachte URL van ${format.count(p.length, 'teken', 'tekens')}, verwacht hooguit ${format.count(p.maxLength, 'teken', 'tekens')} voor het QR-vak van ${p.size} bij foutcorrectie ${p.level}: kort de URL in (geen QR-code bevat meer dan ${format.count(p.largestLength, 'teken', 'tekens')}).`,
      enlarge: (p, format) =>
        `Onverwacht QR-vak van ${p.size}, verwacht minstens ${p.enlarge} voor deze URL van ${format.count(p.length, 'teken', 'tekens')} met modules van ${p.module}: vergroot het vak.`,
      'enlarge-and-shorten': (p, format) =>
        `Onverwacht QR-vak van ${p.size}, verwacht minstens ${p.smallest} voor elke QR-code met modules van ${p.module}: vergroot het vak tot ${p.largest} en kort de URL in tot hooguit ${format.count(p.largestLength, 'teken', 'tekens')}.`,
    }),
  },
  warnings: {
    'emoji-not-in-set': ({ path }, data) =>
      `Onverwachte emoji \`${data.string('grapheme')}\` (${data.strings('code_points').join(' ')}, Emoji ${data.string('emoji_version')}) in ${path}, verwacht een emoji uit de vastgelegde set (Emoji ${data.string('pinned_version')}): de preview toont hem als ontbrekend en bij het drukken wordt deze ontvanger overgeslagen.`,
    'missing-glyph': ({ path }, data) =>
      `Onverwacht teken \`${data.string('character')}\` (${data.string('code_point')}) in ${path}, verwacht een teken dat het lettertype \`${data.string('font')}\` kan weergeven: het zou als een leeg vakje worden gedrukt.`,
    'emphasis-not-resolved': ({ path }, data, format) =>
      `Onverwacht veel vet- en cursieftekens (${format.number(data.number('runs'))}) in ${path}, verwacht veel minder: de ruimte wordt gemeten met \`*\` en \`_\` als gewone tekens.`,
    'emoji-artwork-missing': (_, data) =>
      `Onverwachte emoji \`${data.string('grapheme')}\` zonder afbeelding, verwacht een afbeelding voor de sleutel \`${data.string('key')}\` in \`emojiArtwork\`: laad de sleutels van \`previewEmojiKeys\`.`,
    'zip-format': (_, data, format) => {
      const { country, examples } = zipFormat(data, 'nl')
      return `Onverwachte postcode \`${shorten(data.string('zip'))}\` voor ${country}, verwacht een postcode zoals ${format.or(examples)}.`
    },
    'country-on-request': (_, data, format) =>
      `Onverwacht land \`${shorten(data.string('country'))}\`, verwacht ${format.or(Object.values(COUNTRIES).map((country) => country.name))}: andere bestemmingen zijn alleen op aanvraag beschikbaar.`,
    'unknown-field': (_, data) => {
      const field = shorten(data.string('field'))
      const expected = data.optionalString('expected')
      return expected === undefined
        ? `Onverwacht veld \`${field}\`: de dienst negeert het.`
        : `Onverwacht veld \`${field}\`, verwacht \`${expected}\`: de dienst negeert het.`
    },
    'payment-method-unknown': (_, data) =>
      `Onverwachte betaalmethode \`${shorten(data.string('paymentMethod'))}\`, verwacht \`rechnung\`: de enige waarde die de specificatie noemt.`,
    'invoice-email-missing': () =>
      'Onverwachte betaalmethode `rechnung` zonder `billing.invoiceEmail`, verwacht het e-mailadres waar de factuur naartoe gaat.',
    'zip-range': (_, data, format) => {
      const { country, lowest, highest, excludedLetters } = zipRange(data, 'nl')
      let range = highest === undefined ? `vanaf ${lowest}` : `van ${lowest} tot en met ${highest}`
      if (excludedLetters.length > 0) range += `, zonder de letters ${format.and(excludedLetters)}`
      return `Onverwachte postcode \`${shorten(data.string('zip'))}\` voor ${country}, verwacht een postcode ${range}.`
    },
    'zip-state-mismatch': (_, data) => {
      const state = data.string('state')
      return `Onverwachte postcode \`${shorten(data.string('zip'))}\` voor ${state}, verwacht een postcode van ${state}: de postcode of de staat na de plaats klopt niet.`
    },
    'country-unrecognized': (_, data) =>
      `Onverwacht land \`${shorten(data.string('country'))}\`, verwacht een ISO 3166-code zoals \`DE\` of de naam van het land in het Engels, Duits, Nederlands of Frans.`,
    'country-not-served': (_, data, format) =>
      `Onverwacht land \`${shorten(data.string('country'))}\` (${countryName(data.string('code'), 'nl')}), verwacht ${format.or(Object.values(COUNTRIES).map((country) => country.name))}, op aanvraag ook een ander EU-land, het Verenigd Koninkrijk of de VS.`,
    'address-part-missing': (_, data) => {
      const part = addressPart(PARTS, data)
      return `Onverwachte plaats \`${shorten(data.string('city'))}\` zonder ${part.name}, verwacht de code van de ${part.name} na de plaats (${countryName(data.string('country'), 'nl')}), zoals \`${shorten(data.string('example'))}\`.`
    },
    'address-lines-overflow': (_, data, format) =>
      `Onverwacht veel adresregels (${format.number(data.number('line_count'))}), verwacht hooguit ${format.number(data.number('capacity'))}: het adresvak biedt ruimte aan ${format.count(data.number('capacity'), 'regel', 'regels')} van ${format.pt(data.number('font_size_pt'))}, er ontbreekt ${format.mm(data.number('overflow_mm'))}. Kort het adres in of vergroot het vak.`,
    'address-line-too-wide': (_, data, format) => {
      const overflow = data.number('overflow_mm')
      const by = overflow > 0 ? format.mm(overflow) : `minder dan ${format.mm(0.01)}`
      return `Onverwachte adresregel \`${shorten(data.string('line'))}\` (${by} breder dan het vak), verwacht hooguit ${format.mm(data.number('available_width_mm'))} in ${data.string('font_family')} ${format.pt(data.number('font_size_pt'))}: kort de regel in of vergroot het vak.`
    },
    'address-font-small': (_, data, format) =>
      `Onverwachte lettergrootte van ${format.pt(data.number('font_size_pt'))} voor het adres, verwacht minstens ${format.pt(data.number('minimum_font_size_pt'))} in ${data.string('font_family')}: sorteermachines lezen hoofdletters vanaf ${format.mm(data.number('minimum_cap_height_mm'))} hoogte, deze zijn ${format.mm(data.number('cap_height_mm'))} hoog.`,
  },
  fit: {
    left: (space) => `nog ${space} vrij`,
    overflows: (overflow) => `${overflow} te lang`,
    tooWide: (overflow) => `${overflow} te breed`,
    cut: (characters, format) => `: ${format.count(characters, 'teken', 'tekens')} inkorten`,
    detail: (measurement, format) =>
      `${format.number(measurement.measured_height_mm)} van ${format.mm(measurement.available_height_mm)} gebruikt, ${format.count(measurement.line_count, 'regel', 'regels')}`,
  },
}
