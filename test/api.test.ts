import { expect, expectTypeOf, test } from 'vitest'
import type { AddressAnalysis, AddressObject, FormatAddressOptions } from '../src/index.ts'

// Adding an export is a reviewed change: this pins the public surface.
test('should expose the public core API', async () => {
  expect(Object.keys(await import('../src/index.ts')).sort()).toEqual([
    'CampaignOptionsError',
    'DEFAULT_PINNED_EMOJI_VERSION',
    'DesignError',
    'EmojiVersionError',
    'FontError',
    'PreflightOptionsError',
    'PreviewOptionsError',
    'SPEC_LIMITS',
    'analyzePostcard',
    'createFontRegistry',
    'createPreflight',
    'formatAddress',
    'loadFontRegistry',
    'measureFit',
    'parseDesign',
    'previewEmojiKeys',
    'recognizeCountry',
    'renderPreview',
    'validateCampaign',
    'validatePostcard',
  ])
})

test('should expose the forms API', async () => {
  expect(Object.keys(await import('../src/forms/index.ts')).sort()).toEqual([
    'LOCALES',
    'LocaleError',
    'createMessages',
    'postcardSchema',
    'repairPostcard',
  ])
})

test('should expose the server API', async () => {
  expect(Object.keys(await import('../src/server/index.ts')).sort()).toEqual([
    'ApiOptionsError',
    'StoreUnavailableError',
    'createApiHandler',
    'createOpenApiDocument',
    'memoryStore',
  ])
})

test('should expose the client API', async () => {
  expect(Object.keys(await import('../src/client/index.ts')).sort()).toEqual([
    'ApiError',
    'ClientOptionsError',
    'DEFAULT_RETRY',
    'RequestIdReusedError',
    'SendError',
    'UnprocessableError',
    'createClient',
  ])
})

test('should type the address functions with their exported types', async () => {
  const { formatAddress, recognizeCountry } = await import('../src/index.ts')
  expectTypeOf(formatAddress).parameters.toEqualTypeOf<[AddressObject, FormatAddressOptions?]>()
  expectTypeOf(formatAddress).returns.toEqualTypeOf<readonly string[]>()
  expectTypeOf(recognizeCountry).toEqualTypeOf<(country: string) => string | undefined>()
  expectTypeOf<AddressAnalysis['recipientLines']>().toEqualTypeOf<readonly string[]>()
  expect(formatAddress({ zip: '8001', city: 'Zürich', country: 'CH' }, { from: 'DE' })).toEqual([
    '8001 ZÜRICH',
    'SCHWEIZ',
  ])
  expect(recognizeCountry('Duitsland')).toBe('DE')
  expect(recognizeCountry(undefined as unknown as string)).toBeUndefined()
})

test('should expose the proof API', async () => {
  expect(Object.keys(await import('../src/proof/index.ts')).sort()).toEqual([
    'ProofOptionsError',
    'renderProof',
  ])
})
