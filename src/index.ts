/**
 * postcard-preflight: the pure core, identical in Node and the browser.
 *
 * @module
 */
export type * from './design/types.ts'
export type * from './verdict/types.ts'
