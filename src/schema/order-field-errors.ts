/**
 * The order errors are reported in: the order of the spec's field tables.
 *
 * @module
 */
import type { FieldError } from '../verdict/types.ts'

/** Rank of a key that no order names: after the named ones, in the order found. */
const UNNAMED = Number.MAX_SAFE_INTEGER

/**
 * Sorts field errors into document order, keeping the order found among errors of equal rank
 * (the sort is stable), so several messages of one field keep the order of the checks.
 *
 * A path ranks by the longest prefix that `fieldOrder` names, then by its remaining key in
 * `keyOrders[prefix]`: `content.body` ranks as `content`, then as key `body` in the design's
 * order of Markdown areas. The prefix itself (`content`) comes before its keys; unknown keys
 * come after the named ones.
 *
 * @param errors Field errors in the order found.
 * @param fieldOrder Paths in document order (a generated module's `fieldOrder`).
 * @param keyOrders Orders of the keys of free-form objects, e.g. `{ content: ['greeting'] }`.
 * @returns A new array, sorted.
 */
export function orderFieldErrors<E extends Pick<FieldError, 'path'>>(
  errors: readonly E[],
  fieldOrder: readonly string[],
  keyOrders: Readonly<Record<string, readonly string[]>> = {}
): E[] {
  // A valid body, the common case: no field order to look up.
  if (errors.length === 0) return []
  const index = new Map(fieldOrder.map((path, position) => [path, position]))
  const rank = (path: string): [number, number] => {
    const segments = path.split('.')
    for (let length = segments.length; length > 0; length--) {
      const prefix = segments.slice(0, length).join('.')
      const position = index.get(prefix)
      if (position === undefined) continue
      if (length === segments.length) return [position, -1]
      const rest = segments.slice(length).join('.')
      const keys = Object.hasOwn(keyOrders, prefix) ? keyOrders[prefix] : undefined
      const keyPosition = keys?.indexOf(rest) ?? -1
      return [position, keyPosition === -1 ? UNNAMED : keyPosition]
    }
    return [fieldOrder.length, UNNAMED]
  }
  const ranked = errors.map((error) => ({ error, rank: rank(error.path) }))
  ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1])
  return ranked.map((item) => item.error)
}
