import { describe, expect, test } from 'vitest'
import { findPipeTable } from '../../src/markdown/find-pipe-table.ts'

describe('findPipeTable', () => {
  test.each([
    ['| a | b |\n|---|---|', 0],
    ['| a | b |\n| --- | --- |\n| 1 | 2 |', 0],
    ['a | b\n--|--', 0],
    ['| a | b\n:-- | --:', 0],
    ['| a |\n|:-:|', 0],
    ['| a |\n| - |', 0],
    ['intro\n| a | b |\n|---|---|', 6],
    ['intro\r\n| a | b |\r\n|---|---|', 7],
    ['  | a | b |\n  |---|---|', 2],
    ['| a \\| b |\n|---|', 0],
    ['| `a|b` |\n|---|---|', 0],
    ['||\n|-|', 0],
  ])('should find the table in %j', (source, offset) => {
    expect(findPipeTable(source)).toBe(offset)
  })

  test.each([
    ['a | b', 'a single row'],
    ['| a | b |\n| c | d |', 'no delimiter row'],
    ['| a | b |\n|---|', 'fewer delimiter cells'],
    ['| a |\n|---|---|', 'more delimiter cells'],
    ['a\n---', 'no pipe (a setext heading)'],
    ['a\n:-', 'no pipe in either row'],
    ['| a \\| b |\n|---|---|', 'an escaped pipe, so one cell'],
    ['| a | b |\n|-x-|---|', 'a delimiter cell with text'],
    ['| a | b |\n|   |---|', 'an empty delimiter cell'],
    ['|---|---|', 'a delimiter row alone'],
    ['', 'nothing'],
  ])('should find no table in %j (%s)', (source) => {
    expect(findPipeTable(source)).toBeUndefined()
  })
})
