/**
 * The languages messages for people come in: English, German, Dutch and French, the languages
 * of the destination countries the spec states (spec 1: Germany, Austria, Switzerland, the
 * Netherlands). Codes and data never change with the language; the 422 body is always English.
 *
 * @module
 */

/** A language of the message catalogues. */
export type Locale = 'en' | 'de' | 'nl' | 'fr'

/** Every language with a catalogue, English first (the language of the service). */
export const LOCALES: readonly Locale[] = Object.freeze(['en', 'de', 'nl', 'fr'] as const)

/**
 * Misuse: a locale that is not a BCP 47 language tag (or a list of them). Never thrown because
 * of a body.
 */
export class LocaleError extends Error {
  override readonly name = 'LocaleError'
}

/** A requested locale resolved: the catalogue's language and the tag numbers are formatted in. */
export interface ResolvedLocale {
  /** The language of the catalogue. */
  readonly language: Locale
  /**
   * The BCP 47 tag for `Intl` (`de-AT`, `fr-CH`): the region formats numbers (`3.2 mm` in
   * `de-CH`, `3,2 mm` in `de`). English is always `en`: its messages are the service's own, word
   * for word, whatever the region.
   */
  readonly tag: string
}

function isLocale(language: string): language is Locale {
  return (LOCALES as readonly string[]).includes(language)
}

/**
 * Picks the catalogue for a requested locale, as `Intl` picks a locale: the first tag whose
 * language has a catalogue (`de-AT` → German, formatted as in Austria), else English. A list
 * (such as `navigator.languages`) is tried in order.
 *
 * @param requested A BCP 47 tag, a list of them, or `undefined` (English).
 * @returns The language and the tag to format numbers with.
 * @throws {LocaleError} For a value that is not a well-formed BCP 47 tag (or list of them).
 */
export function resolveLocale(requested: string | readonly string[] | undefined): ResolvedLocale {
  if (requested === undefined) return { language: 'en', tag: 'en' }
  const tags = typeof requested === 'string' ? [requested] : requested
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string')) {
    throw new LocaleError(
      `Unexpected locale \`${String(requested)}\`, expected a BCP 47 language tag such as \`de-AT\``
    )
  }
  let canonical: string[]
  try {
    canonical = Intl.getCanonicalLocales(tags as string[])
  } catch {
    throw new LocaleError(
      `Unexpected locale \`${tags.join(', ')}\`, expected a BCP 47 language tag such as \`de-AT\``
    )
  }
  for (const tag of canonical) {
    const language = tag.split('-')[0]?.toLowerCase() ?? ''
    if (!isLocale(language)) continue
    return { language, tag: language === 'en' ? 'en' : tag }
  }
  return { language: 'en', tag: 'en' }
}
