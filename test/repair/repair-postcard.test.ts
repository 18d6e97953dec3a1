/**
 * `repairPostcard`: spec 7.1's repair rules applied to a refused body, one table row per rule
 * and per thing it must leave alone; every change listed with its path, rule and before/after;
 * the repaired body judged again. Oracle for the whole: the sandbox's own handler refuses the
 * body with 422 and accepts the repaired one (201).
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { PreflightOptionsError } from '../../src/analysis/analysis-environment.ts'
import type { Design } from '../../src/design/types.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import { repairPostcard } from '../../src/repair/repair-postcard.ts'
import type { RepairResult } from '../../src/repair/types.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import type { UnprocessableBody } from '../../src/verdict/types.ts'
import { makeDesign } from '../postcard/make-design.ts'
import { hostileJson, mutatedBodies, runs, timeLimit } from '../robustness/hostile.ts'
import { a6Postcard, designs, read, sandbox } from '../server/sandbox.ts'
import { testRegistry } from '../text/registry.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

const a6 = designs.a6

/** Twenty sentences: far more than the 68 × 60 mm `body` area of the A6 design holds. */
const overflowing = 'Spring is here, and so are our new bulbs. Come and see them. '
  .repeat(20)
  .trim()

/** The 422 body of a body, as the service judges it here. */
function unprocessableOf(body: unknown, design: Design = a6): UnprocessableBody {
  const verdict = validatePostcard(body, design, { fonts })
  if (verdict.ok) throw new Error('expected a 422')
  return verdict.body
}

/** The changes as `[path, rule, before, after]`, the problems as `[path, code]`. */
function summary(result: RepairResult) {
  return {
    changes: result.changes.map((change) => [
      change.path,
      change.rule,
      change.before,
      change.after,
    ]),
    problems: result.problems.map((problem) => [problem.path, problem.code]),
    ok: result.verdict.ok,
  }
}

function repaired(body: Record<string, unknown>, design: Design = a6): RepairResult {
  return repairPostcard(body, unprocessableOf(body, design), { design, fonts })
}

describe('repairPostcard: keys (rewrite payload keys to exactly the expected keys)', () => {
  test.each([
    ['another case', 'Greeting', 'greeting'],
    ['spaces', ' greeting ', 'greeting'],
    ['a dash', 'coupon-url', 'coupon_url'],
    ['camel case', 'couponUrl', 'coupon_url'],
    ['upper snake case', 'COUPON_URL', 'coupon_url'],
    ['a swap', 'gretting', 'greeting'],
    ['a missing letter', 'grreting', 'greeting'],
    ['a typo', 'bdoy', 'body'],
  ])('should rename a key in %s (%j → %j)', (_, sent, expected) => {
    const body = a6Postcard({ qr_codes: { coupon_url: 'https://example.com/c/SPRING' } })
    const field = expected === 'coupon_url' ? 'qr_codes' : 'content'
    const map = Object.fromEntries(
      Object.entries(body[field] as Record<string, unknown>).map(([key, value]) => [
        key === expected ? sent : key,
        value,
      ])
    )
    const result = repaired({ ...body, [field]: map })
    expect(summary(result)).toEqual({
      changes: [[`${field}.${sent}`, 'rename-key', sent, expected]],
      problems: [],
      ok: true,
    })
    expect((result.body as Record<string, Record<string, unknown>>)[field]).toEqual(body[field])
  })

  test('should leave a key as close to two expected keys, and say which', () => {
    const design = makeDesign({ markdown: ['line_1', 'line_2'] })
    const body = { ...a6Postcard(), content: { line: 'Hi' } }
    const result = repaired(body, design)
    expect(summary(result)).toEqual({
      changes: [],
      problems: [['content.line', 'ambiguous-key']],
      ok: false,
    })
    expect(result.problems[0]).toMatchObject({
      data: { key: 'line', candidates: ['line_1', 'line_2'] },
      message:
        'Unexpected key `line` in content, expected a key that means one expected key: it is as close to `line_1` or `line_2`, rename it yourself',
    })
    expect(result.body).toEqual(body)
  })

  test('should leave two keys that mean the same expected key', () => {
    const body = a6Postcard({ content: { Greeting: 'Hi', greting: 'Ho', body: 'Spring.' } })
    const result = repaired(body)
    expect(summary(result)).toEqual({
      changes: [],
      problems: [
        ['content.Greeting', 'ambiguous-key'],
        ['content.greting', 'ambiguous-key'],
      ],
      ok: false,
    })
    expect(result.problems[0]?.message).toBe(
      'Unexpected key `Greeting` in content, expected the only key that means `greeting`: another key means it too, keep one of them'
    )
  })

  test('should leave a key close to no expected key', () => {
    const body = a6Postcard({ content: { salutation: 'Hi', body: 'Spring.' } })
    const result = repaired(body)
    expect(summary(result)).toEqual({
      changes: [],
      problems: [['content.salutation', 'unmatched-key']],
      ok: false,
    })
    expect(result.problems[0]?.message).toBe(
      'Unexpected key `salutation` in content, expected `greeting`: none is close to it, rename or remove it yourself'
    )
  })

  test('should not rename a key onto one that is there', () => {
    const body = a6Postcard({ content: { greeting: 'Hi', Greeting: 'Ho', body: 'Spring.' } })
    const result = repaired(body)
    expect(summary(result)).toEqual({
      changes: [],
      problems: [['content.Greeting', 'unmatched-key']],
      ok: false,
    })
  })

  test('should rename an address field sent under its other name when the field is missing', () => {
    const body = a6Postcard()
    const to = { ...(body['to'] as Record<string, unknown>) }
    to['postcode'] = to['zip']
    delete to['zip']
    const result = repaired({ ...body, to })
    expect(summary(result)).toEqual({
      changes: [['to.postcode', 'rename-field', 'postcode', 'zip']],
      problems: [],
      ok: true,
    })
    expect((result.body as Record<string, unknown>)['to']).toEqual(body['to'])
  })

  test('should leave two other names of one missing field', () => {
    const body = a6Postcard()
    const to = { ...(body['to'] as Record<string, unknown>) }
    to['postcode'] = to['zip']
    to['plz'] = to['zip']
    delete to['zip']
    const result = repaired({ ...body, to })
    expect(summary(result)).toEqual({
      changes: [],
      problems: [
        ['to.postcode', 'ambiguous-key'],
        ['to.plz', 'ambiguous-key'],
      ],
      ok: false,
    })
  })
})

describe('repairPostcard: texts (shorten text for fit errors)', () => {
  test('should shorten a text that does not fit to a prefix that does, cut after a word', () => {
    const body = a6Postcard({ content: { greeting: 'Hello **Erika**!', body: overflowing } })
    const result = repaired(body)
    expect(summary(result)).toMatchObject({ problems: [], ok: true })
    expect(result.changes).toHaveLength(1)
    const change = result.changes[0]
    expect(change).toMatchObject({
      path: 'content.body',
      rule: 'shorten-text',
      before: overflowing,
    })
    const after = change?.after ?? ''
    const kept = after.endsWith('…') ? after.slice(0, -1) : after
    expect(overflowing.startsWith(kept)).toBe(true)
    expect(overflowing.charAt(kept.length)).toMatch(/^[ .]$/)
    expect(kept.length).toBeGreaterThan(100)
    expect((result.body as { content: { body: string } }).content.body).toBe(after)
  })

  test('should shorten a text over 8000 characters even where it would fit', () => {
    const design = makeDesign({ markdown: ['note'] })
    const huge = { ...design.markdownAreas[0], height_mm: 4000, width_mm: 400 }
    const tall: Design = { ...design, markdownAreas: [huge as (typeof design.markdownAreas)[0]] }
    const text = 'word '.repeat(1700).trim()
    const body: Record<string, unknown> = { ...a6Postcard(), content: { note: text } }
    delete body['qr_codes']
    const result = repaired(body, tall)
    expect(summary(result)).toMatchObject({ problems: [], ok: true })
    expect(result.changes[0]).toMatchObject({ path: 'content.note', rule: 'shorten-text' })
    expect([...(result.changes[0]?.after ?? '')].length).toBeLessThanOrEqual(8000)
  })

  test.each([
    ['the default ellipsis', undefined, '…'],
    ['another ellipsis', ' [...]', ' [...]'],
    ['no ellipsis', false, ''],
  ] as const)('should end a cut inside a sentence with %s', (_, ellipsis, ending) => {
    const text = `${'Spring is here and so are our new bulbs and seeds and '.repeat(20)}more.`
    const body = a6Postcard({ content: { greeting: 'Hi', body: text } })
    const result = repairPostcard(body, unprocessableOf(body), { design: a6, fonts, ellipsis })
    const after = result.changes[0]?.after ?? ''
    expect(result.verdict.ok).toBe(true)
    expect(after.endsWith(ending)).toBe(true)
    const kept = after.slice(0, after.length - ending.length)
    expect(text.startsWith(kept)).toBe(true)
    expect(text.charAt(kept.length)).toBe(' ')
    expect(kept).not.toMatch(/\s$/u)
  })

  test('should close the bold a cut ends inside, and keep list items whole', () => {
    const items = Array.from({ length: 30 }, (_, index) => `- **Bulb ${index + 1}** of spring`)
    const text = `**${'Spring is here. '.repeat(8)}**\n\n${items.join('\n')}`
    const body = a6Postcard({ content: { greeting: 'Hi', body: text } })
    const result = repaired(body)
    expect(result.verdict.ok).toBe(true)
    const after = result.changes[0]?.after ?? ''
    expect(after.split('\n').at(-1)).toMatch(/^- \*\*Bulb \d+\*\* of spring$/)
  })

  test('should leave a text whose first word alone does not fit', () => {
    const design = makeDesign({ markdown: ['note'] })
    const narrow = { ...design.markdownAreas[0], width_mm: 5, height_mm: 3 }
    const small: Design = { ...design, markdownAreas: [narrow as (typeof design.markdownAreas)[0]] }
    const body: Record<string, unknown> = {
      ...a6Postcard(),
      content: { note: 'Supercalifragilistic words here' },
    }
    delete body['qr_codes']
    const result = repaired(body, small)
    expect(summary(result)).toEqual({
      changes: [],
      problems: [['content.note', 'text-not-shortenable']],
      ok: false,
    })
  })

  test('should not measure without fonts, nor touch a text another rule refuses', () => {
    const body = a6Postcard({
      content: { greeting: '[Erika](https://x.example)', body: overflowing },
    })
    const withoutFonts = repairPostcard(body, unprocessableOf(body), { design: a6 })
    expect(withoutFonts.changes).toEqual([])
    const result = repaired(body)
    expect(result.changes.map((change) => change.path)).toEqual(['content.body'])
    expect(result.verdict.ok).toBe(false)
    expect(Object.keys(result.verdict.ok ? {} : result.verdict.body.errors)).toEqual([
      'content.greeting',
    ])
  })
})

describe('repairPostcard: QR values (complete http or https URLs; shorten URLs for fit)', () => {
  const tracking = 'utm_source=postcard&utm_medium=print&utm_campaign=spring-2026&fbclid=IwAR0x'
  /** A URL too large for the 22 mm coupon code (version 8 at M: 152 bytes at most). */
  const longPath = `https://example.com/c/${'spring-'.repeat(12)}`

  test.each([
    [
      'a URL without its scheme',
      'example.com/c/SPRING',
      [['complete-url', 'example.com/c/SPRING', 'https://example.com/c/SPRING']],
    ],
    [
      'spaces around a URL',
      ' https://example.com/c/SPRING ',
      [['trim-url', ' https://example.com/c/SPRING ', 'https://example.com/c/SPRING']],
    ],
    [
      'tracking parameters that make a URL too large',
      `${longPath}?code=SPRING&${tracking}`,
      [
        [
          'drop-tracking-parameters',
          `${longPath}?code=SPRING&${tracking}`,
          `${longPath}?code=SPRING`,
        ],
      ],
    ],
  ])('should repair %s', (_, value, steps) => {
    const body = a6Postcard({ qr_codes: { coupon_url: value } })
    const result = repaired(body)
    expect(summary(result)).toEqual({
      changes: steps.map(([rule, before, after]) => ['qr_codes.coupon_url', rule, before, after]),
      problems: [],
      ok: true,
    })
  })

  test('should name the tracking parameters it dropped', () => {
    const value = `${longPath}?${tracking}`
    const result = repaired(a6Postcard({ qr_codes: { coupon_url: value } }))
    expect(result.changes[0]?.data).toEqual({
      dropped: ['utm_source', 'utm_medium', 'utm_campaign', 'fbclid'],
    })
  })

  test.each([
    ['a bare code', 'SPRING2026', 'url-not-completable'],
    ['another scheme', 'ftp://example.com/c', 'url-not-completable'],
    [
      'a URL too large without tracking parameters',
      `${longPath}${'x'.repeat(80)}`,
      'url-too-large',
    ],
    [
      'a URL too large even without them',
      `${longPath}${'x'.repeat(80)}?${tracking}`,
      'url-too-large',
    ],
  ])('should leave %s and say why', (_, value, code) => {
    const body = a6Postcard({ qr_codes: { coupon_url: value } })
    const result = repaired(body)
    expect(summary(result)).toEqual({
      changes: [],
      problems: [['qr_codes.coupon_url', code]],
      ok: false,
    })
    expect(result.body).toEqual(body)
  })

  test('should say how long a URL stays without its tracking parameters', () => {
    const value = `${longPath}${'x'.repeat(80)}?${tracking}`
    const result = repaired(a6Postcard({ qr_codes: { coupon_url: value } }))
    expect(result.problems[0]).toMatchObject({
      data: { length: value.length, length_without_tracking: value.indexOf('?') },
    })
  })
})

describe('repairPostcard: the 422 body', () => {
  test('should repair only the fields the 422 body names', () => {
    const body = a6Postcard({
      content: { Greeting: 'Hi', body: overflowing },
      qr_codes: { coupon_url: 'example.com/c' },
    })
    const only = { ...unprocessableOf(body) }
    only.errors = { 'qr_codes.coupon_url': only.errors['qr_codes.coupon_url'] ?? [] }
    const result = repairPostcard(body, only, { design: a6, fonts })
    expect(summary(result).changes).toEqual([
      ['qr_codes.coupon_url', 'complete-url', 'example.com/c', 'https://example.com/c'],
    ])
    const all = repairPostcard(body, undefined, { design: a6, fonts })
    expect(all.changes.map((change) => change.rule)).toEqual([
      'rename-key',
      'shorten-text',
      'complete-url',
    ])
    expect(all.verdict.ok).toBe(true)
  })

  test('should report a field the 422 body names that is fine here', () => {
    const body = a6Postcard()
    const result = repairPostcard(
      body,
      { message: 'The given data was invalid.', errors: { 'content.greeting': ['x'] } },
      { design: a6, fonts }
    )
    expect(summary(result)).toEqual({
      changes: [],
      problems: [['content.greeting', 'not-reproduced']],
      ok: true,
    })
  })

  test('should never change the body it was given', () => {
    const body = a6Postcard({ content: { Greeting: 'Hi', body: overflowing } })
    const copy = structuredClone(body)
    const result = repaired(body)
    expect(body).toEqual(copy)
    expect(result.body).not.toBe(body)
    expect(Object.isFrozen(result.changes)).toBe(true)
  })

  test.each([
    ['no options', undefined, PreflightOptionsError],
    ['no design', { fonts: undefined }, TypeError],
    ['a bad ellipsis', { design: a6, ellipsis: 3 }, PreflightOptionsError],
  ])('should refuse %s as misuse', (_, options, error) => {
    expect(() =>
      repairPostcard(a6Postcard(), undefined, options as unknown as { design: Design })
    ).toThrow(error)
  })

  test('should refuse a 422 body without errors as misuse', () => {
    expect(() =>
      repairPostcard(a6Postcard(), { message: 'x' } as unknown as UnprocessableBody, {
        design: a6,
      })
    ).toThrow(PreflightOptionsError)
  })

  test('should turn the sandbox’s 422 into a 201, every rule at once', async () => {
    const { send } = sandbox({ fonts })
    const body = a6Postcard({
      to: { ...(a6Postcard()['to'] as object), zip: undefined, postcode: '51147' },
      content: { 'Greeting ': 'Hello **Erika**!', body: overflowing },
      qr_codes: { coupon_url: ' example.com/c/SPRING?utm_source=postcard' },
    })
    const first = await read(await send('POST', '/api/v1/postcards', { body }))
    expect(first.status).toBe(422)
    const result = repairPostcard(body, first.json as unknown as UnprocessableBody, {
      design: a6,
      fonts,
    })
    expect(result.changes.map((change) => [change.path, change.rule])).toEqual([
      ['to.postcode', 'rename-field'],
      ['content.Greeting ', 'rename-key'],
      ['content.body', 'shorten-text'],
      ['qr_codes.coupon_url', 'trim-url'],
      ['qr_codes.coupon_url', 'complete-url'],
    ])
    expect(result.problems).toEqual([])
    expect(result.verdict.ok).toBe(true)
    const second = await send('POST', '/api/v1/postcards', { body: result.body })
    expect(second.status).toBe(201)
  })
})

describe('repairPostcard on any input', () => {
  test('should never throw, and judge its result as validatePostcard does', () => {
    const bodies = fc.oneof(
      mutatedBodies,
      hostileJson.map((json) => [json, 'a6'] as const)
    )
    fc.assert(
      fc.property(bodies, fc.boolean(), ([body, name], local) => {
        const design = designs[name]
        const verdict = validatePostcard(body, design, { fonts })
        const unprocessable = local || verdict.ok ? undefined : verdict.body
        const result = repairPostcard(body, unprocessable, { design, fonts })
        expect(result.verdict).toEqual(validatePostcard(result.body, design, { fonts }))
        for (const change of result.changes) expect(change.before).not.toBe(change.after)
      }),
      { ...runs(150), interruptAfterTimeLimit: timeLimit }
    )
  })
})
