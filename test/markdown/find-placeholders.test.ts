import { describe, expect, test } from 'vitest'
import { findPlaceholders } from '../../src/markdown/find-placeholders.ts'

describe('findPlaceholders', () => {
  test.each([
    ['{{first_name}}', [['{{first_name}}', 0]]],
    ['Hi {{ first_name }}!', [['{{ first_name }}', 3]]],
    ['{{{first_name}}}', [['{{{first_name}}}', 0]]],
    [
      '{{a}}{{b}}',
      [
        ['{{a}}', 0],
        ['{{b}}', 5],
      ],
    ],
    [
      '{{#if vip}}VIP{{/if}}',
      [
        ['{{#if vip}}', 0],
        ['{{/if}}', 14],
      ],
    ],
    ['{{{{a}}', [['{{{a}}', 1]]],
    ['`{{a}}`', [['{{a}}', 1]]],
    ['\\{{a}}', [['{{a}}', 1]]],
  ])('should find the placeholders of %j', (text, expected) => {
    expect(findPlaceholders(text).map((p) => [p.text, p.offset])).toEqual(expected)
  })

  test.each([
    ['{first_name}', 'single braces'],
    ['{{}}', 'no name'],
    ['{{   }}', 'a blank name'],
    ['{{first\nname}}', 'a line ending inside'],
    ['{{a}', 'an unclosed placeholder'],
    ['\\{\\{a\\}\\}', 'escaped braces'],
    ['{{'.repeat(4000), 'openers only'],
  ])('should find nothing in %j (%s)', (text) => {
    expect(findPlaceholders(text)).toEqual([])
  })
})
