/**
 * postcard-preflight/server: the sandbox of the Direct-Mail API v1 as a web-standard fetch
 * handler, its store interface and the OpenAPI document.
 *
 * @module
 */
export { createApiHandler, type ApiHandler } from './create-api-handler.ts'
export {
  ApiOptionsError,
  type AccountOptions,
  type ApiHandlerOptions,
  type Asset,
  type AssetSource,
  type BatchSchedule,
  type FlowOptions,
  type RateLimitOptions,
} from './api-options.ts'
export { memoryStore, type MemoryStoreOptions } from './memory-store.ts'
export { StoreUnavailableError } from './store-unavailable-error.ts'
export { createOpenApiDocument, type OpenApiOptions } from './openapi-document.ts'
export type { CorsOptions } from './cors.ts'
export type * from './store.ts'
