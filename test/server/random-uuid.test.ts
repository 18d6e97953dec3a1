import { describe, expect, test } from 'vitest'
import { randomUuid, uuidFromRandomBytes } from '../../src/server/random-uuid.ts'

const version4 = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/

describe('randomUuid', () => {
  test.each([
    ['crypto.randomUUID', randomUuid],
    ['the getRandomValues fallback', uuidFromRandomBytes],
  ])('should make distinct version 4 UUIDs with %s', (_name, make) => {
    const ids = Array.from({ length: 200 }, make)
    for (const id of ids) expect(id).toMatch(version4)
    expect(new Set(ids).size).toBe(200)
  })
})
