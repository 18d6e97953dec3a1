/**
 * Types for the internal modules of `qrcode` 1.5.4 that `src/qr/*` imports. The package ships
 * types (via `@types/qrcode`) only for its entry point, which in Node also loads the PNG and
 * terminal renderers; the core modules below are plain CommonJS without an `exports` map, so
 * deep imports resolve in Node, in Vite's dependency pre-bundling and in other bundlers alike.
 * Only the members we call are declared.
 */

declare module 'qrcode/lib/core/error-correction-level.js' {
  /** An error-correction level object as qrcode passes it around. */
  export interface QrcodeEcLevel {
    readonly bit: number
  }
  const ECLevel: {
    readonly L: QrcodeEcLevel
    readonly M: QrcodeEcLevel
    readonly Q: QrcodeEcLevel
    readonly H: QrcodeEcLevel
  }
  export default ECLevel
}

declare module 'qrcode/lib/core/mode.js' {
  /** An encoding mode object; `ccBits` are the character-count indicator sizes. */
  export interface QrcodeMode {
    readonly id?: string
    readonly bit: number
    readonly ccBits?: readonly [number, number, number]
  }
  const Mode: {
    readonly NUMERIC: QrcodeMode
    readonly ALPHANUMERIC: QrcodeMode
    readonly BYTE: QrcodeMode
    readonly KANJI: QrcodeMode
    readonly MIXED: QrcodeMode
    getCharCountIndicator(mode: QrcodeMode, version: number): number
  }
  export default Mode
}

declare module 'qrcode/lib/core/version.js' {
  import type { QrcodeEcLevel } from 'qrcode/lib/core/error-correction-level.js'
  import type { QrcodeMode } from 'qrcode/lib/core/mode.js'
  const Version: {
    /** Characters of `mode` (bits for `Mode.MIXED`) a version holds at a level. */
    getCapacity(version: number, level: QrcodeEcLevel, mode?: QrcodeMode): number
    /** The 18 version information bits (BCH-coded version) of versions 7-40. */
    getEncodedBits(version: number): number
  }
  export default Version
}

declare module 'qrcode/lib/core/numeric-data.js' {
  const NumericData: { getBitsLength(length: number): number }
  export default NumericData
}

declare module 'qrcode/lib/core/alphanumeric-data.js' {
  const AlphanumericData: { getBitsLength(length: number): number }
  export default AlphanumericData
}

declare module 'qrcode/lib/core/byte-data.js' {
  const ByteData: { getBitsLength(length: number): number }
  export default ByteData
}

declare module 'qrcode/lib/core/qrcode.js' {
  import type { QrcodeMode } from 'qrcode/lib/core/mode.js'
  /** A symbol as `QRCode.create` returns it. */
  export interface QrcodeSymbol {
    readonly modules: {
      readonly size: number
      readonly data: Uint8Array
      /** 1 for function modules (finders, timing, alignment, format and version information). */
      readonly reservedBit: Uint8Array
    }
    readonly version: number
    readonly maskPattern: number
    readonly segments: readonly { readonly mode: QrcodeMode; readonly data: unknown }[]
  }
  const QRCode: {
    create(
      data: string | readonly { readonly data: string; readonly mode: string }[],
      options?: { readonly errorCorrectionLevel?: string; readonly maskPattern?: number }
    ): QrcodeSymbol
  }
  export default QRCode
}

declare module 'qrcode/lib/core/format-info.js' {
  import type { QrcodeEcLevel } from 'qrcode/lib/core/error-correction-level.js'
  const FormatInfo: {
    /** The 15 format information bits (BCH-coded level and mask, XOR-masked). */
    getEncodedBits(level: QrcodeEcLevel, mask: number): number
  }
  export default FormatInfo
}

declare module 'qrcode/lib/core/utils.js' {
  const Utils: {
    /** All codewords (data and error correction) of a version. */
    getSymbolTotalCodewords(version: number): number
  }
  export default Utils
}

declare module 'qrcode/lib/core/error-correction-code.js' {
  import type { QrcodeEcLevel } from 'qrcode/lib/core/error-correction-level.js'
  const ECCode: {
    /** Error-correction blocks of a version at a level (ISO/IEC 18004 table 9). */
    getBlocksCount(version: number, level: QrcodeEcLevel): number
    /** Error-correction codewords of a version at a level, all blocks together. */
    getTotalCodewordsCount(version: number, level: QrcodeEcLevel): number
  }
  export default ECCode
}

declare module 'qrcode/lib/core/alignment-pattern.js' {
  const AlignmentPattern: {
    /** Centres `[row, column]` of a version's alignment patterns (annex E). */
    getPositions(version: number): [number, number][]
  }
  export default AlignmentPattern
}
