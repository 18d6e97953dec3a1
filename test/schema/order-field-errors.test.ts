import { expect, test } from 'vitest'
import { orderFieldErrors } from '../../src/schema/order-field-errors.ts'
import type { FieldErrorDraft } from '../../src/verdict/types.ts'

const at = (path: string, message = path): FieldErrorDraft => ({ path, message, code: 'x' })
const order = ['flow_id', 'from', 'from.zip', 'to', 'to.zip', 'to.city', 'content', 'qr_codes']

test('should sort by the field order, then by the key order, stable otherwise', () => {
  const sorted = orderFieldErrors(
    [
      at('qr_codes.coupon'),
      at('content.hello'),
      at('content.body', 'body 1'),
      at('to.city'),
      at('content'),
      at('content.greeting'),
      at('extra'),
      at('content.body', 'body 2'),
      at('flow_id'),
      at('to.zip'),
      at('content.bye'),
      at('to'),
    ],
    order,
    { content: ['greeting', 'body'] }
  )
  expect(sorted.map((error) => error.message)).toEqual([
    'flow_id',
    'to',
    'to.zip',
    'to.city',
    'content',
    'content.greeting',
    'body 1',
    'body 2',
    'content.hello',
    'content.bye',
    'qr_codes.coupon',
    'extra',
  ])
})

test('should rank a key with dots under its object', () => {
  const sorted = orderFieldErrors([at('content.a.b'), at('flow_id'), at('content')], order)
  expect(sorted.map((error) => error.path)).toEqual(['flow_id', 'content', 'content.a.b'])
})

test('should not read key orders from the prototype', () => {
  const sorted = orderFieldErrors([at('content.b'), at('content.a')], order, {})
  expect(sorted.map((error) => error.path)).toEqual(['content.b', 'content.a'])
  const proto = orderFieldErrors([at('content.b'), at('constructor.a')], [...order, 'constructor'])
  expect(proto.map((error) => error.path)).toEqual(['content.b', 'constructor.a'])
})

test('should give a new empty list for no errors', () => {
  const errors: FieldErrorDraft[] = []
  const sorted = orderFieldErrors(errors, order)
  expect(sorted).toEqual([])
  expect(sorted).not.toBe(errors)
})
