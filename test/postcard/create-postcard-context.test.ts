import { expect, test } from 'vitest'
import { createPostcardContext } from '../../src/postcard/create-postcard-context.ts'
import { postcardChecks } from '../../src/postcard/postcard-checks.ts'
import { createReport } from '../../src/verdict/create-report.ts'
import { makeDesign } from './make-design.ts'

const design = makeDesign({ markdown: ['greeting', 'body', 'ps'], qr: ['coupon_url', 'shop_url'] })

test('should hand checks the non-blank string values the design expects, in design order', () => {
  const body = {
    content: { ps: 'P.S.', extra: 'x', body: ' ', greeting: 'Hi' },
    qr_codes: { shop_url: 5, coupon_url: 'https://a.de' },
  }
  const context = createPostcardContext(body, design, {}, createReport())
  expect(context.contentEntries.map(({ key, value, area }) => [key, value, area.label])).toEqual([
    ['greeting', 'Hi', 'Greeting'],
    ['ps', 'P.S.', 'Ps'],
  ])
  expect(context.qrEntries.map(({ key, value, element }) => [key, value, element.key])).toEqual([
    ['coupon_url', 'https://a.de', 'coupon_url'],
  ])
  expect(context.body).toBe(body)
  expect(context.design).toBe(design)
})

test.each([undefined, null, 'text', ['Hi']])('should hand no entries for content %j', (content) => {
  const context = createPostcardContext({ content, qr_codes: content }, design, {}, createReport())
  expect(context.contentEntries).toEqual([])
  expect(context.qrEntries).toEqual([])
})

test('should run the checks in a fixed, frozen order', () => {
  expect(postcardChecks.map((check) => check.id)).toEqual([
    'postcard-structure',
    'content',
    'markdown-syntax',
    'text-fit',
    'qr-codes',
    'qr-urls',
    'addresses',
    'unknown-fields',
    'emoji',
    'glyph-coverage',
  ])
  expect(Object.isFrozen(postcardChecks)).toBe(true)
})
