import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { HttpError } from '../../src/server/http-error.ts'
import { maxJsonDepth, parseJsonText, readJsonBody } from '../../src/server/read-json-body.ts'

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://localhost/', { method: 'POST', body, headers })

/** A body streamed in chunks without a Content-Length; counts what was pulled. */
function streamed(chunks: number, size: number) {
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close()
      pulled++
      controller.enqueue(new Uint8Array(size).fill(0x20))
    },
  })
  return {
    request: new Request('http://localhost/', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit),
    pulled: () => pulled,
  }
}

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(HttpError)
  return [(error as HttpError).status, (error as HttpError).message]
}

describe('readJsonBody', () => {
  test('should parse a JSON body and keep its text', async () => {
    const received: unknown[] = []
    expect(await readJsonBody(post('{"a": [1, "ü"]}'), 100, (body) => received.push(body))).toEqual(
      {
        value: { a: [1, 'ü'] },
        text: '{"a": [1, "ü"]}',
        bytes: 16,
      }
    )
    expect(received).toEqual([{ text: '{"a": [1, "ü"]}', bytes: 16 }])
  })

  test('should accept a body of exactly the limit', async () => {
    const text = `"${'x'.repeat(98)}"`
    expect((await readJsonBody(post(text), 100)).value).toBe('x'.repeat(98))
  })

  test('should refuse a declared length over the limit without reading', async () => {
    // Browsers drop a Content-Length set on a Request (a forbidden header), servers set it: the
    // request is a stand-in with the two members the reader uses.
    let cancelled = false
    let pulled = 0
    const request = {
      headers: new Headers({ 'content-length': '1048577' }),
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++
          controller.enqueue(new Uint8Array(1024))
        },
        cancel() {
          cancelled = true
        },
      }),
    } as unknown as Request
    expect(await refusal(readJsonBody(request, 1_048_576))).toEqual([
      413,
      'The request body is larger than 1 MB.',
    ])
    expect(cancelled).toBe(true)
    expect(pulled).toBeLessThanOrEqual(1) // at most the stream's own initial fill
  })

  test('should stop reading a streamed body as soon as it passes the limit', async () => {
    const { request, pulled } = streamed(1000, 1024)
    expect(await refusal(readJsonBody(request, 4096))).toEqual([
      413,
      'The request body is larger than 4096 bytes.',
    ])
    // Five chunks pass 4096 bytes; a few more may sit in the stream's queue, never all 1000.
    expect(pulled()).toBeLessThan(10)
  })

  test.each([
    ['', 'The request body is not valid JSON.'],
    ['{"a":', 'The request body is not valid JSON.'],
    ["{'a': 1}", 'The request body is not valid JSON.'],
    ['"\\ud800"', 'The request body is not valid JSON: it contains an unpaired UTF-16 surrogate.'],
    [
      '{"\\udc00": 1}',
      'The request body is not valid JSON: it contains an unpaired UTF-16 surrogate.',
    ],
    [
      `${'['.repeat(513)}${']'.repeat(513)}`,
      'The request body is not valid JSON: it nests deeper than 512 levels.',
    ],
  ])('should refuse %j with 400', async (text, message) => {
    expect(await refusal(readJsonBody(post(text), 1_048_576))).toEqual([400, message])
  })

  test('should accept nesting of exactly 512 levels and paired surrogates', async () => {
    const deep = `${'['.repeat(512)}${']'.repeat(512)}`
    await expect(readJsonBody(post(deep), 1_048_576)).resolves.toBeDefined()
    expect((await readJsonBody(post('"\\ud83d\\ude00"'), 100)).value).toBe('😀')
  })

  test.each([
    ['["\\ud800", D]', 'it nests deeper than 512 levels'],
    ['[D, "\\ud800"]', 'it contains an unpaired UTF-16 surrogate'],
    ['{"\\ud800": D}', 'it contains an unpaired UTF-16 surrogate'],
    ['{"a": D, "b": "\\ud800"}', 'it contains an unpaired UTF-16 surrogate'],
    ['{"a": "\\udc00", "b": D}', 'it nests deeper than 512 levels'],
    ['[{"\\ud800": 1}, D]', 'it nests deeper than 512 levels'],
  ])(
    'should name one problem of %s: keys first, then members from the last',
    async (shape, problem) => {
      const text = shape.replace('D', `${'['.repeat(513)}${']'.repeat(513)}`)
      expect(await refusal(readJsonBody(post(text), 1_048_576))).toEqual([
        400,
        `The request body is not valid JSON: ${problem}.`,
      ])
    }
  )

  test('should judge as the whole walk would, also where it skips the walk (fast-check)', () => {
    // Oracles of its own: `JSON.stringify` escapes exactly the unpaired surrogates (ES2019), and
    // the depth is counted here. Texts: JSON values with any UTF-16 code units, written escaped
    // or raw, nested in up to 520 arrays (short texts skip the walk, long ones take it).
    const depthOf = (node: unknown): number =>
      node !== null && typeof node === 'object'
        ? 1 + Math.max(0, ...Object.values(node).map(depthOf))
        : 0
    const rawSurrogates = (text: string) =>
      text.replace(/\\u(d[89a-f][\da-f]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16))
      )
    // Any UTF-16 code unit, surrogates (paired by chance or not) often.
    const unit = fc
      .oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0xd7f0, max: 0xe00f }),
        fc.integer({ min: 0, max: 0xffff })
      )
      .map((code) => String.fromCharCode(code))
    const texts = fc
      .tuple(
        fc.jsonValue({ maxDepth: 3, stringUnit: unit }),
        fc.boolean(),
        fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 505, max: 520 }))
      )
      .map(([value, raw, levels]) => {
        const text = JSON.stringify(value)
        return `${'['.repeat(levels)}${raw ? rawSurrogates(text) : text}${']'.repeat(levels)}`
      })
    fc.assert(
      fc.property(texts, (text) => {
        const parsed: unknown = JSON.parse(text)
        const lone = /\\ud[89a-f]/.test(JSON.stringify(parsed))
        const deep = depthOf(parsed) > maxJsonDepth
        let outcome: unknown
        try {
          outcome = parseJsonText(text)
        } catch (error) {
          outcome = error
        }
        if (!lone && !deep) {
          expect(outcome).toEqual(parsed)
          return
        }
        expect(outcome).toBeInstanceOf(HttpError)
        const message = (outcome as HttpError).message
        if (lone && !deep) expect(message).toMatch(/unpaired UTF-16 surrogate/)
        if (deep && !lone) expect(message).toMatch(/deeper than 512 levels/)
      }),
      { seed: 20261124, numRuns: 3000 }
    )
  })

  test('should survive a million nested brackets without a stack overflow', async () => {
    const text = `${'['.repeat(500_000)}${']'.repeat(500_000)}`
    expect((await refusal(readJsonBody(post(text), 1_048_576)))[0]).toBe(400)
  })

  test('should hand out the text before parsing, so a log can show what was not JSON', async () => {
    const received: unknown[] = []
    await readJsonBody(post('{oops'), 100, (body) => received.push(body)).catch(() => undefined)
    expect(received).toEqual([{ text: '{oops', bytes: 5 }])
  })

  test('should refuse bytes that are not UTF-8', async () => {
    expect(await refusal(readJsonBody(post(new Uint8Array([0x22, 0xff, 0x22])), 100))).toEqual([
      400,
      'The request body is not valid JSON: it is not UTF-8.',
    ])
  })
})

describe('readJsonBody on a body the host collected', () => {
  const collected = (text: string, headers: Record<string, string> = {}) => ({
    headers: new Headers(headers),
    body: null,
    collected: new TextEncoder().encode(text),
  })

  test('should read the collected bytes, not the stream', async () => {
    expect(await readJsonBody(collected('{"a": "ü"}'), 100)).toEqual({
      value: { a: 'ü' },
      text: '{"a": "ü"}',
      bytes: 11,
    })
  })

  test('should refuse collected bytes over the limit, declared or not', async () => {
    const text = `"${'x'.repeat(99)}"`
    expect(await refusal(readJsonBody(collected(text), 100))).toEqual([
      413,
      'The request body is larger than 100 bytes.',
    ])
    expect(await refusal(readJsonBody(collected('{}', { 'content-length': '101' }), 100))).toEqual([
      413,
      'The request body is larger than 100 bytes.',
    ])
  })
})

describe('readJsonBody on a broken stream', () => {
  test('should answer 400 when the body stream fails mid-way', async () => {
    const request = new Request('http://localhost/', {
      method: 'POST',
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"a":'))
          controller.error(new Error('connection reset'))
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(await refusal(readJsonBody(request, 100))).toEqual([
      400,
      'The request body could not be read to its end.',
    ])
  })
})
