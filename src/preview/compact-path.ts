/**
 * Shorter SVG path data for glyph outlines: the largest part of a preview is its `<defs>`, so
 * every glyph is rewritten once with relative commands on whole font units.
 *
 * @module
 */

const token = /[MLHVQCZ]|-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?/gi
const plainAbsolute = /^\s*(?:M[\d\s,.eE+-]*(?:[MLHVQCZ][\d\s,.eE+-]*)*)?$/
const argumentCounts: Readonly<Record<string, number>> = {
  M: 2,
  L: 2,
  H: 1,
  V: 1,
  Q: 4,
  C: 6,
  Z: 0,
}

/**
 * Rewrites absolute path data (`M L H V Q C Z`, as `Face.glyphPath` gives) as relative commands
 * on coordinates rounded to whole units, without repeated command letters or needless
 * separators, and drops line segments of zero length. Coordinates are rounded as absolute
 * values before the differences are taken, so rounding never accumulates along a contour. One
 * font unit is 1/1000 em or less: 0.025 mm at 72 pt, a third of a 300 dpi dot.
 *
 * Anything else (relative or arc commands, malformed data) is returned unchanged.
 *
 * @param d Absolute path data in font units.
 * @returns Equivalent shorter path data, e.g. `M645 0L285 0L285 168Z` → `m645 0h-360v168z`.
 */
export function compactPathData(d: string): string {
  // Only absolute commands of outlines, and data that starts with a move-to.
  if (!plainAbsolute.test(d)) return d
  const tokens = d.match(token)
  if (tokens === null) return d
  let out = ''
  let last = ''
  let x = 0
  let y = 0
  let startX = 0
  let startY = 0
  let index = 0
  let command = ''
  const number = (): number | undefined => {
    const text = tokens[index]
    if (text === undefined || /^[a-z]$/i.test(text)) return undefined
    index++
    return Math.round(Number(text))
  }
  let separate = false
  const emit = (letter: string, values: readonly number[]): void => {
    // A repeated command needs no letter (after `m`, further pairs are `l` by definition).
    if (letter !== last || letter === 'm') {
      out += letter
      separate = false
    }
    for (const value of values) {
      const written = String(value) // integers; String(-0) is '0'
      if (separate && !written.startsWith('-')) out += ' '
      out += written
      separate = true
    }
    last = letter === 'm' ? 'l' : letter
  }
  while (index < tokens.length) {
    const current = tokens[index] ?? ''
    if (/^[a-z]$/i.test(current)) {
      if (current !== current.toUpperCase()) return d
      command = current
      index++
      if (command === 'Z') {
        out += 'z'
        last = 'z'
        separate = false
        x = startX
        y = startY
        continue
      }
    } else if (command === '' || command === 'Z') {
      return d
    }
    const count = argumentCounts[command] ?? 0
    const values: number[] = []
    for (let n = 0; n < count; n++) {
      const value = number()
      if (value === undefined) return d
      values.push(value)
    }
    switch (command) {
      case 'M': {
        const [nx = 0, ny = 0] = values
        emit('m', [nx - x, ny - y])
        x = startX = nx
        y = startY = ny
        command = 'L' // extra pairs after M are line-tos
        break
      }
      case 'L':
      case 'H':
      case 'V': {
        const nx = command === 'V' ? x : (values[0] ?? 0)
        const ny = command === 'H' ? y : command === 'V' ? (values[0] ?? 0) : (values[1] ?? 0)
        if (nx === x && ny === y) break
        if (ny === y) emit('h', [nx - x])
        else if (nx === x) emit('v', [ny - y])
        else emit('l', [nx - x, ny - y])
        x = nx
        y = ny
        break
      }
      case 'Q': {
        const [x1 = 0, y1 = 0, nx = 0, ny = 0] = values
        emit('q', [x1 - x, y1 - y, nx - x, ny - y])
        x = nx
        y = ny
        break
      }
      case 'C': {
        const [x1 = 0, y1 = 0, x2 = 0, y2 = 0, nx = 0, ny = 0] = values
        emit('c', [x1 - x, y1 - y, x2 - x, y2 - y, nx - x, ny - y])
        x = nx
        y = ny
        break
      }
    }
  }
  return out
}
