/**
 * Generated Markdown texts for the differential tests of the fast path (`parseSimpleMarkdown`)
 * against remark-parse: biased towards the edges of the subset the fast path reads (delimiter
 * runs and their flanking, punctuation and Unicode white space around them, NBSP, tabs,
 * indentation, list markers, blank lines, CRLF and CR, trailing spaces, emoji), with a little
 * of what leaves the subset, so the bail-out is tried at every position too. Pure: runs in Node
 * and in Chromium.
 */
import fc from 'fast-check'

const env: Record<string, string | undefined> =
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}

/** The fixed seed of the differential tests (`PREFLIGHT_DIFF_SEED` for another one). */
export const seed = Number(env['PREFLIGHT_DIFF_SEED'] ?? '') || 20_261_121

/** Multiplies every differential count (`PREFLIGHT_DIFF_SCALE=100` for the long run). */
export const diffScale = Math.max(1, Number(env['PREFLIGHT_DIFF_SCALE'] ?? '') || 1)

/**
 * How many generated texts a differential property tries: its CI count times
 * {@link diffScale} (the long run is documented in docs/robustness.md).
 *
 * @param ci The count CI runs.
 * @returns The count to run.
 */
export function diffRuns(ci: number): number {
  return ci * diffScale
}

/** Letters and digits, Latin and not, single and double code units. */
const WORD_CHARACTERS = [
  ...'aAbzZ09ßéÉøŁłçñ',
  'Ω',
  'ж',
  'ع',
  'あ',
  '中',
  '\u0301', // combining acute
  '𝒜', // astral letter
]

/** Punctuation and symbols, ASCII and Unicode (CommonMark 2.1: P and S). */
const PUNCTUATION = [...'.,;:!?"\'()/-+=%$#@^|~{}', ...'„“”‘’«»‹›–—…¡¿·§€£¥©®°±×÷¶†‡•']

/** White space CommonMark knows (Zs, tab) and spaces it does not collapse. */
const SPACES = [
  ' ',
  ' ',
  ' ',
  '  ',
  '\t',
  '\u00a0', // NBSP
  '\u2007', // figure space
  '\u202f', // narrow NBSP
  '\u3000', // ideographic space
  '\u2028', // line separator (not a Markdown line ending)
  '\u000b', // vertical tab (JavaScript \s, not Markdown white space)
  '\u000c', // form feed
  '\ufeff', // zero width no-break space (JavaScript \s)
  '\u200b', // zero width space (neither)
]

/** Emoji: astral, with variation selector, skin tone, ZWJ sequence, flag, keycap. */
const EMOJI = ['😀', '❤️', '👍🏽', '👩‍💻', '🇩🇪', '1️⃣', '🎉', '✨', '\u{1fae8}']

/** Emphasis delimiter runs of every length and mix. */
const DELIMITERS = ['*', '**', '***', '****', '_', '__', '___', '*_', '_*', '**_', '__*']

/** What leaves the subset: rarer, so most texts stay inside it. */
const OUTSIDE = [
  '\\',
  '\\*',
  '`',
  '``',
  '<',
  '<b>',
  '<https://x.y>',
  '[',
  ']',
  '[a](b)',
  '![a](b)',
  '&amp;',
  '&#42;',
  '&x',
  '&',
  '& ',
  '{{name}}',
  '|',
  '\u0000',
]

/** A word: letters, often glued to punctuation or emoji. */
const word = fc
  .array(fc.constantFrom(...WORD_CHARACTERS), { minLength: 1, maxLength: 6 })
  .map((characters) => characters.join(''))

/** One inline token, weighted towards what delimiter rules look at. */
const inlineToken: fc.Arbitrary<string> = fc.oneof(
  { weight: 30, arbitrary: word },
  { weight: 30, arbitrary: fc.constantFrom(...DELIMITERS) },
  { weight: 20, arbitrary: fc.constantFrom(...SPACES) },
  { weight: 15, arbitrary: fc.constantFrom(...PUNCTUATION) },
  { weight: 10, arbitrary: fc.constantFrom(...EMOJI) },
  { weight: 1, arbitrary: fc.constantFrom(...OUTSIDE) }
)

/** The inline content of one line. */
const inline = fc.array(inlineToken, { maxLength: 12 }).map((tokens) => tokens.join(''))

/** What may start a line: indentation, list markers of every kind, block starts. */
const linePrefix = fc.oneof(
  { weight: 30, arbitrary: fc.constant('') },
  { weight: 6, arbitrary: fc.constantFrom(' ', '  ', '   ') },
  { weight: 2, arbitrary: fc.constantFrom('    ', '     ', '      ', '\t', ' \t') },
  {
    weight: 14,
    arbitrary: fc
      .tuple(
        fc.constantFrom('', '', '', '', ' ', '  ', '   ', '    '),
        fc.constantFrom('-', '*', '+', '1.', '2.', '1)', '3)', '10.', '007.', '1234567890.', '0.'),
        fc.constantFrom(' ', ' ', ' ', ' ', ' ', '  ', '   ', '    ', '     ', '\t', '')
      )
      .map((parts) => parts.join('')),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '# ',
      '#',
      '###### ',
      '####### ',
      '> ',
      '>',
      '```',
      '~~~',
      '~~',
      '---',
      '***',
      '___',
      '- - -',
      '* * *',
      '--',
      '-',
      '=',
      '==',
      '- -',
      '- 1. ',
      '1. - ',
      '- # ',
      '- > '
    ),
  }
)

/** Trailing white space: the hard breaks of CommonMark 6.7 and what is not one. */
const lineSuffix = fc.constantFrom('', '', '', ' ', '  ', '   ', '\t', ' \t', '\t  ', '  \t')

const lineEnding = fc.constantFrom('\n', '\n', '\n', '\n\n', '\r\n', '\r', '\n \n', '\n\t\n')

/**
 * Texts built line by line: each line a prefix (indentation, list marker, block start), inline
 * content and trailing white space, joined by line endings and blank lines.
 */
export const markdownLines: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(linePrefix, inline, lineSuffix, lineEnding), { minLength: 1, maxLength: 8 }),
    fc.boolean()
  )
  .map(([lines, trailing]) => {
    const text = lines
      .map(([prefix, content, suffix, ending]) => prefix + content + suffix + ending)
      .join('')
    if (trailing) return text
    // Half of the texts end without a line ending (and without trailing blank lines).
    let end = text.length
    while (end > 0 && ' \t\n\r'.includes(text.charAt(end - 1))) end--
    return text.slice(0, end)
  })

/** Any token of any kind, glued in any order: the edges between kinds. */
export const markdownSoup: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: inlineToken },
      { weight: 2, arbitrary: linePrefix },
      { weight: 2, arbitrary: lineEnding },
      { weight: 1, arbitrary: lineSuffix }
    ),
    { maxLength: 24 }
  )
  .map((tokens) => tokens.join(''))

/** Runs of one to five `*` or `_`. */
const delimiterRun = fc.constantFrom(
  ...['*', '**', '***', '****', '*****', '_', '__', '___', '____', '_____']
)

/**
 * Delimiter runs with the characters their flanking depends on, densely: the emphasis algorithm
 * (its "multiple of 3" rule on runs shortened by earlier pairs, pairs resolved again inside a
 * pair) in a few characters. Dense runs between single neighbours find what sparse ones miss.
 */
export const emphasisSoup: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.oneof(
          { weight: 6, arbitrary: delimiterRun },
          { weight: 2, arbitrary: fc.constantFrom('a', '.', ' ') }
        ),
        { maxLength: 10 }
      )
      .map((tokens) => tokens.join('')),
  },
  fc
    .array(
      fc.oneof(
        { weight: 8, arbitrary: fc.oneof(delimiterRun, fc.constantFrom(...DELIMITERS)) },
        { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'é', '😀', '1') },
        { weight: 3, arbitrary: fc.constantFrom('.', '!', '„', '€', '(', ')', '-') },
        { weight: 2, arbitrary: fc.constantFrom(' ', '\u00a0', '\t', '  \n', '\n', '\n- ') }
      ),
      { maxLength: 20 }
    )
    .map((tokens) => tokens.join(''))
)

/** What users send: personalised paragraphs with bold names, lists, coupon codes, emoji. */
export const personalisedText: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('Liebe', 'Dear', 'Hallo', 'Beste', 'Cher', 'Hej'),
    fc.constantFrom('**Anna**', '*Erika*', '__Jürgen__', '_Zoë_', 'Łukasz', '**Chloé-Marie**'),
    fc.integer({ min: 1, max: 99_999 }),
    fc.constantFrom(',\n', '!\n\n', ',  \n', ',\r\n', ', '),
    fc.array(
      fc.tuple(
        fc.constantFrom('- ', '* ', '1. ', '2) ', '', '  '),
        fc.constantFrom(
          '20 % auf *alles*',
          '**gratis** Versand',
          'nur bis _Sonntag_',
          'Code: **SPRING-'
        ),
        fc.constantFrom('\n', '\n\n', '  \n', '\r\n')
      ),
      { maxLength: 4 }
    ),
    fc.constantFrom('', 'Bis bald 🌷', 'Ihr Bloom & Co. Team', '– Ihr Team …', '*Danke!*')
  )
  .map(
    ([hello, name, order, after, items, closing]) =>
      `${hello} ${name}${after}danke für Ihren Einkauf Nr. ${order}.\n\n` +
      items.map(([marker, content, end]) => marker + content + end).join('') +
      closing
  )
