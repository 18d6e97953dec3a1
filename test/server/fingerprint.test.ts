import { describe, expect, test } from 'vitest'
import { fingerprint } from '../../src/server/fingerprint.ts'

async function webCryptoSha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

const print = (text: string) => fingerprint(JSON.parse(text), text)

describe('fingerprint', () => {
  test('should hash the RFC 8785 canonical form (checked with WebCrypto)', async () => {
    const text = '{ "b": {"c": null}, "a": [1.0, "x", 1e2] }'
    // RFC 8785: keys sorted, no whitespace, numbers in ECMAScript form.
    expect(print(text)).toBe(await webCryptoSha256('jcs:{"a":[1,"x",100],"b":{"c":null}}'))
  })

  test('should see the same payload through key order, whitespace and escapes', () => {
    expect(print('{"name":"Spring","segment":{"id":"1","source":"csv"}}')).toBe(
      print('{ "segment" : { "source" : "csv", "id" : "1" },\n "name" : "Spr\\u0069ng" }')
    )
  })

  test('should tell different payloads apart', () => {
    expect(print('{"name":"Spring"}')).not.toBe(print('{"name":"Spring "}'))
    expect(print('{"a":[1,2]}')).not.toBe(print('{"a":[2,1]}'))
    expect(print('{"a":1}')).not.toBe(print('{"a":"1"}'))
  })

  test('should fall back to the text for a number beyond the double range', async () => {
    const text = '{"amount": 1e400}'
    expect(print(text)).toBe(await webCryptoSha256(`raw:${text}`))
    expect(print(text)).not.toBe(print('{"amount":1e400}'))
  })
})
