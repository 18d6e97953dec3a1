/**
 * Oracle: the whitelist finds exactly the constructs the CommonMark reference parser
 * (commonmark.js, which we did not write) finds, on every example of the CommonMark spec and on
 * random texts made of Markdown syntax.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import examples from '../fixtures/markdown/commonmark-spec-examples.json' with { type: 'json' }
import { knownDivergence, ourConstructs, referenceConstructs } from './commonmark-constructs.ts'

/** Pieces of Markdown syntax (and a little text) the random texts are made of. */
const SYNTAX = [
  ...['*', '_', '**', '[', ']', '(', ')', '![', '<', '>', '`', '```', '~~~', '#', '# ', '=', '-'],
  ...['+', '1.', '2)', '|', ':', '\\', '&amp;', '&#', '"', "'", '/', '.', '@'],
  ...[' ', '  ', '    ', '\t', '\n', '\n\n', '- ', '> ', '1. '],
  ...['a', 'b', 'div', '<!--', '-->', 'http://x', 'x@y.z', '{{a}}'],
]

describe('checkMarkdown against commonmark.js', () => {
  test('should read all 652 examples of the CommonMark 0.31.2 spec', () => {
    expect(examples).toHaveLength(652)
  })

  test.each(examples.map((example) => [example.number, example.section, example.markdown]))(
    'should find what commonmark.js finds in example %i (%s)',
    (_number, _section, markdown) => {
      expect(ourConstructs(markdown)).toEqual(referenceConstructs(markdown))
    }
  )

  test('should find what commonmark.js finds in random Markdown, but for two known ones', () => {
    const markdown = fc
      .array(fc.constantFrom(...SYNTAX), { maxLength: 40 })
      .map((pieces) => pieces.join(''))
    fc.assert(
      fc.property(markdown, (text) => {
        const ours = ourConstructs(text)
        const reference = referenceConstructs(text)
        if (knownDivergence(text, ours, reference) === undefined) expect(ours).toEqual(reference)
      }),
      { numRuns: 3000 }
    )
  })

  test.each([
    ['a <a!b@example.com> b', 'email autolink with `!`', [], ['link']],
    ['*<!--@b>-->', 'email autolink with `!`', ['inline HTML'], ['link']],
    [
      '    *\n\n*\n- ',
      'list read as interrupting a paragraph',
      ['indented code block@1', 'underlined heading@3:1'],
      ['indented code block@1'],
    ],
    ['a\n- -', 'list read as interrupting a paragraph', [], ['nested list@2:3']],
    ['a\n1. 1.', 'list read as interrupting a paragraph', [], ['nested list@2:4']],
    ['**\n1. 2)  *', 'list read as interrupting a paragraph', [], ['nested list@2:4']],
    ['a\n1. 2) b', 'list read as interrupting a paragraph', [], ['nested list@2:4']],
    [
      '\t*\n\n*\n    ```',
      'list read as interrupting a paragraph',
      ['indented code block@1'],
      ['fenced code block@4:5', 'indented code block@1'],
    ],
    [
      '    *\n*\n    ~~~',
      'list read as interrupting a paragraph',
      ['indented code block@1'],
      ['fenced code block@3:5', 'indented code block@1'],
    ],
    [
      '1.     *\n    *',
      'list read as interrupting a paragraph',
      ['indented code block@1'],
      ['indented code block@1', 'nested list@2:5'],
    ],
  ])('should know why the parsers differ on %j', (text, reason, ours, reference) => {
    expect(ourConstructs(text)).toEqual(ours)
    expect(referenceConstructs(text)).toEqual(reference)
    expect(knownDivergence(text, ours, reference)).toBe(reason)
  })

  test.each([
    ['a <a!b@example.com> b', ['link'], []],
    ['a\n- -', ['nested list@2:3'], ['nested list@2:3', 'link']],
    ['a\n- -', ['nested list@2:3'], []],
    ['a <ab@example.com> b', [], ['link']],
    ['a\n- - b', [], ['nested list@2:3']],
    ['a\n1. 1) b', [], ['nested list@2:4']],
    ['a\n\n*\n- b', ['underlined heading@1:1'], []],
    [
      '    *\n\n*\n- ',
      ['indented code block@1', 'underlined heading@3:1', 'link'],
      ['indented code block@1'],
    ],
    ['    *\n\n*\n- \n\n# a', ['indented code block@1'], ['indented code block@1', 'heading@6:1']],
    ['a\n- -\n- - b', [], ['nested list@3:3']],
  ])('should not excuse other differences on %j', (text, ours, reference) => {
    expect(knownDivergence(text, ours, reference)).toBeUndefined()
  })

  test.each(['a <ab@example.com> b', 'a\n- - b', '- -\n', 'a\n\n- -', 'a\n- 1. b', 'a\n-'])(
    'should agree with commonmark.js on the near miss %j',
    (text) => {
      expect(ourConstructs(text)).toEqual(referenceConstructs(text))
    }
  )
})
