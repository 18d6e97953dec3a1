import { expect, test } from 'vitest'

test('should expose the Node API', async () => {
  expect(Object.keys(await import('../../src/node/index.ts')).sort()).toEqual([
    'EmojiArtworkError',
    'FontManifestError',
    'RedisStoreError',
    'ServerConfigError',
    'closeGracefully',
    'createEmojiArtworkSource',
    'createNodeServer',
    'folderAssets',
    'handlerOptionsOf',
    'loadDesign',
    'loadEmojiArtwork',
    'loadFontSources',
    'loadServerConfig',
    'openRedisStore',
    'redisStore',
    'startSandboxServer',
    'toNodeListener',
  ])
})
