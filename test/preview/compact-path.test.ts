import { describe, expect, test } from 'vitest'
import { compactPathData } from '../../src/preview/compact-path.ts'
import { testRegistry } from './preview-cases.ts'

/** Absolute end points (and control points) of path data, relative commands resolved. */
function points(d: string): string[] {
  const tokens = d.match(/[a-z]|-?\d+(?:\.\d+)?/gi) ?? []
  const out: string[] = []
  let x = 0
  let y = 0
  let sx = 0
  let sy = 0
  let command = ''
  let index = 0
  const next = (): number => Number(tokens[index++])
  while (index < tokens.length) {
    if (/^[a-z]$/i.test(tokens[index] ?? '')) command = tokens[index++] ?? ''
    const relative = command === command.toLowerCase()
    const bx = relative ? x : 0
    const by = relative ? y : 0
    switch (command.toUpperCase()) {
      case 'M':
      case 'L': {
        x = bx + next()
        y = by + next()
        if (command.toUpperCase() === 'M') {
          sx = x
          sy = y
          command = relative ? 'l' : 'L'
        }
        out.push(`L${Math.round(x)},${Math.round(y)}`)
        break
      }
      case 'H':
        x = bx + next()
        out.push(`L${Math.round(x)},${Math.round(y)}`)
        break
      case 'V':
        y = by + next()
        out.push(`L${Math.round(x)},${Math.round(y)}`)
        break
      case 'Q': {
        const cx = bx + next()
        const cy = by + next()
        x = bx + next()
        y = by + next()
        out.push(`Q${Math.round(cx)},${Math.round(cy)},${Math.round(x)},${Math.round(y)}`)
        break
      }
      case 'C': {
        const c = [bx + next(), by + next(), bx + next(), by + next()]
        x = bx + next()
        y = by + next()
        out.push(`C${c.map(Math.round).join(',')},${Math.round(x)},${Math.round(y)}`)
        break
      }
      case 'Z':
        x = sx
        y = sy
        out.push('Z')
        break
    }
  }
  // Zero-length line segments are dropped by the compaction; drop them here too.
  return out.filter(
    (point, i) =>
      !(
        point.startsWith('L') &&
        out[i - 1]?.endsWith(point.slice(1)) &&
        out[i - 1] !== 'Z' &&
        i > 0 &&
        !out[i - 1]?.startsWith('Z')
      )
  )
}

describe('compactPathData', () => {
  test.each([
    ['M645 0L645 0L285 0L285 168L633 168Z', 'm645 0h-360v168h348z'],
    [
      'M10.4 20.6L30 20.6L30 40Q35.5 45 40 40C41 42 43 44 45 40Z',
      'm10 21h20v19q6 5 10 0c1 2 3 4 5 0z',
    ],
    // After a move-to, further pairs are line-tos (SVG 2 §9.3.3): no `l` needed.
    ['M0 0L10 10L20 0ZM5 5L6 6Z', 'm0 0 10 10 10-10zm5 5 1 1z'],
    ['M-5 -5L-10 -10', 'm-5-5-5-5'],
    ['M1e1 2.5e0L20 2', 'm10 3 10-1'],
    ['', ''],
  ])('should compact %j to %j', (input, output) => {
    expect(compactPathData(input)).toBe(output)
  })

  test.each(['M0 0A5 5 0 0 1 10 10', 'm0 0l1 1', 'M0 0L1', 'L1 1', '5 5', 'M0 0S1 1 2 2'])(
    'should return %j unchanged when it is not plain absolute data',
    (input) => {
      expect(compactPathData(input)).toBe(input)
    }
  )

  test('should keep the outline of every glyph of the shipped fonts within rounding', async () => {
    const fonts = await testRegistry()
    let before = 0
    let after = 0
    for (const family of fonts.families) {
      for (const style of [
        { bold: false, italic: false },
        { bold: true, italic: true },
      ]) {
        const face = fonts.face(family, style)
        for (const character of 'AgQ&@ßéø%8?«»€🙂') {
          const d = face.glyphPath(face.glyphId(character.codePointAt(0) ?? 0))
          const compact = compactPathData(d)
          expect(points(compact), `${family} ${character}`).toEqual(points(d))
          before += d.length
          after += compact.length
        }
      }
    }
    // The point of it: defs are the bulk of a preview.
    expect(after).toBeLessThan(before * 0.65)
  })
})
