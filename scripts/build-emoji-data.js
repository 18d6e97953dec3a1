#!/usr/bin/env node
/**
 * Generates `src/emoji/emoji-data.generated.ts`: the pinned emoji set of spec 2.3, compact enough
 * for the browser bundle (no artwork inside, only which sequences are emoji and their versions).
 *
 * Inputs (devDependencies, read at build time only):
 * - `emoji-regex`: which sequences are emoji. Generated from Unicode's `emoji-test.txt`
 *   (fully-qualified, minimally-qualified and unqualified forms, components, and the Emoji 18.0
 *   draft), so the answer is the same in every engine (`\p{RGI_Emoji}` follows each engine's
 *   Unicode version). Its pattern has no
 *   unbounded quantifier, so we expand it to the finite list of strings it matches.
 * - `emojibase-data`: the Unicode Emoji version of each sequence. Sequences that
 *   emoji-regex knows but emojibase 17 does not are Emoji 18.0.
 * - `@iconify-json/twemoji`: which versions have artwork; the newest version whose emoji all have
 *   artwork becomes the default pin.
 *
 * Usage: `node scripts/build-emoji-data.js` writes the module; `--check` exits 1 when the
 * committed module is stale. `test/node/emoji-data.test.ts` runs the same check.
 *
 * The functions exported here are pure (data in, text out) so tests can reuse them.
 */

/** Where the generated module lives, relative to the package root. */
export const OUTPUT_PATH = 'src/emoji/emoji-data.generated.ts'

/** U+FE0F VARIATION SELECTOR-16 (emoji presentation); artwork keys drop it, as Twemoji's files do. */
const VS16 = '\uFE0F'
/** The five Fitzpatrick skin tone modifiers U+1F3FB…U+1F3FF. */
const SKIN_TONES = ['\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}']
/** Stands for "each of the five skin tones" in a compacted key. Never part of an emoji. */
const TONE_SLOT = '~'
/** Version of the sequences that emoji-regex knows and emojibase-data 17 does not. */
const DRAFT_VERSION = '18.0'
/** Components whose artwork chars.json does not list; their icons exist under these names. */
export const COMPONENT_ICON_NAMES = {
  '1f3fb': 'light-skin-tone',
  '1f3fc': 'medium-light-skin-tone',
  '1f3fd': 'medium-skin-tone',
  '1f3fe': 'medium-dark-skin-tone',
  '1f3ff': 'dark-skin-tone',
  '1f9b0': 'red-haired',
  '1f9b1': 'curly-haired',
  '1f9b2': 'bald',
  '1f9b3': 'white-haired',
}

/**
 * Every string a regular expression matches in full, for the subset of syntax emoji-regex uses:
 * alternation, `(?:…)` groups, `?`, character classes with ranges, `\uXXXX`/`\xXX` escapes.
 * Anything else (unbounded quantifiers, anchors, captures) throws: the language would not be finite
 * or the pattern changed shape, and the generator must be looked at again.
 *
 * @param {string} source `RegExp#source` without the `u` flag (code units, as emoji-regex ships).
 * @returns {string[]} The matched strings, in pattern order, without duplicates.
 */
export function expandPattern(source) {
  let at = 0
  const fail = (what) => {
    throw new Error(`Cannot expand the emoji pattern: ${what} at offset ${at}.`)
  }
  const escape = () => {
    at++ // the backslash
    const kind = source[at++]
    if (kind === 'u' || kind === 'x') {
      const digits = source.slice(at, at + (kind === 'u' ? 4 : 2))
      if (!/^[\da-f]+$/i.test(digits)) fail('a malformed escape')
      at += digits.length
      return String.fromCharCode(Number.parseInt(digits, 16))
    }
    if (kind !== undefined && /^[\\\-\][|()?*+.^$/{}#]$/.test(kind)) return kind
    return fail(`the escape \\${kind}`)
  }
  const classItem = () => (source[at] === '\\' ? escape() : source[at++])
  const atom = () => {
    const char = source[at]
    if (char === '(') {
      if (!source.startsWith('(?:', at)) fail('a capturing group')
      at += 3
      const inner = alternation()
      if (source[at++] !== ')') fail('an unclosed group')
      return inner
    }
    if (char === '[') {
      at++
      if (source[at] === '^') fail('a negated class')
      const members = []
      while (source[at] !== ']') {
        if (at >= source.length) fail('an unclosed class')
        const low = classItem()
        if (source[at] === '-' && source[at + 1] !== ']') {
          at++
          const high = classItem()
          for (let unit = low.charCodeAt(0); unit <= high.charCodeAt(0); unit++) {
            members.push(String.fromCharCode(unit))
          }
        } else members.push(low)
      }
      at++
      return members
    }
    if (char === '\\') return [escape()]
    if (char === undefined || '.^$*+{'.includes(char)) fail(`the token ${char}`)
    at++
    return [char]
  }
  const sequence = () => {
    let strings = ['']
    while (at < source.length && source[at] !== '|' && source[at] !== ')') {
      let options = atom()
      if (source[at] === '?') {
        at++
        options = ['', ...options]
      }
      if (source[at] !== undefined && '*+{'.includes(source[at])) fail('an unbounded quantifier')
      strings = strings.flatMap((head) => options.map((tail) => head + tail))
    }
    return strings
  }
  const alternation = () => {
    const strings = new Set(sequence())
    while (source[at] === '|') {
      at++
      for (const string of sequence()) strings.add(string)
    }
    return [...strings]
  }
  const strings = alternation()
  if (at !== source.length) fail('an unmatched parenthesis')
  return strings
}

/**
 * Formats an emojibase version number the way Unicode writes emoji versions (`0.6`, `1.0`, `15.1`).
 *
 * @param {number} version
 * @returns {string}
 */
export function formatVersion(version) {
  return version.toFixed(1)
}

/**
 * The artwork key of an emoji: its code points in lower-case hex (at least four digits), joined by
 * `-`, without U+FE0F, which is how `@iconify-json/twemoji/chars.json` names its icons.
 *
 * @param {string} emoji
 * @returns {string}
 */
export function artworkKey(emoji) {
  return [...emoji.replaceAll(VS16, '')]
    .map((char) => /** @type {number} */ (char.codePointAt(0)).toString(16).padStart(4, '0'))
    .join('-')
}

/**
 * Every emojibase entry including its skin-tone variants.
 *
 * @param {readonly any[]} emojibase `emojibase-data/en/data.json`
 * @returns {any[]}
 */
export function flattenEmojibase(emojibase) {
  return emojibase.flatMap((entry) => [entry, ...(entry.skins ?? [])])
}

/**
 * Joins emoji-regex's strings with emojibase versions and Twemoji artwork into the data the
 * runtime needs.
 *
 * @param {{ regexSource: string, emojibase: readonly any[], twemojiChars: Record<string, string>,
 *   twemojiIcons: { icons: Record<string, unknown> } }} inputs
 */
export function collectEmojiData({ regexSource, emojibase, twemojiChars, twemojiIcons }) {
  const strings = expandPattern(regexSource)
  /** @type {Map<string, any>} emojibase entries by sequence without U+FE0F */
  const known = new Map()
  for (const entry of flattenEmojibase(emojibase))
    known.set(entry.emoji.replaceAll(VS16, ''), entry)

  /** @type {Map<string, string>} sequence without U+FE0F → version */
  const versions = new Map()
  const textDefault = new Set()
  const keycapBases = new Set()
  for (const string of strings) {
    const key = string.replaceAll(VS16, '')
    if (key === '') throw new Error('emoji-regex matches a lone U+FE0F.')
    const entry = known.get(key)
    versions.set(key, entry ? formatVersion(entry.version) : DRAFT_VERSION)
    // A lone code point with text presentation by default is text unless U+FE0F follows
    // (emojibase `type` 0 = TEXT, from emoji-data.txt's Emoji_Presentation=No).
    if ([...key].length === 1 && entry?.type === 0) textDefault.add(key)
    // Keycaps (`#️⃣`) start with ASCII: the scan finds them by their own pattern.
    if (key.charCodeAt(0) < 0x80) {
      if (!/^[#*0-9]\u20E3$/.test(key)) throw new Error(`Unexpected ASCII-led emoji ${key}.`)
      keycapBases.add(key[0])
    }
  }

  const order = [...new Set([...versions.values()])].sort((a, b) => Number(a) - Number(b))
  const hasArtwork = (key) => {
    const hex = artworkKey(key)
    const name = twemojiChars[hex] ?? COMPONENT_ICON_NAMES[hex]
    return name !== undefined && name in twemojiIcons.icons
  }
  // The newest version up to which every emoji has artwork: the default (and highest) pin.
  let artworkVersion = ''
  for (const version of order) {
    const keys = [...versions].filter(([, v]) => v === version).map(([key]) => key)
    if (!keys.every(hasArtwork)) break
    artworkVersion = version
  }
  return { strings, versions, order, textDefault, keycapBases, artworkVersion }
}

/**
 * Compacts the keys of one version: when a key with `n` skin tones has all `5^n` tone variants in
 * the same version, they are written once with {@link TONE_SLOT} in place of each tone.
 *
 * @param {readonly string[]} keys Keys (without U+FE0F) of one version.
 * @returns {string[]} Sorted compacted keys.
 */
export function compactKeys(keys) {
  const tone = /[\u{1F3FB}-\u{1F3FF}]/gu
  /** @type {Map<string, string[]>} */
  const byTemplate = new Map()
  for (const key of keys) {
    const template = key.replace(tone, TONE_SLOT)
    const group = byTemplate.get(template) ?? []
    group.push(key)
    byTemplate.set(template, group)
  }
  const result = []
  for (const [template, group] of byTemplate) {
    const slots = template.split(TONE_SLOT).length - 1
    if (slots > 0 && new Set(group).size === 5 ** slots) result.push(template)
    else result.push(...group)
  }
  return result.sort()
}

/**
 * Expands keys compacted by {@link compactKeys} back to the full list (the runtime does the same).
 *
 * @param {string} template
 * @returns {string[]}
 */
export function expandTemplate(template) {
  const [head = '', ...rest] = template.split(TONE_SLOT)
  let keys = [head]
  for (const text of rest) keys = keys.flatMap((key) => SKIN_TONES.map((tone) => key + tone + text))
  return keys
}

/** The first regional indicator U+1F1E6 (A); the data writes the 26 of them as `A`…`Z`. */
const REGIONAL_A = 0x1f1e6
/** Prefix lengths 0…8 of {@link encodeSequences}: the letter that starts each entry. */
const PREFIX_MARKS = 'abcdefghi'

/**
 * A whole number in base 26, as few letters as it needs: lower-case letters are the leading digits
 * (`a` = 0 … `z` = 25), one upper-case letter the last digit, so numbers follow one another without
 * separators (`B` = 1, `bA` = 26).
 *
 * @param {number} number
 * @returns {string}
 */
export function encodeNumber(number) {
  let text = String.fromCharCode(65 + (number % 26))
  for (let rest = Math.floor(number / 26); rest > 0; rest = Math.floor(rest / 26)) {
    text = String.fromCharCode(97 + (rest % 26)) + text
  }
  return text
}

/**
 * Code points as runs of consecutive ones, each run two {@link encodeNumber} numbers: its distance
 * from the end of the run before (from 0 for the first) and how many code points follow its first.
 *
 * @param {Iterable<number>} codePoints
 * @returns {string}
 */
export function encodeRuns(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b)
  let text = ''
  let previous = 0
  for (let index = 0; index < sorted.length;) {
    const start = /** @type {number} */ (sorted[index])
    let end = start
    while (sorted[index + 1] === end + 1) end = /** @type {number} */ (sorted[++index])
    index++
    text += encodeNumber(start - previous) + encodeNumber(end - start)
    previous = end
  }
  return text
}

/**
 * Sequences of two or more code points (skin tones compacted by {@link compactKeys}), front-coded:
 * sorted by code point, each entry is a letter `a`…`i` (how many code points it shares with the
 * entry before, 0…8), then the code points that differ; `-X` after an entry makes its last code
 * point a range up to `X` (one entry per code point of the range, in order). Regional indicators
 * are written `A`…`Z`, so a flag is two letters; `~` stays the skin tone slot.
 *
 * @param {readonly string[]} templates
 * @returns {string}
 */
export function encodeSequences(templates) {
  const letter = (char) => {
    const code = /** @type {number} */ (char.codePointAt(0))
    return code >= REGIONAL_A && code < REGIONAL_A + 26
      ? String.fromCharCode(65 + code - REGIONAL_A)
      : char
  }
  const point = (token) => /** @type {number} */ (token.codePointAt(0))
  const sequences = templates
    .map((template) => [...template].map(letter))
    .sort((a, b) => {
      for (let index = 0; index < Math.min(a.length, b.length); index++) {
        if (a[index] !== b[index]) return point(a[index]) - point(b[index])
      }
      return a.length - b.length
    })
  let text = ''
  /** @type {string[]} */
  let previous = []
  for (let index = 0; index < sequences.length;) {
    const tokens = /** @type {string[]} */ (sequences[index])
    if (tokens.length < 2 || tokens.length > 9) throw new Error(`Cannot encode ${tokens.join('')}.`)
    const last = tokens.length - 1
    const head = tokens.slice(0, last).join('')
    let shared = 0
    while (shared < last && previous[shared] === tokens[shared]) shared++
    // The range continues while the next entry differs only by the next code point at the end;
    // a range never crosses from the ASCII stand-ins (A…Z, ~) to real code points.
    let end = index
    for (;;) {
      const next = sequences[end + 1]
      const ends = /** @type {string} */ (sequences[end]?.[last])
      if (next?.length !== tokens.length || next.slice(0, last).join('') !== head) break
      const nextEnd = /** @type {string} */ (next[last])
      if (point(nextEnd) !== point(ends) + 1 || point(nextEnd) < 0x80 !== point(ends) < 0x80) break
      end++
    }
    const final = /** @type {string[]} */ (sequences[end])
    text += PREFIX_MARKS[shared] + tokens.slice(shared).join('')
    if (end > index) text += `-${final[last]}`
    previous = final
    index = end + 1
  }
  return text
}

/**
 * The text of `src/emoji/emoji-data.generated.ts` (already Prettier-formatted).
 *
 * @param {Parameters<typeof collectEmojiData>[0] & { versions: Record<string, string> }} inputs
 *   `versions` holds the package versions named in the header.
 * @returns {string}
 */
export function renderEmojiData(inputs) {
  const data = collectEmojiData(inputs)
  const quote = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  const lists = data.order.map((version) => {
    const keys = [...data.versions].filter(([, v]) => v === version).map(([key]) => key)
    const singles = keys.filter((key) => [...key].length === 1)
    const sequences = keys.filter((key) => [...key].length > 1)
    const runs = encodeRuns(singles.map((key) => /** @type {number} */ (key.codePointAt(0))))
    return `${runs} ${encodeSequences(compactKeys(sequences))}`
  })
  const textDefault = encodeRuns(
    [...data.textDefault].map((key) => /** @type {number} */ (key.codePointAt(0)))
  )
  const counts = data.order
    .map(
      (version) => `${version}: ${[...data.versions.values()].filter((v) => v === version).length}`
    )
    .join(', ')
  const { versions } = inputs
  return `/**
 * The pinned emoji set of spec 2.3 as data: which grapheme clusters are emoji and the Unicode
 * Emoji version each first appeared in. GENERATED by \`scripts/build-emoji-data.js\` from
 * emoji-regex ${versions['emoji-regex']}, emojibase-data ${versions['emojibase-data']} and \
@iconify-json/twemoji ${versions['@iconify-json/twemoji']}; do not edit.
 *
 * ${data.versions.size} sequences (U+FE0F removed) from ${data.strings.length} emoji-regex strings; \
per version: ${counts}.
 *
 * @module
 */

/** Unicode Emoji versions, ascending (\`0.6\`, \`0.7\`: Unicode 6.0/7.0 emoji before Emoji 1.0). */
export const EMOJI_VERSIONS = [
${data.order.map((version) => `  ${quote(version)},`).join('\n')}
] as const

/** The newest version whose emoji all have Twemoji artwork: the default and highest pin. */
export const ARTWORK_EMOJI_VERSION = ${quote(data.artworkVersion)}

/**
 * Emoji per version, in the order of {@link EMOJI_VERSIONS}, as sequences without U+FE0F: the lone
 * code points as runs (\`encodeRuns\` of the generator), a space, then the longer sequences
 * front-coded (\`encodeSequences\`), where \`${TONE_SLOT}\` stands for each of the five skin tones
 * U+1F3FB…U+1F3FF and \`A\`…\`Z\` for the regional indicators U+1F1E6…U+1F1FF.
 */
export const EMOJI_BY_VERSION: readonly string[] = [
${lists.map((list) => `  ${quote(list)},`).join('\n')}
]

/** Lone code points with text presentation by default (text unless U+FE0F follows), as runs. */
export const TEXT_DEFAULT_EMOJI =
  ${quote(textDefault)}

/** The characters keycaps start with: \`X\` U+FE0F U+20E3 is the keycap of \`X\`. */
export const KEYCAP_BASES = ${quote([...data.keycapBases].sort().join(''))}
`
}

/**
 * Reads the inputs from `node_modules` (Node only).
 *
 * @param {URL} root Package root.
 */
export async function readInputs(root) {
  const { readFile } = await import('node:fs/promises')
  const read = async (path) =>
    JSON.parse(await readFile(new URL(`node_modules/${path}`, root), 'utf8'))
  const { default: emojiRegex } = await import('emoji-regex')
  return {
    regexSource: emojiRegex().source,
    emojibase: await read('emojibase-data/en/data.json'),
    twemojiChars: await read('@iconify-json/twemoji/chars.json'),
    twemojiIcons: await read('@iconify-json/twemoji/icons.json'),
    versions: {
      'emoji-regex': (await read('emoji-regex/package.json')).version,
      'emojibase-data': (await read('emojibase-data/package.json')).version,
      '@iconify-json/twemoji': (await read('@iconify-json/twemoji/package.json')).version,
    },
  }
}

async function main() {
  const { readFile, writeFile } = await import('node:fs/promises')
  const root = new URL('../', import.meta.url)
  const text = renderEmojiData(await readInputs(root))
  const target = new URL(OUTPUT_PATH, root)
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch(() => '')
    if (current !== text) {
      console.error(`${OUTPUT_PATH} is out of date: run node scripts/build-emoji-data.js`)
      process.exitCode = 1
    }
    return
  }
  await writeFile(target, text)
  console.log(`wrote ${OUTPUT_PATH} (${text.length} characters)`)
}

if (typeof process !== 'undefined' && process.argv[1] !== undefined) {
  if (import.meta.url === new URL(process.argv[1], 'file://').href) await main()
}
