import { describe, expect, test } from 'vitest'
import {
  applyNestingCuts,
  findNestingCuts,
  MAX_LINE_CONTAINERS,
} from '../../src/markdown/limit-nesting.ts'

describe('findNestingCuts', () => {
  test('should allow 16 containers per line', () => {
    expect(MAX_LINE_CONTAINERS).toBe(16)
  })

  test.each([
    ['16 bullets', '- '.repeat(16) + 'a', []],
    ['17 bullets', '- '.repeat(17) + 'a', [32]],
    ['17 `+` bullets', '+ '.repeat(17) + 'a', [32]],
    ['17 numbers', '1. '.repeat(17) + 'a', [48]],
    ['17 numbers with `)`', '9) '.repeat(17) + 'a', [48]],
    ['17 quote markers', '>'.repeat(17) + 'a', [16]],
    ['17 quote markers with spaces', '> '.repeat(17) + 'a', [32]],
    ['17 bullets with tabs', '-\t'.repeat(17) + 'a', [32]],
    ['17 bullets after indentation', '   ' + '- '.repeat(17) + 'a', [35]],
    ['17 bullets, the last empty', '+ '.repeat(16) + '+', [32]],
    ['17 bullets that are a thematic break', '- '.repeat(16) + '-', []],
    ['a thematic break after 16 bullets', '- '.repeat(16) + '* * *', []],
    ['a thematic break made of bullets', '* '.repeat(20), []],
    ['a bullet, then a thematic break', '- '.repeat(16) + '- * * *', [32]],
    ['bullets glued to text', '-'.repeat(40), []],
    ['numbers of 10 digits', '1234567890. '.repeat(17), []],
    ['numbers without a space', '1.'.repeat(17) + 'a', []],
    ['text first', 'a ' + '- '.repeat(17), []],
  ])('should cut %s', (_name, text, cuts) => {
    expect(findNestingCuts(text)).toEqual(cuts)
  })

  test('should cut every line that needs it, whatever its line ending', () => {
    const line = '> '.repeat(17) + 'a'
    expect(findNestingCuts(`${line}\n${line}\r\n${line}\r${line}`)).toEqual([32, 68, 105, 141])
    expect(findNestingCuts(`${line}\n\nshort\n${line}`)).toEqual([32, 75])
  })

  test('should take a limit', () => {
    expect(findNestingCuts('- - - a', 2)).toEqual([4])
  })
})

describe('applyNestingCuts', () => {
  test('should replace the first character of each cut marker and keep every offset', () => {
    const text = '- '.repeat(17) + 'a\n' + '1. '.repeat(17) + 'b'
    const cut = applyNestingCuts(text, findNestingCuts(text))
    expect(cut).toHaveLength(text.length)
    expect(cut).toBe('- '.repeat(16) + 'x a\n' + '1. '.repeat(16) + 'x. b')
  })

  test('should return the text itself without cuts', () => {
    expect(applyNestingCuts('- a', [])).toBe('- a')
  })
})
