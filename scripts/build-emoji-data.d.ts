/**
 * Types of the pure helpers of `scripts/build-emoji-data.js` that tests reuse (the script is
 * plain JavaScript so that `node scripts/build-emoji-data.js` runs without a build).
 */

/** Where the generated module lives, relative to the package root. */
export const OUTPUT_PATH: string
/** Emoji components whose Twemoji artwork `chars.json` does not list, by artwork key. */
export const COMPONENT_ICON_NAMES: Readonly<Record<string, string>>
/** Every string a finite regular expression (emoji-regex's subset of syntax) matches in full. */
export function expandPattern(source: string): string[]
/** An emojibase version number as Unicode writes emoji versions (`0.6`, `1.0`, `15.1`). */
export function formatVersion(version: number): string
/** The artwork key of an emoji: hex code points without U+FE0F, joined by `-`. */
export function artworkKey(emoji: string): string
/** A whole number in base 26: lower-case letters lead, one upper-case letter ends it (`bA` = 26). */
export function encodeNumber(number: number): string
/** Code points as runs: base-26 distance from the run before, then the length after the first. */
export function encodeRuns(codePoints: Iterable<number>): string
/** Sequences of two or more code points, sorted and front-coded (`a`…`i` shared, `-X` ranges). */
export function encodeSequences(templates: readonly string[]): string
/** Inputs of the generator, read from `node_modules` by {@link readInputs}. */
export interface EmojiDataInputs {
  readonly regexSource: string
  readonly emojibase: readonly unknown[]
  readonly twemojiChars: Readonly<Record<string, string>>
  readonly twemojiIcons: { readonly icons: Readonly<Record<string, unknown>> }
  readonly versions: Readonly<Record<string, string>>
}
/** The text of `src/emoji/emoji-data.generated.ts`. */
export function renderEmojiData(inputs: EmojiDataInputs): string
/** Reads the generator's inputs from `node_modules` under a package root (Node only). */
export function readInputs(root: URL): Promise<EmojiDataInputs>
