/**
 * English: the service's own messages. Field errors are the 422 body's messages word for word
 * (Laravel's lines for field rules, ``Unexpected `X`, expected `Y`[, fix]`` for findings that
 * explain a value), rebuilt here from the findings' data; a test holds every message of the
 * rules equal to its rebuilt form, which proves the data carries all a message needs.
 *
 * @module
 */
import { countryName } from '../address/country-table.ts'
import { describeRangeInEnglish } from '../address/postal-conventions.ts'
import { formatSuggestion } from '../layout/check-fit.ts'
import { fieldMessages } from '../schema/field-messages.ts'
import { shorten } from '../verdict/shorten.ts'
import type { Catalogue } from './catalogue.ts'
import {
  fitSuggestionOf,
  qrFitVariant,
  zipFormat,
  zipRange,
  urlEntry,
  type UrlPhrases,
} from './finding-parts.ts'

/** The destinations the spec states (spec 1), as the service names them. */
const STATED_NAMES = ['Germany', 'Austria', 'Switzerland', 'the Netherlands']

/** What is unexpected about a value that is no complete http(s) URL (spec 2.6). */
const URL_PHRASES: UrlPhrases = {
  whitespace: ({ value }) => `Unexpected whitespace around ${value()}`,
  'control-character': ({ value, control }) => {
    const { name, codePoint } = control()
    const what =
      name === 'line-break'
        ? 'line break'
        : name === 'tab'
          ? 'tab'
          : `control character \`${codePoint}\``
    return `Unexpected ${what} in ${value()}`
  },
  empty: () => 'Unexpected empty value',
  'bare-code': ({ value }) => `Unexpected ${value()}`,
  fragment: ({ value }) => `Unexpected fragment ${value()}`,
  'relative-url': ({ value }) => `Unexpected relative URL ${value()}`,
  'scheme-relative-url': ({ value }) => `Unexpected scheme-relative URL ${value()}`,
  'missing-scheme': ({ value }) => `Unexpected ${value()} without a scheme`,
  'unsupported-scheme': ({ value, scheme }) => `Unexpected scheme ${scheme()} in ${value()}`,
  'missing-slashes': ({ value }) => `Unexpected ${value()} without \`//\` after the scheme`,
  'missing-host': ({ value }) => `Unexpected ${value()} without a host`,
  'invalid-host': ({ value, host }) => `Unexpected host ${host()} in ${value()}`,
  'invalid-port': ({ value, port }) => `Unexpected port ${port()} in ${value()}`,
}

/** The English catalogue. */
export const en: Catalogue = {
  errors: {
    required: (error) => fieldMessages.required(error.path),
    string: (error) => fieldMessages.string(error.path),
    array: (error) => fieldMessages.array(error.path),
    boolean: (error) => fieldMessages.boolean(error.path),
    invalid: (error) => fieldMessages.invalid(error.path),
    in: (error) => fieldMessages.in(error.path),
    uuid: (error) => fieldMessages.uuid(error.path),
    'date-format': (error, data) => fieldMessages.dateFormat(error.path, data.string('format')),
    email: (error) => fieldMessages.email(error.path),
    prohibited: (error) => fieldMessages.prohibited(error.path),
    'max-length': (error, data) => fieldMessages.maxLength(error.path, data.number('max')),
    'max-items': (error, data) => fieldMessages.maxItems(error.path, data.number('max')),
    'max-total-length': (error, data) =>
      fieldMessages.maxTotalLength(error.path, data.number('max')),
    'url-kind-qr': (error, data) => {
      const label = data.optionalString('label')
      return label === undefined
        ? fieldMessages.urlKindQrs(error.path, data.strings('labels'))
        : fieldMessages.urlKindQr(error.path, label)
    },
    'online-shop-source': (error, data) =>
      fieldMessages.onlineShopSource(error.path, data.string('source'), data.strings('allowed')),
    markdown: (_, data) => {
      const at = `${data.number('line')}:${data.number('column')}`
      if (data.string('violation') === 'placeholder') {
        return `Unexpected placeholder \`${data.string('placeholder')}\` at ${at}, expected the final text: placeholders are not filled in, send the recipient's value instead.`
      }
      return `Unexpected ${data.string('construct')} at ${at}, expected only paragraphs, line breaks, bold, italic, bullet lists and numbered lists.`
    },
    fit: (_, data, format) =>
      `Unexpected text height of ${format.mm(data.number('measured_height_mm'))} in the area \`${data.string('label')}\`, expected at most ${format.mm(data.number('available_height_mm'))}. ${formatSuggestion(fitSuggestionOf(data))}`,
    url: urlEntry(URL_PHRASES, (example) => `expected a complete http(s) URL such as ${example}.`),
    'qr-fit': (_, data, format) => {
      const n = (key: string) => format.number(data.number(key))
      const level = data.string('level')
      switch (qrFitVariant(data)) {
        case 'shorten-or-enlarge':
          return `Unexpected \`${n('length')}\` character URL, expected at most \`${n('max_length')}\` characters for the \`${n('size_mm')}\` mm QR area at error correction \`${level}\`, shorten the URL or enlarge the area to \`${n('enlarge_to_mm')}\` mm.`
        case 'shorten':
          return `Unexpected \`${n('length')}\` character URL, expected at most \`${n('max_length')}\` characters for the \`${n('size_mm')}\` mm QR area at error correction \`${level}\`, shorten the URL (no QR code holds more than \`${n('largest_length')}\`).`
        case 'enlarge':
          return `Unexpected \`${n('size_mm')}\` mm QR area, expected at least \`${n('enlarge_to_mm')}\` mm for this \`${n('length')}\` character URL with \`${n('module_mm')}\` mm modules, enlarge the area.`
        case 'enlarge-and-shorten':
          return `Unexpected \`${n('size_mm')}\` mm QR area, expected at least \`${n('smallest_mm')}\` mm for any QR code with \`${n('module_mm')}\` mm modules, enlarge the area to \`${n('largest_mm')}\` mm and shorten the URL to at most \`${n('largest_length')}\` characters.`
      }
    },
  },
  warnings: {
    'emoji-not-in-set': (warning, data) =>
      `Unexpected emoji \`${data.string('grapheme')}\` (${data.strings('code_points').join(' ')}, Emoji ${data.string('emoji_version')}) in ${warning.path}, expected an emoji of the pinned set (Emoji ${data.string('pinned_version')}): the preview shows it as missing and in print this recipient is skipped.`,
    'missing-glyph': (warning, data) =>
      `Unexpected character \`${data.string('character')}\` (${data.string('code_point')}) in ${warning.path}, expected a character the font \`${data.string('font')}\` can draw: it would print as an empty box.`,
    'emphasis-not-resolved': (warning, data) =>
      `Unexpected ${data.number('runs')} bold or italic markers in ${warning.path}, expected far fewer: the fit is measured with \`*\` and \`_\` as plain characters.`,
    'emoji-artwork-missing': (_, data) =>
      `Unexpected emoji \`${data.string('grapheme')}\` without artwork, expected artwork for key \`${data.string('key')}\` in \`emojiArtwork\`, load the keys of \`previewEmojiKeys\``,
    'zip-format': (_, data) => {
      const { country, examples } = zipFormat(data, 'en')
      return `Unexpected zip \`${shorten(data.string('zip'))}\` for ${country}, expected a postal code like ${examples.join(' or ')}`
    },
    'country-on-request': (_, data, format) =>
      `Unexpected country \`${shorten(data.string('country'))}\`, expected ${format.or(STATED_NAMES)}: other destinations are available on request only`,
    'unknown-field': (_, data) => {
      const field = shorten(data.string('field'))
      const expected = data.optionalString('expected')
      return expected === undefined
        ? `Unexpected field \`${field}\`: the service ignores it`
        : `Unexpected field \`${field}\`, expected \`${expected}\`: the service ignores it`
    },
    'payment-method-unknown': (_, data) =>
      `Unexpected payment method \`${shorten(data.string('paymentMethod'))}\`, expected \`rechnung\`: the only value the spec documents`,
    'invoice-email-missing': () =>
      'Unexpected `rechnung` without `billing.invoiceEmail`, expected the e-mail address the invoice goes to',
    'zip-range': (_, data) => {
      const { country, ...range } = zipRange(data, 'en')
      return `Unexpected zip \`${shorten(data.string('zip'))}\` for ${country}, expected a postal code ${describeRangeInEnglish(range)}`
    },
    'zip-state-mismatch': (_, data) => {
      const state = data.string('state')
      return `Unexpected zip \`${shorten(data.string('zip'))}\` for ${state}, expected a postal code of ${state}: the zip or the state after the city is wrong`
    },
    'country-unrecognized': (_, data) =>
      `Unexpected country \`${shorten(data.string('country'))}\`, expected an ISO 3166 code such as \`DE\` or the country's name in English, German, Dutch or French`,
    'country-not-served': (_, data, format) =>
      `Unexpected country \`${shorten(data.string('country'))}\` (${countryName(data.string('code'), 'en')}), expected ${format.or(STATED_NAMES)}, or on request another EU country, the UK or the US`,
    'address-part-missing': (_, data) => {
      const part = data.string('part')
      return `Unexpected city \`${shorten(data.string('city'))}\` without a ${part}, expected the ${part}'s code after the city for ${countryName(data.string('country'), 'en')}, such as \`${shorten(data.string('example'))}\``
    },
    'address-lines-overflow': (_, data) => {
      const capacity = data.number('capacity')
      return `Unexpected ${data.number('line_count')} address lines, expected at most ${capacity}: the address area holds ${capacity} lines of ${data.number('font_size_pt')} pt, ${data.number('overflow_mm')} mm too few; shorten the address or enlarge the area`
    },
    'address-line-too-wide': (_, data) => {
      const overflow = data.number('overflow_mm')
      const by = overflow > 0 ? `${overflow} mm` : 'less than 0.01 mm'
      return `Unexpected address line \`${shorten(data.string('line'))}\` ${by} wider than the area, expected at most ${data.number('available_width_mm')} mm in ${data.string('font_family')} ${data.number('font_size_pt')} pt: shorten it or enlarge the area`
    },
    'address-font-small': (_, data) =>
      `Unexpected font size ${data.number('font_size_pt')} pt for the address, expected at least ${data.number('minimum_font_size_pt')} pt in ${data.string('font_family')}: sorting machines read capitals of ${data.number('minimum_cap_height_mm')} mm and more, these are ${data.number('cap_height_mm')} mm`,
  },
  fit: {
    left: (space) => `${space} left`,
    overflows: (overflow) => `overflows by ${overflow}`,
    tooWide: (overflow) => `too wide by ${overflow}`,
    cut: (characters, format) => `: cut ${format.count(characters, 'character', 'characters')}`,
    detail: (measurement, format) =>
      `${format.number(measurement.measured_height_mm)} of ${format.mm(measurement.available_height_mm)} used, ${format.count(measurement.line_count, 'line', 'lines')}`,
  },
}
