import { describe, expect, test } from 'vitest'
import { createUnprocessableBody } from '../../src/verdict/create-unprocessable-body.ts'
import type { FieldErrorDraft, MarkdownFitError, QrFitError } from '../../src/verdict/types.ts'

const required = (path: string): FieldErrorDraft => ({
  path,
  code: 'required',
  message: `The ${path} field is required.`,
})

const fit: MarkdownFitError = {
  key: 'body',
  label: 'Message',
  available_width_mm: 68,
  available_height_mm: 60,
  measured_height_mm: 71.2,
  overflow_mm: 11.2,
  font_size_pt: 10,
  line_height: 1.3,
  block_count: 3,
  line_count: 16,
  suggested_action: 'Shorten the text by about 2 lines.',
}

const qrFit: QrFitError = {
  key: 'coupon_url',
  label: 'Coupon',
  resolved_url_length: 1900,
  suggested_action: 'Shorten the URL to at most 260 characters.',
}

describe('createUnprocessableBody', () => {
  test.each([
    { count: 1, message: 'The flow_id field is required.' },
    { count: 2, message: 'The flow_id field is required. (and 1 more error)' },
    { count: 3, message: 'The flow_id field is required. (and 2 more errors)' },
    { count: 12, message: 'The flow_id field is required. (and 11 more errors)' },
  ])('should summarize $count errors as Laravel does', ({ count, message }) => {
    const errors = ['flow_id', 'from', 'to', ...Array.from({ length: 9 }, (_, i) => `x${i}`)]
      .slice(0, count)
      .map(required)
    expect(createUnprocessableBody(errors).message).toBe(message)
  })

  test('should count every message beyond the first, across fields', () => {
    const body = createUnprocessableBody([
      required('to.zip'),
      { path: 'to.zip', code: 'string', message: 'second' },
      required('to.city'),
    ])
    expect(body).toEqual({
      message: 'The to.zip field is required. (and 2 more errors)',
      errors: {
        'to.zip': ['The to.zip field is required.', 'second'],
        'to.city': ['The to.city field is required.'],
      },
    })
  })

  test('should group messages by path in the order found, fields in order of first message', () => {
    const body = createUnprocessableBody([
      { path: 'b', code: 'x', message: 'b1' },
      { path: 'a', code: 'x', message: 'a1' },
      { path: 'b', code: 'x', message: 'b2' },
    ])
    expect(Object.keys(body.errors)).toEqual(['b', 'a'])
    expect(body.errors).toEqual({ b: ['b1', 'b2'], a: ['a1'] })
    expect(body.message).toBe('b1 (and 2 more errors)')
  })

  test('should keep a repeated message of one field once, as Laravel’s MessageBag does', () => {
    const body = createUnprocessableBody([required('content'), required('content')])
    expect(body).toEqual({
      message: 'The content field is required.',
      errors: { content: ['The content field is required.'] },
    })
  })

  test('should fall back to Laravel’s message without errors', () => {
    expect(createUnprocessableBody([])).toEqual({
      message: 'The given data was invalid.',
      errors: {},
    })
  })

  test('should keep a `__proto__` path as an own field', () => {
    const body = createUnprocessableBody([
      { path: '__proto__', code: 'prohibited', message: 'The __proto__ field is prohibited.' },
    ])
    expect(Object.keys(body.errors)).toEqual(['__proto__'])
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      message: 'The __proto__ field is prohibited.',
      errors: JSON.parse('{"__proto__":["The __proto__ field is prohibited."]}'),
    })
    expect(Object.getPrototypeOf(body.errors)).toBe(Object.prototype)
  })

  test('should omit meta when it has no member', () => {
    expect('meta' in createUnprocessableBody([required('to')], {})).toBe(false)
    expect('meta' in createUnprocessableBody([required('to')], { markdown_fit_errors: [] })).toBe(
      false
    )
  })

  test('should keep empty expected keys: the design requires none', () => {
    expect(
      createUnprocessableBody([required('content')], { expected_content_keys: [] }).meta
    ).toEqual({ expected_content_keys: [] })
  })

  test('should write meta members in the order of spec 7.1', () => {
    const body = createUnprocessableBody([required('content')], {
      qr_fit_errors: [qrFit],
      expected_qr_keys: ['coupon_url'],
      markdown_fit_errors: [fit],
      allowed_markdown: [
        'paragraphs',
        'line_breaks',
        'bold',
        'italic',
        'bullet_lists',
        'numbered_lists',
      ],
      expected_content_keys: ['greeting', 'body'],
    })
    expect(Object.keys(body.meta ?? {})).toEqual([
      'expected_content_keys',
      'allowed_markdown',
      'markdown_fit_errors',
      'expected_qr_keys',
      'qr_fit_errors',
    ])
    expect(body.meta).toEqual({
      expected_content_keys: ['greeting', 'body'],
      allowed_markdown: [
        'paragraphs',
        'line_breaks',
        'bold',
        'italic',
        'bullet_lists',
        'numbered_lists',
      ],
      markdown_fit_errors: [fit],
      expected_qr_keys: ['coupon_url'],
      qr_fit_errors: [qrFit],
    })
  })

  test('should serialize to exactly the spec 7.1 shape', () => {
    const body = createUnprocessableBody(
      [
        {
          path: 'content.hello',
          code: 'prohibited',
          message: 'The content.hello field is prohibited.',
        },
        required('content.greeting'),
      ],
      { expected_content_keys: ['greeting'] }
    )
    expect(JSON.stringify(body)).toBe(
      '{"message":"The content.hello field is prohibited. (and 1 more error)","errors":{"content.hello":["The content.hello field is prohibited."],"content.greeting":["The content.greeting field is required."]},"meta":{"expected_content_keys":["greeting"]}}'
    )
  })
})
