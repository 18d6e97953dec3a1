/**
 * Double-brace placeholders in a raw `content` value (spec 2.5).
 *
 * @module
 */

/** A double-brace placeholder found in a text. */
export interface Placeholder {
  /** The placeholder as written, braces included, e.g. `{{first_name}}`. */
  readonly text: string
  /** Offset of its first brace in the text (UTF-16 code units). */
  readonly offset: number
}

// `{{`, an optional third brace, then anything but braces and line endings, then `}}` and an
// optional third brace: `{{first_name}}`, `{{ first_name }}`, Handlebars' `{{{first_name}}}`.
// Linear: the middle class cannot match a brace, so every attempt stops at the next brace.
const PLACEHOLDER = /\{\{\{?[^\n\r{}]*\}\}\}?/g

/**
 * Finds every double-brace placeholder in the raw text, in order.
 *
 * Spec 2.5 rejects "design variables written as double-brace placeholders": the service does not
 * fill them in, so they would be printed as written. The scan runs on the text as sent, not on
 * the parsed tree, so placeholders are found everywhere: in allowed text, but also inside code,
 * link destinations, HTML or any other construct. A placeholder needs a name: `{{}}` and
 * `{{  }}` are not placeholders. Escaping the braces (`\{\{name\}\}`) writes literal braces.
 *
 * @param text The raw `content` value.
 * @returns The placeholders, in text order.
 */
export function findPlaceholders(text: string): Placeholder[] {
  const found: Placeholder[] = []
  for (const match of text.matchAll(PLACEHOLDER)) {
    // A placeholder needs a name: `{{}}` and `{{  }}` are just braces.
    if (/[^\s{}]/.test(match[0])) found.push({ text: match[0], offset: match.index })
  }
  return found
}
