/**
 * postcard-preflight/node: the Node-only edges around the pure core — reading fonts, designs,
 * emoji artwork and the sandbox config from disk, the HTTP bridge and the Redis store.
 *
 * @module
 */
export { loadFontSources, FontManifestError, type FontManifestProblem } from './load-fonts.ts'
export { loadDesign } from './load-design.ts'
export {
  createEmojiArtworkSource,
  loadEmojiArtwork,
  EmojiArtworkError,
  type EmojiArtworkSourceOptions,
} from './emoji-artwork.ts'
export {
  startSandboxServer,
  folderAssets,
  type SandboxServer,
  type SandboxServerOptions,
} from './serve.ts'
export {
  closeGracefully,
  createNodeServer,
  toNodeListener,
  type CloseOptions,
  type NodeBridgeOptions,
  type NodeListener,
} from './node-bridge.ts'
export type { LingerOptions } from './lingering-close.ts'
export {
  loadServerConfig,
  handlerOptionsOf,
  ServerConfigError,
  type ServerConfig,
  type LoadedAccount,
  type LoadedFlow,
} from './server-config.ts'
export {
  redisStore,
  openRedisStore,
  RedisStoreError,
  type RedisStore,
  type RedisClient,
  type RedisStoreOptions,
  type OpenRedisStoreOptions,
} from './redis-store.ts'
