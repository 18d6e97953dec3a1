/**
 * Types for `tiny-inflate` 1.0.3 (raw DEFLATE, RFC 1951), which ships none. It is the inflater
 * `unicode-trie` (under `linebreak`) already brings into the core, so WOFF 1.0 tables use it too
 * instead of a second one.
 */
declare module 'tiny-inflate' {
  /**
   * Inflates raw DEFLATE data into `dest`.
   *
   * @returns `dest`, or a copy of its first bytes when fewer were written.
   * @throws {Error} `Data error` for a block it cannot read.
   */
  export default function inflate(source: Uint8Array, dest: Uint8Array): Uint8Array
}
