/**
 * The Markdown verdict and the fit of one `content` value, each computed once per distinct text
 * and remembered: a flow's texts are mostly the same for every recipient, and a form re-checks
 * unchanged fields on every keystroke.
 *
 * @module
 */
import type { Root } from 'mdast'
import type { MarkdownElement } from '../design/types.ts'
import { checkFit } from '../layout/check-fit.ts'
import { checkMarkdownTree } from '../markdown/check-markdown-tree.ts'
import { parseForLayout } from '../markdown/parse-for-layout.ts'
import type { MarkdownViolation } from '../markdown/types.ts'
import type { FontRegistry } from '../text/types.ts'
import type { MarkdownFitError } from '../verdict/types.ts'

/**
 * Distinct texts remembered per cache. Each entry holds only results (no tree), a few hundred
 * bytes, so a cache stays far below a megabyte even for 8000-character texts' keys.
 */
const CACHE_SIZE = 256

/** A small least-recently-used map. */
class Lru<V> {
  readonly #entries = new Map<string, V>()

  get(key: string): V | undefined {
    const value = this.#entries.get(key)
    if (value !== undefined) {
      this.#entries.delete(key)
      this.#entries.set(key, value)
    }
    return value
  }

  set(key: string, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > CACHE_SIZE) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
  }
}

/** What the whitelist found in a text, and whether its emphasis is resolved for layout. */
export interface SyntaxJudgement {
  readonly violations: readonly MarkdownViolation[]
  /** `false` when the text needs more emphasis work than `MAX_EMPHASIS_WORK`. */
  readonly emphasisResolved: boolean
  /** Maximal `*`/`_` runs of the text. */
  readonly emphasisRuns: number
}

const syntaxCache = new Lru<SyntaxJudgement>()

/** The tree of the text judged last, handed from the syntax check to the fit check. */
let lastTree: { readonly text: string; readonly tree: Root } | undefined

/**
 * Judges the syntax of a text (spec 2.5), parsing it once for both the whitelist and the layout:
 * the whitelist gives the same verdict with or without emphasis resolved.
 *
 * @param text The Markdown text.
 * @returns The violations and the emphasis facts.
 */
export function judgeSyntax(text: string): SyntaxJudgement {
  const cached = syntaxCache.get(text)
  if (cached) return cached
  const { tree, emphasisResolved, emphasisRuns } = parseForLayout(text)
  const judgement: SyntaxJudgement = {
    violations: Object.freeze(checkMarkdownTree(tree, text).map((v) => Object.freeze(v))),
    emphasisResolved,
    emphasisRuns,
  }
  syntaxCache.set(text, judgement)
  lastTree = { text, tree }
  return judgement
}

const fitCaches = new WeakMap<
  FontRegistry,
  WeakMap<MarkdownElement, Lru<{ readonly error?: MarkdownFitError }>>
>()

/**
 * The fit error of a text in its area (spec 2.5 rule 4), or `undefined` when it fits; reuses the
 * tree of the syntax check just before when it is the same text.
 *
 * @param text The Markdown text, already accepted by the whitelist.
 * @param area Its Markdown area.
 * @param fonts The registry the area's family comes from.
 * @returns The fit error, if any.
 */
export function judgeFit(
  text: string,
  area: MarkdownElement,
  fonts: FontRegistry
): MarkdownFitError | undefined {
  let byArea = fitCaches.get(fonts)
  if (!byArea) {
    byArea = new WeakMap()
    fitCaches.set(fonts, byArea)
  }
  let cache = byArea.get(area)
  if (!cache) {
    cache = new Lru()
    byArea.set(area, cache)
  }
  const cached = cache.get(text)
  if (cached) return cached.error
  const tree = lastTree?.text === text ? lastTree.tree : parseForLayout(text).tree
  lastTree = undefined
  const error = checkFit(text, area, fonts, tree)
  cache.set(text, error ? { error: Object.freeze(error) } : {})
  return error
}
