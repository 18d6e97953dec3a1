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
    content: new Map(Object.entries(strings(member(body, 'content'), MAX_CONTENT_LENGTH))),
    qrCodes: new Map(Object.entries(strings(member(body, 'qr_codes'), MAX_FIELD_LENGTH))),
    to: strings(member(body, 'to'), MAX_FIELD_LENGTH),
    from: strings(member(body, 'from'), MAX_FIELD_LENGTH),
  }
}

// Spec 2.5 and 8: a `content` value has at most 8000 characters; a longer one is rejected, and
// the preview draws what would be its first 8000 rather than lay out megabytes.
const MAX_CONTENT_LENGTH = 8000
// Spec 2.6 and 8: a QR value has at most 2048 characters; address fields have no stated limit,
// but none prints more than fits a card.
const MAX_FIELD_LENGTH = 2048

/**
 * The first `max` code points of a text (never splitting a surrogate pair), scanning no further
 * than needed.
 */
function clip(text: string, max: number): string {
  if (text.length <= max) return text
  let index = 0
  for (let count = 0; count < max && index < text.length; count++) {
    const unit = text.charCodeAt(index)
    const next = text.charCodeAt(index + 1)
    index += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1
  }
  return text.slice(0, index)
}

function member(value: unknown, name: string): unknown {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined
  } catch {
    return undefined
  }
}

function strings(value: unknown, max: number): Record<string, string> {
  const result: Record<string, string> = Object.create(null) as Record<string, string>
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return result
    for (const key of Object.keys(value)) {
      const item = member(value, key)
      if (typeof item === 'string') result[key] = clip(item, max)
    }
  } catch {
    // A hostile object (throwing proxy trap): what was read so far is kept.
  }
  return result
}
