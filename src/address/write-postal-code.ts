/**
 * A postal code as its post writes it: capitals, and the one space where the post puts it.
 *
 * @module
 */
import type { CountryConventions } from './types.ts'

const SPACES = /\s+/g

/**
 * The postal code as the destination's post writes it: upper case, runs of spaces as one, and
 * the space placed as in the post's examples when the layout allows it written with or without
 * one (`1016gv` → `1016 GV` for PostNL, `sw1a1aa` → `SW1A 1AA` for Royal Mail, `75 008` →
 * `75008` for La Poste). A code that does not have its country's layout is returned trimmed and
 * upper-cased only (the check reports it).
 *
 * @param zip The `zip` as sent (one line, trimmed).
 * @param conventions The destination's conventions.
 * @returns The code to print.
 */
export function writePostalCode(zip: string, conventions: CountryConventions): string {
  const code = zip.toUpperCase().replace(SPACES, ' ')
  const pattern = conventions.zip
  if (pattern === undefined) return code
  const compact = code.replace(SPACES, '')
  if (!conventions.zipSpaced) {
    return compact !== code && pattern.test(compact) ? compact : code
  }
  if (compact === code || !pattern.test(code)) {
    // Insert the one space at the first place where the code has the layout with it.
    for (let at = 1; at < compact.length; at++) {
      const spaced = `${compact.slice(0, at)} ${compact.slice(at)}`
      if (pattern.test(spaced)) return spaced
    }
  }
  return code
}
