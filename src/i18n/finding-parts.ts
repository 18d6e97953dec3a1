/**
 * Readings of finding data that every catalogue shares: which variant of a message a finding
 * takes, decided once from its data, so the languages cannot disagree about it.
 *
 * @module
 */
import type { FitSuggestion } from '../layout/check-fit.ts'
import { countryName } from '../address/country-table.ts'
import { inlineCode, type QrUrlProblem } from '../qr/resolve-qr-url.ts'
import type { FieldError } from '../verdict/types.ts'
import { MissingData, type Entry, type FindingData } from './catalogue.ts'
import type { Formatter } from './formatter.ts'

/** A control character as messages name it. */
export type ControlName = 'line-break' | 'tab' | 'control'

/**
 * How a message names a control character of a URL: line feed and carriage return are line
 * breaks, U+0009 a tab, the rest control characters with their code point.
 *
 * @param code The code point.
 * @returns Its name.
 */
export function controlName(code: number): ControlName {
  if (code === 0x0a || code === 0x0d) return 'line-break'
  if (code === 0x09) return 'tab'
  return 'control'
}

/**
 * The suggestion of a fit error's data (`characters`, `lines`, `font_size_pt`).
 *
 * @param data The data of a `fit` field error.
 * @returns The suggestion.
 */
export function fitSuggestionOf(data: FindingData): FitSuggestion {
  const fontSize = data.optionalNumber('font_size_pt')
  return {
    characters: data.number('characters'),
    lines: data.number('lines'),
    ...(fontSize === undefined ? {} : { font_size_pt: fontSize }),
  }
}

/** Which of the four QR fit messages applies (spec 2.6 rule 4). */
export type QrFitVariant = 'shorten-or-enlarge' | 'shorten' | 'enlarge' | 'enlarge-and-shorten'

/**
 * The variant of a `qr-fit` error: an area that prints some QR code asks to shorten the URL (and
 * to enlarge the area when a version holds the URL); one that prints none asks to enlarge it.
 *
 * @param data The data of a `qr-fit` field error.
 * @returns The variant.
 */
export function qrFitVariant(data: FindingData): QrFitVariant {
  const printsSome = data.number('max_version') > 0
  const enlargeable = data.optionalNumber('enlarge_to_mm') !== undefined
  if (printsSome) return enlargeable ? 'shorten-or-enlarge' : 'shorten'
  return enlargeable ? 'enlarge' : 'enlarge-and-shorten'
}

/** What a `zip-format` warning's message names: the country and the post's example codes. */
export interface ZipFormat {
  /** The country's name in the catalogue's language (CLDR's, as `countryName` gives it). */
  readonly country: string
  /** The examples, each as inline code: `` `10115` ``. */
  readonly examples: readonly string[]
}

/**
 * The parts of a `zip-format` warning (its `country` code and `examples`).
 *
 * @param data The warning's data.
 * @param language The catalogue's language.
 * @returns The country's name and the quoted examples.
 */
export function zipFormat(data: FindingData, language: string): ZipFormat {
  return {
    country: countryName(data.string('country'), language),
    examples: data.strings('examples').map((example) => `\`${example}\``),
  }
}

/** What a `zip-range` warning's message names: the country and the range's bounds. */
export interface ZipRange {
  /** The country's name in the catalogue's language. */
  readonly country: string
  /** The lowest code the post issues (`01001`). */
  readonly lowest: string
  /** The highest, when the range names one. */
  readonly highest: string | undefined
  /** Letter pairs the post never uses (empty for most countries). */
  readonly excludedLetters: readonly string[]
}

/**
 * The parts of a `zip-range` warning (its `country` code, `lowest`, `highest` and
 * `excluded_letters`).
 *
 * @param data The warning's data.
 * @param language The catalogue's language.
 * @returns The country's name and the bounds, postal codes as the post writes them.
 */
export function zipRange(data: FindingData, language: string): ZipRange {
  return {
    country: countryName(data.string('country'), language),
    lowest: data.string('lowest'),
    highest: data.optionalString('highest'),
    excludedLetters: data.optionalStrings('excluded_letters') ?? [],
  }
}

/**
 * The words of the part an `address-part-missing` warning says is missing (its `part`: `state`,
 * `province`); a part the catalogue has no words for keeps the finding's English message.
 *
 * @param parts The catalogue's words by part.
 * @param data The warning's data.
 * @returns The words of its part.
 */
export function addressPart<Words>(
  parts: Readonly<Record<string, Words>>,
  data: FindingData
): Words {
  const part = data.string('part')
  if (!Object.hasOwn(parts, part)) throw new MissingData(`Unexpected part \`${part}\``)
  return parts[part] as Words
}

/**
 * A code point as messages write it: `U+0007`.
 *
 * @param code The code point.
 * @returns `U+` and at least four hexadecimal digits.
 */
export function codePoint(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/** The parts of a URL problem a message quotes, already quoted as inline code. */
export interface UrlParts {
  /** The value (trimmed, for `whitespace`), as inline code. */
  readonly value: () => string
  /** The host, port or scheme the problem is about, as inline code. */
  readonly host: () => string
  readonly port: () => string
  /** The scheme with its colon: `` `ftp:` ``. */
  readonly scheme: () => string
  /** The control character: what it is and its code point. */
  readonly control: () => { readonly name: ControlName; readonly codePoint: string }
}

/** The first half of a URL message in one language, per problem (spec 2.6). */
export type UrlPhrases = Readonly<Record<QrUrlProblem, (parts: UrlParts) => string>>

/**
 * The `url` entry of a catalogue: the problem's phrase, then the expected complete URL.
 *
 * @param phrases What is unexpected, per problem.
 * @param expected The second half, given the example as inline code.
 * @returns The entry.
 */
export function urlEntry(
  phrases: UrlPhrases,
  expected: (example: string) => string
): Entry<FieldError> {
  return (_, data) => {
    const problem = data.string('problem')
    if (!Object.hasOwn(phrases, problem)) throw new MissingData(`Unexpected problem \`${problem}\``)
    const parts: UrlParts = {
      value: () => inlineCode(data.string('value')),
      host: () => inlineCode(data.string('host')),
      port: () => inlineCode(data.string('port')),
      scheme: () => inlineCode(`${data.string('scheme')}:`),
      control: () => {
        const code = data.number('control')
        return { name: controlName(code), codePoint: codePoint(code) }
      },
    }
    const phrase = phrases[problem as QrUrlProblem](parts)
    return `${phrase}, ${expected(inlineCode(data.string('example')))}`
  }
}

/** The numbers of a `qr-fit` error, formatted. */
export interface QrFitParts {
  readonly length: number
  readonly maxLength: number
  readonly largestLength: number
  readonly size: string
  readonly enlarge: string
  readonly module: string
  readonly smallest: string
  readonly largest: string
  readonly level: string
}

/**
 * The `qr-fit` entry of a catalogue: one sentence per {@link QrFitVariant}.
 *
 * @param sentences The sentences, given the numbers (lengths as numbers, sizes as `20 mm`).
 * @returns The entry.
 */
export function qrFitEntry(
  sentences: Readonly<Record<QrFitVariant, (parts: QrFitParts, format: Formatter) => string>>
): Entry<FieldError> {
  return (_, data, format) => {
    const optionalMm = (key: string): string => {
      const value = data.optionalNumber(key)
      return value === undefined ? '' : format.mm(value)
    }
    const parts: QrFitParts = {
      length: data.number('length'),
      maxLength: data.number('max_length'),
      largestLength: data.number('largest_length'),
      size: format.mm(data.number('size_mm')),
      enlarge: optionalMm('enlarge_to_mm'),
      module: format.mm(data.number('module_mm')),
      smallest: format.mm(data.number('smallest_mm')),
      largest: format.mm(data.number('largest_mm')),
      level: data.string('level'),
    }
    return sentences[qrFitVariant(data)](parts, format)
  }
}

/**
 * The fit entry's suggestion in one language.
 *
 * @param data The data of a `fit` error.
 * @param words The sentence, given the formatted counts and size.
 * @returns The suggestion sentence.
 */
export function suggestionOf(
  data: FindingData,
  format: Formatter,
  words: (parts: {
    readonly characters: number
    readonly lines: number
    readonly fontSize: string | undefined
  }) => string
): string {
  const suggestion = fitSuggestionOf(data)
  return words({
    characters: suggestion.characters,
    lines: suggestion.lines,
    fontSize:
      suggestion.font_size_pt === undefined ? undefined : format.pt(suggestion.font_size_pt),
  })
}

/**
 * A Markdown construct's name in another language (the English name as the key; a construct
 * without a name there, such as a node type of a future parser extension, keeps its own).
 *
 * @param data The data of a `markdown` error.
 * @param names Names by English construct.
 * @returns The name.
 */
export function constructName(data: FindingData, names: Readonly<Record<string, string>>): string {
  const construct = data.string('construct')
  return Object.hasOwn(names, construct) ? (names[construct] as string) : construct
}
