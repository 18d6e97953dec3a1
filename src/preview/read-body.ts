/**
 * A safe snapshot of the parts of a postcard body a preview draws. The body is untrusted
 * (`unknown`): anything that is not an own string field is ignored, and nothing it does (a getter
 * that throws, a proxy) can make the preview throw.
 *
 * @module
 */

/** The strings a preview draws from a body (spec 2.3, 2.5, 2.6). */
export interface BodySnapshot {
  /** `content` values that are strings, by key. */
  readonly content: ReadonlyMap<string, string>
  /** `qr_codes` values that are strings, by key. */
  readonly qrCodes: ReadonlyMap<string, string>
  /** String fields of `to`. */
  readonly to: Readonly<Record<string, string>>
  /** String fields of `from`. */
  readonly from: Readonly<Record<string, string>>
}

/**
 * Copies the drawable strings out of a body.
 *
 * @param body The request body as received (anything).
 * @returns The snapshot; empty parts where the body has nothing usable.
 */
export function readBody(body: unknown): BodySnapshot {
  return {
    content: new Map(Object.entries(strings(member(body, 'content')))),
    qrCodes: new Map(Object.entries(strings(member(body, 'qr_codes')))),
    to: strings(member(body, 'to')),
    from: strings(member(body, 'from')),
  }
}

function member(value: unknown, name: string): unknown {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined
  } catch {
    return undefined
  }
}

function strings(value: unknown): Record<string, string> {
  const result: Record<string, string> = Object.create(null) as Record<string, string>
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return result
    for (const key of Object.keys(value)) {
      const item = member(value, key)
      if (typeof item === 'string') result[key] = item
    }
  } catch {
    // A hostile object (throwing proxy trap): what was read so far is kept.
  }
  return result
}
