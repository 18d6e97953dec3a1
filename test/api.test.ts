import { expect, test } from 'vitest'

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
    'loadFontRegistry',
    'measureFit',
    'parseDesign',
    'previewEmojiKeys',
    'renderPreview',
    'validateCampaign',
    'validatePostcard',
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

test('should expose the proof API', async () => {
  expect(Object.keys(await import('../src/proof/index.ts')).sort()).toEqual([
    'ProofOptionsError',
    'renderProof',
  ])
})
