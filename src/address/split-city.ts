/**
 * The state or province written after the city: the address object of spec 2.3 has no field
 * for it, so `New York, NY` and `Roma (RM)` carry it in `city`.
 *
 * @module
 */
import { subdivisionsOf } from './country-table.ts'

/** The city and the subdivision found after it. */
export interface CityParts {
  /** The city alone (`New York`). */
  readonly locality: string
  /** The subdivision's code (`NY`), `''` when none was found. */
  readonly state: string
}

// What may stand between a city and its subdivision: `City, NY`, `City NY`, `City (RM)`.
const SEPARATORS = ' ,(-'

/**
 * Splits the state or province off a city where the destination's addresses name one (the US
 * state, the Italian province, the Irish county): a two-letter code after the city (`New York
 * NY`, `New York, NY`, `Roma (RM)`) or a longer key after a comma (`Macroom, Co. Cork`). Other
 * countries' cities are returned whole.
 *
 * @param city The city as sent (one line, trimmed).
 * @param country The destination's code.
 * @returns The city and the subdivision's code (`''` when none).
 */
export function splitCity(city: string, country: string | undefined): CityParts {
  const subdivisions = country === undefined ? undefined : subdivisionsOf(country)
  if (subdivisions === undefined) return { locality: city, state: '' }
  // A two-letter code at the end, after a separator (a closing parenthesis or dot may follow).
  let end = city.length
  while (end > 0 && (city[end - 1] === ')' || city[end - 1] === '.')) end--
  const key = city.slice(end - 2, end).toUpperCase()
  if (end >= 4 && SEPARATORS.includes(city[end - 3] as string) && subdivisions.keys.includes(key)) {
    return { locality: trimSeparators(city.slice(0, end - 2)), state: key }
  }
  // The subdivision's name (or a longer key: `Co. Cork`) after the last comma.
  const comma = city.lastIndexOf(',')
  if (comma > 0) {
    const name = city
      .slice(comma + 1)
      .trim()
      .toLowerCase()
    let index = subdivisions.names.indexOf(name)
    if (index < 0) index = subdivisions.keys.findIndex((key) => key.toLowerCase() === name)
    const named = subdivisions.keys[index]
    if (named !== undefined) return { locality: trimSeparators(city.slice(0, comma)), state: named }
  }
  return { locality: city, state: '' }
}

function trimSeparators(locality: string): string {
  let end = locality.length
  while (end > 0 && SEPARATORS.includes(locality[end - 1] as string)) end--
  return locality.slice(0, end)
}
