import { expect, test } from 'vitest'

// Adding an export is a reviewed change (STYLE rule 7): this pins the public surface.
test('should expose the public core API', async () => {
  expect(Object.keys(await import('../src/index.ts')).sort()).toEqual([
    'ALLOWED_MARKDOWN',
    'ArtworkIdPrefixError',
    'CampaignOptionsError',
    'DEFAULT_CAMPAIGN_REQUIRED',
    'DEFAULT_MARKETING_SOURCE',
    'DEFAULT_PINNED_EMOJI_VERSION',
    'DesignError',
    'EMOJI_VERSIONS',
    'EmojiVersionError',
    'FontError',
    'ONLINE_SHOP_SOURCES',
    'PreviewOptionsError',
    'QrArgumentError',
    'artworkToSvg',
    'byteCapacity',
    'checkFit',
    'checkGlyphCoverage',
    'checkMarkdown',
    'checkQrUrlElement',
    'checkQrValue',
    'collectEmojiKeys',
    'createFontRegistry',
    'createUnprocessableBody',
    'emojiArtworkKey',
    'findEmoji',
    'isEmoji',
    'layoutMarkdown',
    'layoutPlainText',
    'loadFontRegistry',
    'maxVersionForArea',
    'measureFit',
    'minimalVersion',
    'minimumAreaMm',
    'parseDesign',
    'prefixArtworkIds',
    'previewEmojiKeys',
    'qrMatrix',
    'renderPreview',
    'resolveQrUrl',
    'sanitizeArtworkBody',
    'scanEmoji',
    'validateCampaign',
    'validatePostcard',
  ])
})

test('should expose the server API', async () => {
  expect(Object.keys(await import('../src/server/index.ts')).sort()).toEqual([
    'ApiOptionsError',
    'createApiHandler',
    'createOpenApiDocument',
    'memoryStore',
  ])
})
