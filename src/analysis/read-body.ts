/**
 * Reading a postcard body once. The body is untrusted (`unknown`: what `JSON.parse` returns, or
 * anything a JavaScript caller passes): every member is read exactly once into a plain copy, so
 * a getter runs at most once and nothing a body does (a getter or a proxy trap that throws) can
 * make the analysis throw. The rules judge the copy; the layouts and the preview use its strings.
 *
 * @module
 */
import { SPEC_LIMITS } from '../spec/limits.ts'
import { codePointsEnd } from '../text/code-points.ts'
import type { PostcardFields } from './types.ts'

/** A body read once: the copy the rules judge and the strings the outputs use. */
export interface BodyReading {
  /**
   * A plain copy of the body (null-prototype objects, dense arrays), deep enough for every rule:
   * the top level, its members and their members. Values below that are empty stand-ins of the
   * same kind (no rule looks into them: spec 2.3 has no deeper field).
   */
  readonly json: unknown
  /** The own string fields the outputs draw, clipped (made from `json` on first use). */
  readonly fields: PostcardFields
}

/** Depth below which members are not copied: `to.first_name` is depth 2, its members depth 3. */
const COPY_DEPTH = 3

/**
 * Code points of an address field (or printed address line) the outputs keep: address fields
 * have no stated limit (spec 2.3), but none prints more than the longest value the spec allows
 * anywhere; the rules still see the whole value.
 */
export const MAX_FIELD_LENGTH = SPEC_LIMITS.qrValueLength

/**
 * Reads a body once.
 *
 * @param body The request body as received (anything).
 * @returns The copy and the clipped string fields; empty parts where the body has nothing usable.
 */
export function readPostcardBody(body: unknown): BodyReading {
  return new Reading(readOnce(body))
}

/**
 * A body read once, its fields made on first use: a verdict alone never draws. A class, not an
 * object literal with a getter: V8 defines a literal's accessor at run time, some microseconds
 * per body.
 */
class Reading implements BodyReading {
  readonly json: unknown
  #fields: PostcardFields | undefined

  constructor(json: unknown) {
    this.json = json
  }

  get fields(): PostcardFields {
    const json = this.json
    this.#fields ??= Object.freeze({
      content: stringMap(member(json, 'content'), SPEC_LIMITS.contentValueLength),
      qrCodes: stringMap(member(json, 'qr_codes'), SPEC_LIMITS.qrValueLength),
      to: stringRecord(member(json, 'to')),
      from: stringRecord(member(json, 'from')),
    })
    return this.#fields
  }
}

/**
 * The first `max` code points of a text (never splitting a surrogate pair), scanning no further
 * than needed: a value over its limit is rejected, and the preview draws what would be its first
 * characters rather than lay out megabytes.
 *
 * @param text Any string.
 * @param max Code points to keep.
 * @returns The text, or its beginning.
 */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, codePointsEnd(text, max))
}

/**
 * Copies a JSON-like value into plain data, reading each member exactly once and never throwing:
 * own enumerable string keys only, objects as null-prototype objects (so `__proto__` stays an
 * ordinary key), lists as dense arrays. A member whose getter throws is left out; an object whose
 * keys cannot be read (a throwing proxy) keeps what was read. Members deeper than `depth` become
 * empty stand-ins of their kind.
 *
 * @param value Anything.
 * @param depth Levels of members to copy (default: 3, what the postcard rules read: `to.zip` is 2).
 * @returns The copy.
 */
export function readOnce(value: unknown, depth: number = COPY_DEPTH): unknown {
  return copy(value, 0, depth)
}

/** Copies a value: members down to `limit`, each read once, never throwing. */
function copy(value: unknown, depth: number, limit: number): unknown {
  if (typeof value !== 'object' || value === null) return value
  let isArray = false
  try {
    isArray = Array.isArray(value)
  } catch {
    // A revoked proxy: treated as an empty object.
    return Object.create(null) as object
  }
  if (isArray) {
    const result: unknown[] = []
    if (depth >= limit) return result
    try {
      const list = value as readonly unknown[]
      const length = list.length
      for (let index = 0; index < length; index++) {
        let item: unknown
        try {
          item = list[index]
        } catch {
          item = undefined
        }
        result.push(copy(item, depth + 1, limit))
      }
    } catch {
      // What was read so far is kept.
    }
    return result
  }
  const result = nullPrototypeObject() as Record<string, unknown>
  if (depth >= limit) return result
  let keys: string[]
  try {
    keys = Object.keys(value)
  } catch {
    return result
  }
  for (const key of keys) {
    let item: unknown
    try {
      item = (value as Record<string, unknown>)[key]
    } catch {
      // A getter that throws: the member is left out, as if it were absent.
      continue
    }
    // A null-prototype object takes `__proto__` as an ordinary key.
    result[key] = copy(item, depth + 1, limit)
  }
  return result
}

/**
 * An empty object without prototype. Not `Object.create(null)`: V8 makes that a dictionary (a
 * hash table), slower to fill and to read than an ordinary object, and every rule reads the copy.
 */
function nullPrototypeObject(): object {
  return Object.setPrototypeOf({}, null) as object
}

/** An own member of a copied object (never of a list), or `undefined`. */
function member(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined
}

function stringMap(value: unknown, max: number): ReadonlyMap<string, string> {
  const result = new Map<string, string>()
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return result
  // Keys, not entries: the copy is plain data, and no pair is allocated per member.
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const item = record[key]
    if (typeof item === 'string') result.set(key, clipText(item, max))
  }
  return result
}

function stringRecord(value: unknown): Readonly<Record<string, string>> {
  const result = nullPrototypeObject() as Record<string, string>
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return result
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    const item = record[key]
    if (typeof item === 'string') result[key] = clipText(item, MAX_FIELD_LENGTH)
  }
  return Object.freeze(result)
}
