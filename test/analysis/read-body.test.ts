import { describe, expect, test } from 'vitest'
import { clipText, readOnce, readPostcardBody } from '../../src/analysis/read-body.ts'

describe('readPostcardBody', () => {
  test('should copy own string fields only', () => {
    const body = JSON.parse(
      '{"content":{"a":"x","b":1,"__proto__":"p"},"qr_codes":{"q":"https://e.com"},"to":{"city":"Bern","zip":3000},"from":"nope"}'
    ) as unknown
    const { fields } = readPostcardBody(body)
    expect([...fields.content]).toEqual([
      ['a', 'x'],
      ['__proto__', 'p'],
    ])
    expect([...fields.qrCodes]).toEqual([['q', 'https://e.com']])
    expect({ ...fields.to }).toEqual({ city: 'Bern' })
    expect({ ...fields.from }).toEqual({})
  })

  test('should survive hostile objects', () => {
    const throwing = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('boom')
        },
        has() {
          throw new Error('boom')
        },
        getOwnPropertyDescriptor() {
          throw new Error('boom')
        },
      }
    )
    const getter = {
      get content(): never {
        throw new Error('boom')
      },
      to: throwing,
    }
    expect(() => readPostcardBody(throwing)).not.toThrow()
    const { fields, json } = readPostcardBody(getter)
    expect(fields.content.size).toBe(0)
    expect({ ...fields.to }).toEqual({})
    // The throwing getter is left out, as if `content` were absent.
    expect(Object.keys(json as object)).toEqual(['to'])
  })

  test('should run every getter of a body exactly once', () => {
    let reads = 0
    const to = {
      get city() {
        reads++
        return `Bern ${reads}`
      },
    }
    const { fields, json } = readPostcardBody({ to })
    expect(reads).toBe(1)
    expect(fields.to['city']).toBe('Bern 1')
    expect((json as { to: { city: string } }).to.city).toBe('Bern 1')
  })

  test.each([undefined, null, 'x', 1, [], [{ content: { a: 'x' } }]])(
    'should read nothing from %j',
    (body) => {
      const { fields } = readPostcardBody(body)
      expect(fields.content.size + fields.qrCodes.size).toBe(0)
    }
  )

  test('should clip content values to 8000 and other strings to 2048 code points', () => {
    const { fields } = readPostcardBody({
      content: { a: '😀'.repeat(8001) },
      qr_codes: { q: 'x'.repeat(3000) },
      to: { city: 'y'.repeat(3000) },
    })
    expect(fields.content.get('a')).toBe('😀'.repeat(8000))
    expect(fields.qrCodes.get('q')?.length).toBe(2048)
    expect(fields.to['city']?.length).toBe(2048)
  })
})

describe('readOnce', () => {
  test('should copy three levels and leave empty stand-ins below', () => {
    const copy = readOnce({ to: { first_name: { deep: { deeper: 1 } }, list: [[1]] } }) as {
      to: { first_name: { deep: object }; list: unknown[][] }
    }
    expect(Object.keys(copy.to.first_name)).toEqual(['deep'])
    expect(Object.keys(copy.to.first_name.deep)).toEqual([])
    expect(copy.to.list).toEqual([[]])
  })

  test('should keep `__proto__` as an ordinary key and never touch a prototype', () => {
    const body = JSON.parse('{"__proto__":{"polluted":true},"to":{"__proto__":"x"}}') as unknown
    const copy = readOnce(body) as Record<string, unknown>
    expect(Object.keys(copy)).toEqual(['__proto__', 'to'])
    expect(Object.getPrototypeOf(copy)).toBeNull()
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  test('should turn holes of a sparse array into undefined', () => {
    // eslint-disable-next-line no-sparse-arrays -- the point of the test
    expect(readOnce([1, , 3])).toEqual([1, undefined, 3])
  })
})

describe('clipText', () => {
  test.each([
    ['abc', 2, 'ab'],
    ['abc', 3, 'abc'],
    ['😀😀', 1, '😀'],
    ['a\uD800b', 2, 'a\uD800'],
  ])('should clip %j to %i code points', (text, max, expected) => {
    expect(clipText(text, max)).toBe(expected)
  })
})
