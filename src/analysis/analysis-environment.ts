/**
 * What an analysis is made with besides the body and the design: the fonts, the pinned emoji set
 * and the renderer profile, checked once when an analysis or a `Preflight` is set up.
 *
 * @module
 */
import type { Design } from '../design/types.ts'
import { pinnedVersionIndex, type PinnedEmojiVersion } from '../emoji/emoji-version.ts'
import type { FontRegistry } from '../text/types.ts'
import type { AnalyzeOptions, RendererProfile } from './types.ts'

/**
 * Misuse of `analyzePostcard`, `validatePostcard` or `createPreflight` by the host program: options
 * that are not what the contract says (fonts that are no font registry, an unknown renderer
 * profile, cache bounds that are no positive integers). Never thrown because of a body.
 */
export class PreflightOptionsError extends Error {
  override readonly name = 'PreflightOptionsError'
}

/** The options of an analysis, checked, with defaults filled in. */
export interface AnalysisEnvironment {
  readonly fonts: FontRegistry | undefined
  readonly emojiVersion: PinnedEmojiVersion | undefined
  readonly profile: RendererProfile
}

const PROFILES: readonly RendererProfile[] = ['chromium', 'exact']

/**
 * Whether a value looks like a parsed {@link Design} (the host's side of the contract).
 *
 * @param design Any value.
 * @returns `true` for a design from `parseDesign`.
 */
export function isDesign(design: unknown): design is Design {
  if (typeof design !== 'object' || design === null) return false
  const candidate = design as Partial<Record<keyof Design, unknown>>
  return (
    Array.isArray(candidate.markdownAreas) &&
    Array.isArray(candidate.keyedQrCodes) &&
    Array.isArray(candidate.urlQrCodes)
  )
}

/**
 * Throws unless `design` is a parsed design.
 *
 * @param design Any value.
 * @throws {TypeError} When it is not a design returned by `parseDesign`.
 */
export function assertDesign(design: unknown): asserts design is Design {
  if (!isDesign(design)) {
    throw new TypeError(
      'Unexpected `design` without `markdownAreas`, `keyedQrCodes` and `urlQrCodes`, expected a design returned by `parseDesign`'
    )
  }
}

/**
 * Checks the options of an analysis and fills in the defaults.
 *
 * @param options The options as given (any value a JavaScript caller passes).
 * @returns The environment.
 * @throws {PreflightOptionsError} For options that break the contract.
 * @throws {EmojiVersionError} For an `emojiVersion` that is not a pinnable version.
 */
export function resolveEnvironment(options: AnalyzeOptions | undefined): AnalysisEnvironment {
  if (options === undefined)
    return { fonts: undefined, emojiVersion: undefined, profile: 'chromium' }
  if (typeof options !== 'object' || options === null) {
    throw new PreflightOptionsError(
      `Unexpected options \`${String(options)}\`, expected an object such as \`{ fonts }\``
    )
  }
  const { fonts, emojiVersion, profile = 'chromium' } = options
  if (
    fonts !== undefined &&
    (typeof fonts !== 'object' ||
      fonts === null ||
      typeof fonts.face !== 'function' ||
      typeof fonts.has !== 'function')
  ) {
    throw new PreflightOptionsError(
      'Unexpected `fonts`, expected a font registry from `createFontRegistry`'
    )
  }
  pinnedVersionIndex(emojiVersion)
  if (!PROFILES.includes(profile)) {
    throw new PreflightOptionsError(
      `Unexpected \`profile\` \`${String(profile)}\`, expected \`chromium\` or \`exact\``
    )
  }
  return { fonts, emojiVersion, profile }
}
