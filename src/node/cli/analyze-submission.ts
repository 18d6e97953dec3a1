/**
 * What `preflight preview` and `preflight proof` share: fonts and design loaded, the body read
 * as the service reads it, analysed once, and the emoji artwork that analysis draws.
 *
 * @module
 */
import { analyzePostcard } from '../../analysis/analyze-postcard.ts'
import type { PostcardAnalysis } from '../../analysis/types.ts'
import type { EmojiArtwork } from '../../emoji/types.ts'
import { previewEmojiKeys } from '../../preview/preview-emoji-keys.ts'
import { createFontRegistry } from '../../text/font-registry.ts'
import { loadEmojiArtwork } from '../emoji-artwork.ts'
import { loadDesign } from '../load-design.ts'
import { loadFontSources } from '../load-fonts.ts'
import { write, type CliIo } from './cli-io.ts'
import { describeRefusal, refusedVerdict } from './judge-payloads.ts'
import { openSource, readBody, sourceName } from './read-bodies.ts'

/** A submission ready to draw. */
export interface AnalysedSubmission {
  readonly analysis: PostcardAnalysis
  /** The artwork of every emoji the analysis draws, loaded from the package's set. */
  readonly emojiArtwork: ReadonlyMap<string, EmojiArtwork>
}

/**
 * Loads fonts and design, reads the body and analyses it. A body the service cannot read (not
 * JSON, too large) gets its answer (400 or 413) on stdout and a line on stderr, and nothing to
 * draw. Unreadable files throw the misuse errors `reportMisuse` reports.
 *
 * @param command The command's name for the stderr line, e.g. `preview`.
 * @param files The fonts manifest (or the package's), the design and the payload (`-`: stdin).
 * @param io Streams.
 * @returns The analysis and its artwork, or `undefined` when the body was refused.
 */
export async function analyzeSubmission(
  command: string,
  files: { readonly fonts: string | undefined; readonly design: string; readonly payload: string },
  io: CliIo
): Promise<AnalysedSubmission | undefined> {
  const fonts = createFontRegistry(await loadFontSources(files.fonts))
  const design = await loadDesign(files.design, { families: fonts.families })
  const read = await readBody(await openSource(files.payload, io))
  if (!read.ok) {
    // The service's answer (400 or 413): there is no body to draw.
    await write(io.stdout, `${JSON.stringify(refusedVerdict(read.refused), null, 2)}\n`)
    await write(
      io.stderr,
      `preflight ${command}: ${describeRefusal(sourceName(files.payload), read.refused)}\n`
    )
    return undefined
  }
  const analysis = analyzePostcard(read.value, design, { fonts })
  return { analysis, emojiArtwork: await loadEmojiArtwork(previewEmojiKeys(analysis)) }
}
