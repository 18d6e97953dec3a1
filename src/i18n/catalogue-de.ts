/**
 * German (Germany, Austria, Switzerland: spec 1's destinations), addressed with "Sie". Field
 * errors follow the German lines of Laravel's validation messages; findings that explain a value
 * keep the project's grammar: ``Unerwartet …, erwartet …[: Abhilfe]``.
 *
 * @module
 */
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
import { shorten } from '../verdict/shorten.ts'

/** Markdown constructs (spec 2.5) by their English names. */
const CONSTRUCTS: Readonly<Record<string, string>> = {
  'nested list': 'verschachtelte Liste',
  'HTML block': 'HTML-Block',
  'inline HTML': 'Inline-HTML',
  autolink: 'Autolink',
  link: 'Link',
  'link reference': 'Linkverweis',
  'link reference definition': 'Definition eines Linkverweises',
  image: 'Bild',
  'image reference': 'Bildverweis',
  'inline code': 'Inline-Code',
  'fenced code block': 'umzäunter Codeblock',
  'indented code block': 'eingerückter Codeblock',
  heading: 'Überschrift',
  'underlined heading': 'unterstrichene Überschrift',
  'block quote': 'Zitatblock',
  'thematic break': 'Trennlinie',
  table: 'Tabelle',
}

/** The destinations the spec states (spec 1), as the sentences name them. */
const COUNTRIES = {
  DE: { name: 'Deutschland' },
  AT: { name: 'Österreich' },
  CH: { name: 'die Schweiz' },
  NL: { name: 'die Niederlande' },
} as const

/** The part after the city an address lacks (`address-part-missing`): alone and as a genitive. */
const PARTS: Readonly<Record<string, { readonly name: string; readonly of: string }>> = {
  state: { name: 'Bundesstaat', of: 'des Bundesstaats' },
  province: { name: 'Provinz', of: 'der Provinz' },
}

const URL_PHRASES: UrlPhrases = {
  whitespace: ({ value }) => `Unerwartete Leerzeichen um ${value()}`,
  'control-character': ({ value, control }) => {
    const { name, codePoint } = control()
    const what =
      name === 'line-break'
        ? 'Unerwarteter Zeilenumbruch'
        : name === 'tab'
          ? 'Unerwarteter Tabulator'
          : `Unerwartetes Steuerzeichen \`${codePoint}\``
    return `${what} in ${value()}`
  },
  empty: () => 'Unerwarteter leerer Wert',
  'bare-code': ({ value }) => `Unerwarteter Wert ${value()}`,
  fragment: ({ value }) => `Unerwartetes Fragment ${value()}`,
  'relative-url': ({ value }) => `Unerwartete relative URL ${value()}`,
  'scheme-relative-url': ({ value }) => `Unerwartete schemarelative URL ${value()}`,
  'missing-scheme': ({ value }) => `Unerwartete Adresse ${value()} ohne Schema`,
  'unsupported-scheme': ({ value, scheme }) => `Unerwartetes Schema ${scheme()} in ${value()}`,
  'missing-slashes': ({ value }) => `Unerwartete Adresse ${value()} ohne \`//\` nach dem Schema`,
  'missing-host': ({ value }) => `Unerwartete Adresse ${value()} ohne Host`,
  'invalid-host': ({ value, host }) => `Unerwarteter Host ${host()} in ${value()}`,
  'invalid-port': ({ value, port }) => `Unerwarteter Port ${port()} in ${value()}`,
}

/** The German catalogue. */
export const de: Catalogue = {
  errors: {
    required: ({ path }) => `Das Feld ${path} ist erforderlich.`,
    string: ({ path }) => `Das Feld ${path} muss eine Zeichenkette sein.`,
    array: ({ path }) => `Das Feld ${path} muss ein Array sein.`,
    boolean: ({ path }) => `Das Feld ${path} muss true oder false sein.`,
    invalid: ({ path }) => `Das Feld ${path} ist ungültig.`,
    in: ({ path }) => `Der gewählte Wert für ${path} ist ungültig.`,
    uuid: ({ path }) => `Das Feld ${path} muss eine gültige UUID sein.`,
    'date-format': ({ path }, data) =>
      `Das Feld ${path} muss dem Format ${data.string('format')} entsprechen.`,
    email: ({ path }) => `Das Feld ${path} muss eine gültige E-Mail-Adresse sein.`,
    prohibited: ({ path }) => `Das Feld ${path} ist nicht erlaubt.`,
    'max-length': ({ path }, data, format) =>
      `Das Feld ${path} darf höchstens ${format.count(data.number('max'), 'Zeichen', 'Zeichen')} lang sein.`,
    'max-items': ({ path }, data, format) =>
      `Das Feld ${path} darf höchstens ${format.count(data.number('max'), 'Eintrag', 'Einträge')} haben.`,
    'max-total-length': ({ path }, data, format) =>
      `Das Feld ${path} darf insgesamt höchstens ${format.count(data.number('max'), 'Zeichen', 'Zeichen')} lang sein.`,
    'url-kind-qr': ({ path }, data, format) => {
      const label = data.optionalString('label')
      if (label !== undefined) {
        return `Das Feld ${path} ist nicht erlaubt: \`${label}\` ist ein QR-Code vom Typ URL, sein Ziel ist im Design gespeichert.`
      }
      const labels = format.or(data.strings('labels').map((item) => `\`${item}\``))
      return `Das Feld ${path} ist nicht erlaubt: Die QR-Codes des Designs (${labels}) sind vom Typ URL, ihre Ziele sind im Design gespeichert.`
    },
    'online-shop-source': ({ path }, data, format) =>
      `Unerwartete Onlineshop-Quelle \`${data.string('source')}\` für ${path}, erwartet ${format.or(data.strings('allowed').map((item) => `\`${item}\``))}: Segmente von Onlineshop-Plattformen werden nicht unterstützt.`,
    markdown: (_, data) => {
      const at = `${data.number('line')}:${data.number('column')}`
      if (data.string('violation') === 'placeholder') {
        return `Unerwarteter Platzhalter \`${data.string('placeholder')}\` bei ${at}, erwartet der fertige Text: Platzhalter werden nicht ausgefüllt, senden Sie stattdessen den Wert des Empfängers.`
      }
      return `Unerwartetes Element bei ${at} (${constructName(data, CONSTRUCTS)}), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.`
    },
    fit: (_, data, format) => {
      const action = suggestionOf(data, format, ({ characters, lines, fontSize }) => {
        let sentence = `Kürzen Sie den Text um mindestens ${format.count(characters, 'Zeichen', 'Zeichen')}`
        if (lines > 0) sentence += ` (${format.count(lines, 'Zeile', 'Zeilen')})`
        if (fontSize !== undefined) sentence += ` oder verkleinern Sie die Schrift auf ${fontSize}`
        return `${sentence}.`
      })
      return `Unerwartete Texthöhe von ${format.mm(data.number('measured_height_mm'))} im Bereich \`${data.string('label')}\`, erwartet höchstens ${format.mm(data.number('available_height_mm'))}. ${action}`
    },
    url: urlEntry(
      URL_PHRASES,
      (example) => `erwartet eine vollständige http(s)-URL wie ${example}.`
    ),
    'qr-fit': qrFitEntry({
      'shorten-or-enlarge': (p, format) =>
        `Unerwartete URL mit ${format.count(p.length, 'Zeichen', 'Zeichen')}, erwartet höchstens ${format.count(p.maxLength, 'Zeichen', 'Zeichen')} für den QR-Bereich von ${p.size} bei Fehlerkorrektur ${p.level}: Kürzen Sie die URL oder vergrößern Sie den Bereich auf ${p.enlarge}.`,
      shorten: (p, format) =>
        `Unerwartete URL mit ${format.count(p.length, 'Zeichen', 'Zeichen')}, erwartet höchstens ${format.count(p.maxLength, 'Zeichen', 'Zeichen')} für den QR-Bereich von ${p.size} bei Fehlerkorrektur ${p.level}: Kürzen Sie die URL (kein QR-Code fasst mehr als ${format.count(p.largestLength, 'Zeichen', 'Zeichen')}).`,
      enlarge: (p, format) =>
        `Unerwarteter QR-Bereich von ${p.size}, erwartet mindestens ${p.enlarge} für diese URL mit ${format.count(p.length, 'Zeichen', 'Zeichen')} bei Modulen von ${p.module}: Vergrößern Sie den Bereich.`,
      'enlarge-and-shorten': (p, format) =>
        `Unerwarteter QR-Bereich von ${p.size}, erwartet mindestens ${p.smallest} für jeden QR-Code bei Modulen von ${p.module}: Vergrößern Sie den Bereich auf ${p.largest} und kürzen Sie die URL auf höchstens ${format.count(p.largestLength, 'Zeichen', 'Zeichen')}.`,
    }),
  },
  warnings: {
    'emoji-not-in-set': ({ path }, data) =>
      `Unerwartetes Emoji \`${data.string('grapheme')}\` (${data.strings('code_points').join(' ')}, Emoji ${data.string('emoji_version')}) in ${path}, erwartet ein Emoji des festgelegten Satzes (Emoji ${data.string('pinned_version')}): Die Vorschau zeigt es als fehlend, und im Druck wird dieser Empfänger übersprungen.`,
    'missing-glyph': ({ path }, data) =>
      `Unerwartetes Zeichen \`${data.string('character')}\` (${data.string('code_point')}) in ${path}, erwartet ein Zeichen, das die Schrift \`${data.string('font')}\` darstellen kann: Es würde als leeres Kästchen gedruckt.`,
    'emphasis-not-resolved': ({ path }, data, format) =>
      `Unerwartet viele Fett- und Kursivzeichen (${format.number(data.number('runs'))}) in ${path}, erwartet weit weniger: Der Platzbedarf wird mit \`*\` und \`_\` als gewöhnlichen Zeichen gemessen.`,
    'emoji-artwork-missing': (_, data) =>
      `Unerwartetes Emoji \`${data.string('grapheme')}\` ohne Grafik, erwartet eine Grafik für den Schlüssel \`${data.string('key')}\` in \`emojiArtwork\`: Laden Sie die Schlüssel von \`previewEmojiKeys\`.`,
    'zip-format': (_, data, format) => {
      const { country, examples } = zipFormat(data, 'de')
      return `Unerwartete Postleitzahl \`${shorten(data.string('zip'))}\` (${country}), erwartet eine Postleitzahl wie ${format.or(examples)}.`
    },
    'country-on-request': (_, data, format) =>
      `Unerwartetes Land \`${shorten(data.string('country'))}\`, erwartet ${format.or(Object.values(COUNTRIES).map((country) => country.name))}: Andere Ziele gibt es nur auf Anfrage.`,
    'unknown-field': (_, data) => {
      const field = shorten(data.string('field'))
      const expected = data.optionalString('expected')
      return expected === undefined
        ? `Unerwartetes Feld \`${field}\`: Der Dienst ignoriert es.`
        : `Unerwartetes Feld \`${field}\`, erwartet \`${expected}\`: Der Dienst ignoriert es.`
    },
    'payment-method-unknown': (_, data) =>
      `Unerwartete Zahlungsart \`${shorten(data.string('paymentMethod'))}\`, erwartet \`rechnung\`: der einzige Wert, den die Spezifikation nennt.`,
    'invoice-email-missing': () =>
      'Unerwartete Zahlungsart `rechnung` ohne `billing.invoiceEmail`, erwartet die E-Mail-Adresse, an die die Rechnung geht.',
    'zip-range': (_, data, format) => {
      const { country, lowest, highest, excludedLetters } = zipRange(data, 'de')
      let range = highest === undefined ? `ab ${lowest}` : `von ${lowest} bis ${highest}`
      if (excludedLetters.length > 0) range += ` ohne die Buchstaben ${format.and(excludedLetters)}`
      return `Unerwartete Postleitzahl \`${shorten(data.string('zip'))}\` (${country}), erwartet eine Postleitzahl ${range}.`
    },
    'zip-state-mismatch': (_, data) => {
      const state = data.string('state')
      return `Unerwartete Postleitzahl \`${shorten(data.string('zip'))}\` für ${state}, erwartet eine Postleitzahl von ${state}: Die Postleitzahl oder der Bundesstaat nach dem Ort ist falsch.`
    },
    'country-unrecognized': (_, data) =>
      `Unerwartetes Land \`${shorten(data.string('country'))}\`, erwartet einen ISO-3166-Code wie \`DE\` oder den Namen des Landes auf Englisch, Deutsch, Niederländisch oder Französisch.`,
    'country-not-served': (_, data, format) =>
      `Unerwartetes Land \`${shorten(data.string('country'))}\` (${countryName(data.string('code'), 'de')}), erwartet ${format.or(Object.values(COUNTRIES).map((country) => country.name))}, auf Anfrage auch ein anderes EU-Land, das Vereinigte Königreich oder die USA.`,
    'address-part-missing': (_, data) => {
      const part = addressPart(PARTS, data)
      return `Unerwarteter Ort \`${shorten(data.string('city'))}\` ohne ${part.name}, erwartet das Kürzel ${part.of} nach dem Ort (${countryName(data.string('country'), 'de')}), etwa \`${shorten(data.string('example'))}\`.`
    },
    'address-lines-overflow': (_, data, format) =>
      `Unerwartet viele Adresszeilen (${format.number(data.number('line_count'))}), erwartet höchstens ${format.number(data.number('capacity'))}: Der Adressbereich fasst ${format.count(data.number('capacity'), 'Zeile', 'Zeilen')} zu ${format.pt(data.number('font_size_pt'))}, es fehlen ${format.mm(data.number('overflow_mm'))}. Kürzen Sie die Adresse oder vergrößern Sie den Bereich.`,
    'address-line-too-wide': (_, data, format) => {
      const overflow = data.number('overflow_mm')
      const by = overflow > 0 ? format.mm(overflow) : `weniger als ${format.mm(0.01)}`
      return `Unerwartete Adresszeile \`${shorten(data.string('line'))}\` (${by} breiter als der Bereich), erwartet höchstens ${format.mm(data.number('available_width_mm'))} in ${data.string('font_family')} ${format.pt(data.number('font_size_pt'))}: Kürzen Sie die Zeile oder vergrößern Sie den Bereich.`
    },
    'address-font-small': (_, data, format) =>
      `Unerwartete Schriftgröße von ${format.pt(data.number('font_size_pt'))} für die Adresse, erwartet mindestens ${format.pt(data.number('minimum_font_size_pt'))} in ${data.string('font_family')}: Sortiermaschinen lesen Großbuchstaben ab ${format.mm(data.number('minimum_cap_height_mm'))} Höhe, diese sind ${format.mm(data.number('cap_height_mm'))} hoch.`,
  },
  fit: {
    left: (space) => `noch ${space} frei`,
    overflows: (overflow) => `${overflow} zu lang`,
    tooWide: (overflow) => `${overflow} zu breit`,
    cut: (characters, format) => `: ${format.count(characters, 'Zeichen', 'Zeichen')} kürzen`,
    detail: (measurement, format) =>
      `${format.number(measurement.measured_height_mm)} von ${format.mm(measurement.available_height_mm)} belegt, ${format.count(measurement.line_count, 'Zeile', 'Zeilen')}`,
  },
}
