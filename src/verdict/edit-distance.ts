/**
 * How far apart two short names are, for "did you mean" suggestions (design fields, CLI options)
 * and for the repair of payload keys (spec 7.1 repair rules).
 *
 * @module
 */

/**
 * The optimal string alignment distance of two strings (Damerau-Levenshtein without repeated
 * edits of a substring): insertions, deletions, substitutions and swaps of two neighbouring
 * characters count one each, so `gretting` is one from `greeting` and `bdoy` one from `body`.
 * Quadratic in the lengths: meant for names, not texts.
 *
 * @param a A name.
 * @param b Another name.
 * @param limit Stop early (returning `limit + 1`) when the lengths alone differ by more.
 * @returns The number of edits.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  const rows = a.length + 1
  const columns = b.length + 1
  const table = new Array<number>(rows * columns).fill(0)
  const at = (i: number, j: number) => table[i * columns + j] ?? 0
  for (let i = 0; i < rows; i++) table[i * columns] = i
  for (let j = 0; j < columns; j++) table[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, at(i - 2, j - 2) + 1)
      }
      table[i * columns + j] = distance
    }
  }
  return at(a.length, b.length)
}
