import { expect, test } from 'vitest'
import { ALLOWED_MARKDOWN } from '../../src/markdown/allowed-markdown.ts'

test('should list the six features of spec 7.1 in order', () => {
  expect(ALLOWED_MARKDOWN).toEqual([
    'paragraphs',
    'line_breaks',
    'bold',
    'italic',
    'bullet_lists',
    'numbered_lists',
  ])
})

test('should be frozen, since every verdict shares it', () => {
  expect(Object.isFrozen(ALLOWED_MARKDOWN)).toBe(true)
})
