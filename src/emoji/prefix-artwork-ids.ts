/**
 * Making the ids of one emoji's artwork unique inside a document that holds many emoji.
 *
 * @module
 */

/** Thrown for an id prefix that would not make valid ids: a mistake of the host program. */
export class ArtworkIdPrefixError extends Error {
  override readonly name = 'ArtworkIdPrefixError'
}

const PREFIX = /^[a-z_][\w.-]*$/i
const ID_ATTRIBUTE = /(\sid=")([^"]*")/g
const HREF_ATTRIBUTE = /(\shref="#)([^"]*")/g
const URL_REFERENCE = /url\(#([\w.-]+)\)/g

/**
 * Prefixes every `id` of an artwork body and every reference to it (`href="#…"`, `url(#…)`), so
 * two emoji inlined in one SVG never clash, and an emoji can never point at another part of the
 * document (Twemoji bodies reuse ids such as clip paths across icons).
 *
 * @example
 * prefixArtworkIds('<clipPath id="a"><path d="M0 0h36v36H0z"/></clipPath><g clip-path="url(#a)"/>', 'e1f1e9-1f1ea-')
 * // '<clipPath id="e1f1e9-1f1ea-a">…</clipPath><g clip-path="url(#e1f1e9-1f1ea-a)"/>'
 *
 * @param body A body from `sanitizeArtworkBody` (or any `EmojiArtworkSource` of this package):
 *   attributes double-quoted, references only `href="#id"` and `url(#id)`.
 * @param prefix Starts with a letter or `_`, then letters, digits, `_`, `.`, `-`; e.g. the
 *   artwork key with a letter in front (`e1f600-`).
 * @returns The body with prefixed ids.
 * @throws {ArtworkIdPrefixError} When the prefix would not make valid ids (host misuse).
 */
export function prefixArtworkIds(body: string, prefix: string): string {
  if (!PREFIX.test(prefix)) {
    throw new ArtworkIdPrefixError(
      `Unexpected id prefix \`${prefix}\`, expected a letter or \`_\` followed by letters, digits, \`_\`, \`.\` or \`-\`.`
    )
  }
  return body
    .replace(ID_ATTRIBUTE, `$1${prefix}$2`)
    .replace(HREF_ATTRIBUTE, `$1${prefix}$2`)
    .replace(URL_REFERENCE, `url(#${prefix}$1)`)
}
