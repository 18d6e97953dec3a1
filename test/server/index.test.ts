import { expect, test } from 'vitest'

test('should expose the public api of postcard-preflight/server', async () => {
  expect(Object.keys(await import('../../src/server/index.ts')).sort()).toEqual([
    'ApiOptionsError',
    'StoreUnavailableError',
    'createApiHandler',
    'createOpenApiDocument',
    'memoryStore',
  ])
})
