/**
 * The shape of a message catalogue: one per language, keyed by the findings' stable codes, each
 * entry wording a finding from its path and its data. A catalogue never sees an English string
 * of a finding; what a message needs is in the finding's data.
 *
 * @module
 */
import type { FitMeasurement } from '../layout/measure-fit.ts'
import type { FieldError, Warning } from '../verdict/types.ts'
import type { Formatter } from './formatter.ts'

/** Thrown by a {@link FindingData} read when the finding lacks what its entry needs. */
export class MissingData extends Error {
  override readonly name = 'MissingData'
}

/** Typed reads of a finding's `data`; a missing or mistyped member throws {@link MissingData}. */
export interface FindingData {
  /** A number member. */
  number(key: string): number
  /** A string member. */
  string(key: string): string
  /** A string member, or `undefined` when absent. */
  optionalString(key: string): string | undefined
  /** A number member, or `undefined` when absent (or `null`). */
  optionalNumber(key: string): number | undefined
  /** A list of strings. */
  strings(key: string): readonly string[]
  /** A list of strings, or `undefined` when absent. */
  optionalStrings(key: string): readonly string[] | undefined
}

/**
 * Reads a finding's data.
 *
 * @param data The `data` of a field error or warning.
 * @returns The typed reads.
 */
export function findingData(data: Readonly<Record<string, unknown>> | undefined): FindingData {
  const value = (key: string): unknown => (data && Object.hasOwn(data, key) ? data[key] : undefined)
  const fail = (key: string): never => {
    throw new MissingData(`Unexpected finding without \`${key}\` in its data`)
  }
  const strings = (key: string): readonly string[] => {
    const found = value(key)
    return Array.isArray(found) && found.every((item) => typeof item === 'string')
      ? (found as string[])
      : fail(key)
  }
  return {
    number(key) {
      const found = value(key)
      return typeof found === 'number' && Number.isFinite(found) ? found : fail(key)
    },
    string(key) {
      const found = value(key)
      return typeof found === 'string' ? found : fail(key)
    },
    optionalString(key) {
      const found = value(key)
      if (found === undefined) return undefined
      return typeof found === 'string' ? found : fail(key)
    },
    optionalNumber(key) {
      const found = value(key)
      if (found === undefined || found === null) return undefined
      return typeof found === 'number' && Number.isFinite(found) ? found : fail(key)
    },
    strings,
    optionalStrings: (key) => (value(key) === undefined ? undefined : strings(key)),
  }
}

/** One entry: words a finding of one code from its path and data. */
export type Entry<Finding> = (finding: Finding, data: FindingData, format: Formatter) => string

/** What the fit meter of a form says, in one language. */
export interface FitMeterWords {
  /** `3.2 mm left` (the space is already formatted: `3,2 mm`). */
  readonly left: (space: string) => string
  /** `overflows by 4.1 mm`. */
  readonly overflows: (overflow: string) => string
  /** `too wide by 2.3 mm` (one word wider than the area). */
  readonly tooWide: (overflow: string) => string
  /** `: cut 86 characters`, appended to the two above. */
  readonly cut: (characters: number, format: Formatter) => string
  /** `35.2 of 40 mm used, 8 lines` (the meter's detail). */
  readonly detail: (measurement: FitMeasurement, format: Formatter) => string
}

/** A language's messages. */
export interface Catalogue {
  /** Field errors by `code` (`required`, `fit`, `url`...). */
  readonly errors: Readonly<Record<string, Entry<FieldError>>>
  /** Warnings by `code` (`emoji-not-in-set`, `zip-format`...). */
  readonly warnings: Readonly<Record<string, Entry<Warning>>>
  /** The fit meter. */
  readonly fit: FitMeterWords
}
