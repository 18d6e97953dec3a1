import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkMarkdown } from '../../src/markdown/check-markdown.ts'

const EXPECTED =
  'expected only paragraphs, line breaks, bold, italic, bullet lists and numbered lists.'

/** The violations of a text as `code construct line:column`, for compact tables. */
function found(text: string): string[] {
  return checkMarkdown(text).map((v) => `${v.code} ${v.construct} ${v.line}:${v.column}`)
}

describe('checkMarkdown: the six supported features (spec 2.5)', () => {
  test.each([
    ['a paragraph', 'Dear Ada, thank you for your order.'],
    ['a line break written as \\n', 'Dear Ada,\nthank you for your order.'],
    ['a line break written as \\r\\n', 'Dear Ada,\r\nthank you.'],
    ['blank lines between paragraphs', 'First paragraph.\n\nSecond paragraph.'],
    ['several blank lines', '\n\nFirst.\n\n\n\nSecond.\n\n'],
    ['CommonMark hard breaks', 'two spaces  \nand a backslash\\\nend'],
    ['bold', 'a **bold** word'],
    ['bold with underscores', 'a __bold__ word'],
    ['italic', 'an *italic* word'],
    ['italic with underscores', 'an _italic_ word'],
    ['bold and italic nested', '***both*** and **bold *italic* bold**'],
    ['a bullet list', '- one\n- two\n- three'],
    ['a bullet list with `*`', '* one\n* two'],
    ['a bullet list with `+`', '+ one\n+ two'],
    ['a numbered list', '1. one\n2. two'],
    ['a numbered list with `)`', '1) one\n2) two'],
    ['a numbered list starting at 3', '3. three\n4. four'],
    ['a loose list', '- one\n\n- two'],
    ['a list item of two paragraphs', '- one\n\n  more about one\n- two'],
    ['a list after a paragraph', 'Your benefits:\n- free shipping\n- 10% off'],
    ['lists with formatting', '- **bold** item\n- *italic* item'],
    ['an empty list item', '-'],
    [
      'escaped syntax',
      '\\# no heading \\* no list 1\\. no number \\<b\\> \\[no](link) \\`no code\\`',
    ],
    ['an escaped quote', '\\> no quote'],
    ['escaped braces', '\\{\\{first_name\\}\\}'],
    ['character references', 'Fish &amp; chips &copy; 2025'],
    ['a bare URL (CommonMark does not link it)', 'Visit https://example.com today'],
    ['a bare email address', 'Write to ada@example.com'],
    ['comparison signs', '1 < 2 and 3 > 2'],
    ['snake_case words', 'use_the_code please'],
    ['single braces', 'Hello {first_name} and {{}} and {{ }}'],
    ['a pipe in text', 'yes | no'],
    ['a row of pipes without a delimiter row', '| a | b |\n| c | d |'],
    ['emoji', 'Hi 👋🏽, see you 🎉'],
    ['an empty text', ''],
  ])('should accept %s', (_name, text) => {
    expect(checkMarkdown(text)).toEqual([])
  })
})

describe('checkMarkdown: unsupported syntax (spec 2.5)', () => {
  test.each([
    // HTML
    ['<div>\nHello\n</div>', ['html HTML block 1:1']],
    ['<!-- note -->', ['html HTML block 1:1']],
    ['Hi <br> there', ['html inline HTML 1:4']],
    ['<b>bold</b> text', ['html inline HTML 1:1', 'html inline HTML 1:8']],
    ['a <!-- note --> b', ['html inline HTML 1:3']],
    ['- <div>x</div>', ['html HTML block 1:3']],
    // Links
    ['see [our shop](https://example.com)', ['link link 1:5']],
    ['[a](b "title")', ['link link 1:1']],
    ['<https://example.com>', ['link autolink 1:1']],
    ['mail <ada@example.com>', ['link autolink 1:6']],
    [
      '[shop]\n\n[shop]: https://example.com',
      ['link link reference 1:1', 'definition link reference definition 3:1'],
    ],
    [
      '[our shop][s]\n\n[s]: /u',
      ['link link reference 1:1', 'definition link reference definition 3:1'],
    ],
    ['[s]: /u', ['definition link reference definition 1:1']],
    // Images
    ['![logo](logo.png)', ['image image 1:1']],
    [
      '![logo]\n\n[logo]: /logo.png',
      ['image image reference 1:1', 'definition link reference definition 3:1'],
    ],
    // Code
    ['run `npm test`', ['code inline code 1:5']],
    ['```\ncode\n```', ['code fenced code block 1:1']],
    ['~~~js\ncode\n~~~', ['code fenced code block 1:1']],
    ['    indented code', ['code indented code block 1:1']],
    ['\tindented code', ['code indented code block 1:1']],
    // Tables
    ['| a | b |\n|---|---|\n| 1 | 2 |', ['table table 1:1']],
    ['a | b\n--|--', ['table table 1:1']],
    ['| a |\n| :-: |', ['table table 1:1']],
    ['Prices:\n| item | € |\n| :--- | --: |', ['table table 2:1']],
    ['- | a | b |\n  |---|---|', ['table table 1:3']],
    // Quotes
    ['> a quote', ['blockquote block quote 1:1']],
    ['text\n\n>quote', ['blockquote block quote 3:1']],
    // Headings
    ['# Title', ['heading heading 1:1']],
    ['###### Small title', ['heading heading 1:1']],
    ['Title\n=====', ['heading underlined heading 1:1']],
    ['Title\n---', ['heading underlined heading 1:1']],
    ['#not a heading\nTitle\n=', ['heading underlined heading 1:1']],
    // Thematic breaks
    ['***', ['thematic-break thematic break 1:1']],
    ['a\n\n---', ['thematic-break thematic break 3:1']],
    ['___', ['thematic-break thematic break 1:1']],
    ['- a\n- * * *', ['thematic-break thematic break 2:3']],
    // Nested lists
    ['- a\n  - b', ['nested-list nested list 2:3']],
    ['1. a\n   1. b', ['nested-list nested list 2:4']],
    ['- a\n\n  * b', ['nested-list nested list 3:3']],
    ['- - a', ['nested-list nested list 1:3']],
    ['1. - a', ['nested-list nested list 1:4']],
    ['- a\n  > b', ['blockquote block quote 2:3']],
  ])('should reject %j', (text, expected) => {
    expect(found(text)).toEqual(expected)
  })

  test('should word the message with the construct and its line:column', () => {
    expect(checkMarkdown('Dear Ada,\nsee [our shop](https://example.com).')).toEqual([
      {
        code: 'link',
        construct: 'link',
        line: 2,
        column: 5,
        offset: 14,
        message: `Unexpected link at 2:5, ${EXPECTED}`,
      },
    ])
    expect(checkMarkdown('# Hi')[0]?.message).toBe(`Unexpected heading at 1:1, ${EXPECTED}`)
    expect(checkMarkdown('- a\n  - b')[0]?.message).toBe(
      `Unexpected nested list at 2:3, ${EXPECTED}`
    )
    expect(checkMarkdown('| a | b |\n|---|---|')[0]?.message).toBe(
      `Unexpected table at 1:1, ${EXPECTED}`
    )
    expect(checkMarkdown('a <b>c</b>')[0]?.message).toBe(
      `Unexpected inline HTML at 1:3, ${EXPECTED}`
    )
    expect(checkMarkdown('    x')[0]?.message).toBe(
      `Unexpected indented code block at 1:1, ${EXPECTED}`
    )
  })

  test('should report a construct once, not what is inside it', () => {
    expect(found('> # Title with [a link](x) and `code`\n> - a\n>   - b')).toEqual([
      'blockquote block quote 1:1',
    ])
    expect(found('[![logo](l.png)](https://example.com)')).toEqual(['link link 1:1'])
    expect(found('# Title with `code`')).toEqual(['heading heading 1:1'])
    expect(found('- a\n  - b [link](x)\n    - c')).toEqual(['nested-list nested list 2:3'])
  })

  test('should look inside allowed constructs', () => {
    expect(found('**bold [link](x)**')).toEqual(['link link 1:8'])
    expect(found('- one\n- `two`')).toEqual(['code inline code 2:3'])
    expect(found('*a <b>c</b>*')).toEqual(['html inline HTML 1:4', 'html inline HTML 1:8'])
  })

  test('should list the violations in text order', () => {
    expect(found('![i](j) [a](b)\n\n# h\n\n> q\n\n`c`')).toEqual([
      'image image 1:1',
      'link link 1:9',
      'heading heading 3:1',
      'blockquote block quote 5:1',
      'code inline code 7:1',
    ])
  })

  test('should count columns in UTF-16 code units, a tab as one, like unist', () => {
    expect(found('👋 [a](b)')).toEqual(['link link 1:4'])
    expect(found('a\tb [c](d)')).toEqual(['link link 1:5'])
    expect(found('a\r\nb\rc\n[d](e)')).toEqual(['link link 4:1'])
  })
})

describe('checkMarkdown: double-brace placeholders (spec 2.5)', () => {
  test.each([
    ['Hello {{first_name}}!', ['{{first_name}} 1:7']],
    ['Hello {{ first_name }}', ['{{ first_name }} 1:7']],
    ['Hello {{{first_name}}}', ['{{{first_name}}} 1:7']],
    ['Dear {{title}} {{last_name}},\nhi', ['{{title}} 1:6', '{{last_name}} 1:16']],
    ['- {{a}}\n- {{b}}', ['{{a}} 1:3', '{{b}} 2:3']],
    ['**{{first_name}}**', ['{{first_name}} 1:3']],
    ['\\{{name}}', ['{{name}} 1:2']],
  ])('should reject the placeholders of %j', (text, expected) => {
    expect(
      checkMarkdown(text).map((v) => `${v.message.split('`')[1] ?? ''} ${v.line}:${v.column}`)
    ).toEqual(expected)
  })

  test('should word the message with the placeholder', () => {
    expect(checkMarkdown('Hello\nDear {{first_name}},')).toEqual([
      {
        code: 'placeholder',
        construct: 'placeholder',
        line: 2,
        column: 6,
        offset: 11,
        placeholder: '{{first_name}}',
        message:
          'Unexpected placeholder `{{first_name}}` at 2:6, expected the final text: ' +
          "placeholders are not filled in, send the recipient's value instead.",
      },
    ])
  })

  test('should find placeholders inside rejected constructs too', () => {
    expect(found('`{{code}}`')).toEqual(['code inline code 1:1', 'placeholder placeholder 1:2'])
    expect(found('[{{a}}](https://x.y/{{b}})')).toEqual([
      'link link 1:1',
      'placeholder placeholder 1:2',
      'placeholder placeholder 1:21',
    ])
    expect(found('```\n{{a}}\n```')).toEqual([
      'code fenced code block 1:1',
      'placeholder placeholder 2:1',
    ])
    expect(found('<div>{{a}}</div>')).toEqual([
      'html HTML block 1:1',
      'placeholder placeholder 1:6',
    ])
    expect(found('{{a}} | b\n--|--')).toEqual(['table table 1:1', 'placeholder placeholder 1:1'])
  })
})

describe('checkMarkdown: robustness', () => {
  test('should never throw on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(Array.isArray(checkMarkdown(text))).toBe(true)
      }),
      { numRuns: 500 }
    )
  })

  test('should never throw on strings of Markdown syntax, and report sorted, in-text positions', () => {
    const syntax = fc.constantFrom(
      ...['*', '_', '[', ']', '(', ')', '!', '<', '>', '`', '#', '-', '+', '1.', '|', '{{', '}}'],
      ...['\\', '&#', ':', '\n', '\r\n', '  ', '\t', 'a', 'x@y.z', 'http://a', '---', '|-|']
    )
    fc.assert(
      fc.property(fc.array(syntax, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('')
        const violations = checkMarkdown(text)
        const offsets = violations.map((v) => v.offset)
        expect(offsets).toEqual([...offsets].sort((a, b) => a - b))
        for (const violation of violations) {
          expect(violation.offset).toBeGreaterThanOrEqual(0)
          expect(violation.offset).toBeLessThan(Math.max(text.length, 1))
        }
      }),
      { numRuns: 1000 }
    )
  })

  // 8000 characters: the longest value spec 2.5 allows.
  test.each([
    ['`>` 8000 times (8000 nested block quotes)', '>'.repeat(8000), 'blockquote block quote 1:1'],
    ['`> ` 4000 times', '> '.repeat(4000), 'blockquote block quote 1:1'],
    ['`- ` 3999 times and a word', '- '.repeat(3999) + 'a', 'nested-list nested list 1:3'],
    ['`1. ` 2666 times and a word', '1. '.repeat(2666) + 'a', 'nested-list nested list 1:4'],
    ['`+ ` 3999 times and a word', '+ '.repeat(3999) + 'a', 'nested-list nested list 1:3'],
    ['`> - ` 2000 times', '> - '.repeat(2000), 'blockquote block quote 1:1'],
    [
      'nested lists by indentation',
      Array.from({ length: 87 }, (_, i) => ' '.repeat(2 * i) + '- a').join('\n'),
      'nested-list nested list 2:3',
    ],
    ['`*` 8000 times', '*'.repeat(8000), 'thematic-break thematic break 1:1'],
    [
      '`*_a ` and closers (an emphasis bomb)',
      '*_a '.repeat(1333) + 'b' + '_*'.repeat(1333),
      undefined,
    ],
    ['`[` 8000 times', '['.repeat(8000), undefined],
    [
      '`[` 4000 times, then links',
      '['.repeat(4000) + 'a' + '](b)'.repeat(1000),
      'link link 1:4000',
    ],
    ['`![` 4000 times', '!['.repeat(4000), undefined],
    ['`` ` `` 8000 times', '`'.repeat(8000), 'code fenced code block 1:1'],
    ['`a` and backticks', 'a' + '`'.repeat(7999), undefined],
    [
      'backtick runs of growing length',
      Array.from({ length: 120 }, (_, i) => '`'.repeat(i + 1) + 'a').join(''),
      undefined,
    ],
    ['`<a ` 2666 times', '<a '.repeat(2666), undefined],
    ['`{{` 4000 times', '{{'.repeat(4000), undefined],
    ['`{{a}}` 1600 times', '{{a}}'.repeat(1600), 'placeholder placeholder 1:1'],
    ['2000 list items', '- a\n'.repeat(2000), undefined],
    ['table rows', '|a|b|\n|-|-|\n'.repeat(666), 'table table 1:1'],
  ])('should check %s', (_name, text, first) => {
    expect(text.length).toBeLessThanOrEqual(8001)
    expect(found(text)[0]).toBe(first)
  })
})
