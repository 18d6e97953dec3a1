/**
 * Outlines of CFF and CFF2 glyphs: an interpreter of Type 2 charstrings (Adobe TN #5177) and
 * CFF2 charstrings (OpenType "CFF2 Charstring Format") producing M/L/C/Z commands in font
 * units. Hints are parsed only as far as needed to skip them (stems count the `hintmask`
 * bytes); subroutines are followed to a depth of 10; CFF2 `blend` adds the deltas of the
 * face's instance, weighted by the region scalars of the ItemVariationStore. For CFF 1 the
 * commands are the ones opentype.js 2.0 gives, glyph for glyph on the test faces, so both
 * engines draw the same; this replaces the opentype.js reader hosts had to pass per registry.
 *
 * @module
 */
import { subrBias, type CffFont, type CffIndex } from './cff-font.ts'
import type { GlyphOutlines } from './glyf-outlines.ts'
import type { PathCommand } from './glyph-path.ts'
import type { ItemVariationStore } from './item-variation-store.ts'

/** Subroutine nesting limit of TN #5177 Appendix B. */
const MAX_DEPTH = 10
/**
 * Operators one glyph may run, subroutine calls included: real glyphs run a few hundred, and
 * subroutines that call each other ten deep could otherwise make one glyph run for minutes.
 */
const MAX_OPERATORS = 50_000
/** Argument stack limits: 48 (CFF) and 513 (CFF2). */
const STACK_LIMIT = { 1: 48, 2: 513 } as const

/**
 * Makes the outline reader of a CFF or CFF2 table.
 *
 * @param font The parsed table.
 * @param store CFF2: the variation store at the face's instance (default instance without).
 * @returns The commands of a glyph by id; `[]` outside the font. Throws a `RangeError` on a
 *   charstring it cannot run (the face draws that glyph as nothing).
 */
export function createCffOutlines(font: CffFont, store?: ItemVariationStore): GlyphOutlines {
  const limit = STACK_LIMIT[font.version]
  const globalBias = subrBias(font.globalSubrs)

  const draw = (glyphId: number, seacDepth: number): PathCommand[] => {
    const program = font.program(glyphId)
    if (!program) return []
    const commands: PathCommand[] = []
    const stack: number[] = []
    let stems = 0
    let haveWidth = font.version === 2
    let open = false
    let x = 0
    let y = 0
    let vsindex = font.defaultVsIndex(glyphId)
    let operators = 0
    const localBias = subrBias(program.localSubrs)

    const push = (value: number): void => {
      if (stack.length >= limit) throw new RangeError('charstring stack overflow')
      stack.push(value)
    }
    const shift = (): number => {
      const value = stack.shift()
      if (value === undefined) throw new RangeError('charstring stack underflow')
      return value
    }
    const pop = (): number => {
      const value = stack.pop()
      if (value === undefined) throw new RangeError('charstring stack underflow')
      return value
    }
    const moveTo = (): void => {
      if (open) commands.push({ type: 'Z' })
      commands.push({ type: 'M', x, y })
      open = true
    }
    const lineTo = (): void => {
      commands.push({ type: 'L', x, y })
    }
    const curveTo = (x1: number, y1: number, x2: number, y2: number): void => {
      commands.push({ type: 'C', x1, y1, x2, y2, x, y })
    }
    /** The first operand of the first stack-clearing operator may be the width (CFF 1). */
    const width = (expected: number): void => {
      if (!haveWidth && stack.length > expected) shift()
      haveWidth = true
    }
    const stemHints = (): void => {
      if (!haveWidth && stack.length % 2 === 1) shift()
      haveWidth = true
      stems += stack.length >> 1
      stack.length = 0
    }
    /** rrcurveto-style relative curve from six operands starting at the current point. */
    const curve = (
      dx1: number,
      dy1: number,
      dx2: number,
      dy2: number,
      dx3: number,
      dy3: number
    ): void => {
      const x1 = x + dx1
      const y1 = y + dy1
      const x2 = x1 + dx2
      const y2 = y1 + dy2
      x = x2 + dx3
      y = y2 + dy3
      curveTo(x1, y1, x2, y2)
    }
    const blend = (): void => {
      const count = pop()
      const scalars = store?.scalars(vsindex)
      const regions = scalars?.length ?? 0
      const first = stack.length - count * (regions + 1)
      if (count < 0 || first < 0) throw new RangeError('blend operands')
      let delta = first + count
      for (let index = 0; index < count; index++) {
        let value = stack[first + index] as number
        for (let region = 0; region < regions; region++) {
          value += (scalars?.[region] as number) * (stack[delta++] as number)
        }
        stack[first + index] = value
      }
      stack.length = first + count
    }

    const run = (code: Uint8Array, depth: number): boolean => {
      if (depth > MAX_DEPTH) throw new RangeError('subroutines nested too deep')
      let at = 0
      while (at < code.length) {
        const op = code[at++] as number
        if (op >= 32 || op === 28) {
          if (op === 28) {
            push((((code[at] as number) << 24) | ((code[at + 1] as number) << 16)) >> 16)
            at += 2
          } else if (op <= 246) push(op - 139)
          else if (op <= 250) push((op - 247) * 256 + (code[at++] as number) + 108)
          else if (op <= 254) push(-(op - 251) * 256 - (code[at++] as number) - 108)
          else {
            const fixed =
              ((code[at] as number) << 24) |
              ((code[at + 1] as number) << 16) |
              ((code[at + 2] as number) << 8) |
              (code[at + 3] as number)
            push(fixed / 65536)
            at += 4
          }
          continue
        }
        if (++operators > MAX_OPERATORS) throw new RangeError('charstring runs too long')
        switch (op) {
          case 1: // hstem
          case 3: // vstem
          case 18: // hstemhm
          case 23: // vstemhm
            stemHints()
            break
          case 19: // hintmask
          case 20: // cntrmask
            stemHints()
            at += (stems + 7) >> 3
            break
          case 21: // rmoveto
            width(2)
            y += pop()
            x += pop()
            stack.length = 0
            moveTo()
            break
          case 22: // hmoveto
            width(1)
            x += pop()
            stack.length = 0
            moveTo()
            break
          case 4: // vmoveto
            width(1)
            y += pop()
            stack.length = 0
            moveTo()
            break
          case 5: // rlineto
            while (stack.length >= 2) {
              x += shift()
              y += shift()
              lineTo()
            }
            stack.length = 0
            break
          case 6: // hlineto
          case 7: {
            // vlineto
            let horizontal = op === 6
            while (stack.length > 0) {
              if (horizontal) x += shift()
              else y += shift()
              lineTo()
              horizontal = !horizontal
            }
            break
          }
          case 8: // rrcurveto
            while (stack.length >= 6) curve(shift(), shift(), shift(), shift(), shift(), shift())
            stack.length = 0
            break
          case 24: // rcurveline
            while (stack.length > 2) curve(shift(), shift(), shift(), shift(), shift(), shift())
            x += shift()
            y += shift()
            lineTo()
            stack.length = 0
            break
          case 25: // rlinecurve
            while (stack.length > 6) {
              x += shift()
              y += shift()
              lineTo()
            }
            curve(shift(), shift(), shift(), shift(), shift(), shift())
            stack.length = 0
            break
          case 26: // vvcurveto
            if (stack.length % 2 === 1) x += shift()
            while (stack.length >= 4) curve(0, shift(), shift(), shift(), 0, shift())
            stack.length = 0
            break
          case 27: // hhcurveto
            if (stack.length % 2 === 1) y += shift()
            while (stack.length >= 4) {
              const dx1 = shift()
              const dx2 = shift()
              const dy2 = shift()
              curve(dx1, 0, dx2, dy2, shift(), 0)
            }
            stack.length = 0
            break
          case 30: // vhcurveto
          case 31: {
            // hvcurveto
            let vertical = op === 30
            while (stack.length >= 4) {
              const a = shift()
              const b = shift()
              const c = shift()
              const d = shift()
              const last = stack.length === 1 ? shift() : 0
              if (vertical) curve(0, a, b, c, d, last)
              else curve(a, 0, b, c, last, d)
              vertical = !vertical
            }
            stack.length = 0
            break
          }
          case 10: // callsubr
          case 29: {
            // callgsubr
            const subrs: CffIndex = op === 10 ? program.localSubrs : font.globalSubrs
            const index = pop() + (op === 10 ? localBias : globalBias)
            const subr = subrs.item(index)
            if (subr.length > 0 && run(subr, depth + 1)) return true
            break
          }
          case 11: // return
            if (font.version === 1) return false
            break
          case 14: // endchar
            if (font.version === 2) break
            if (stack.length >= 4 && seacDepth === 0) {
              // seac: a base and an accent glyph by Standard Encoding code (TN #5177 Appendix C).
              const accent = pop()
              const base = pop()
              const ady = pop()
              const adx = pop()
              const baseGlyph = font.glyphOfStandardCode(base)
              const accentGlyph = font.glyphOfStandardCode(accent)
              if (baseGlyph >= 0 && accentGlyph >= 0) {
                commands.push(...draw(baseGlyph, 1))
                for (const command of draw(accentGlyph, 1))
                  commands.push(shifted(command, adx, ady))
              }
            } else {
              width(0)
            }
            if (open) commands.push({ type: 'Z' })
            open = false
            return true
          case 15: // vsindex (CFF2)
            if (font.version === 2) vsindex = pop()
            break
          case 16: // blend (CFF2)
            if (font.version === 2) blend()
            break
          case 12: {
            const escape = code[at++] as number
            if (escape === 35) {
              // flex
              curve(shift(), shift(), shift(), shift(), shift(), shift())
              curve(shift(), shift(), shift(), shift(), shift(), shift())
            } else if (escape === 34) {
              // hflex
              const startY = y
              const [dx1, dx2, dy2, dx3, dx4, dx5, dx6] = [
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
              ]
              curve(dx1, 0, dx2, dy2, dx3, 0)
              curve(dx4, 0, dx5, startY - y, dx6, 0)
            } else if (escape === 36) {
              // hflex1
              const startY = y
              const [dx1, dy1, dx2, dy2, dx3, dx4, dx5, dy5, dx6] = [
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
              ]
              curve(dx1, dy1, dx2, dy2, dx3, 0)
              curve(dx4, 0, dx5, dy5, dx6, startY - y - dy5)
            } else if (escape === 37) {
              // flex1: the last operand is dx6 or dy6, by which way the curves went further.
              const startX = x
              const startY = y
              const d = [
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
                shift(),
              ] as const
              const last = shift()
              const dx = d[0] + d[2] + d[4] + d[6] + d[8]
              const dy = d[1] + d[3] + d[5] + d[7] + d[9]
              curve(d[0], d[1], d[2], d[3], d[4], d[5])
              const x4 = x + d[6] + d[8]
              const y4 = y + d[7] + d[9]
              if (Math.abs(dx) > Math.abs(dy)) curve(d[6], d[7], d[8], d[9], last, startY - y4)
              else curve(d[6], d[7], d[8], d[9], startX - x4, last)
            }
            // Arithmetic and storage operators (deprecated, absent from CFF2) are not run.
            stack.length = 0
            break
          }
          default:
            // Reserved operators clear the stack.
            stack.length = 0
        }
      }
      return false
    }
    run(program.charstring, 0)
    // A CFF2 charstring has no endchar: its last contour closes where it ends.
    if (open) commands.push({ type: 'Z' })
    return commands
  }

  return (glyphId) => draw(glyphId, 0)
}

/** A command moved by `(dx, dy)` (a `seac` accent). */
function shifted(command: PathCommand, dx: number, dy: number): PathCommand {
  if (command.type === 'Z') return command
  const moved: { -readonly [K in keyof PathCommand]: PathCommand[K] } = { ...command }
  moved.x = (command.x ?? 0) + dx
  moved.y = (command.y ?? 0) + dy
  if (command.x1 !== undefined) moved.x1 = command.x1 + dx
  if (command.y1 !== undefined) moved.y1 = command.y1 + dy
  if (command.x2 !== undefined) moved.x2 = command.x2 + dx
  if (command.y2 !== undefined) moved.y2 = command.y2 + dy
  return moved
}
