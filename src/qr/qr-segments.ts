/**
 * node-qrcode's choice of segments and version, reproduced without building the symbol.
 *
 * `QRCode.create` (qrcode 1.5.4, `lib/core/qrcode.js` `createSymbol`) picks the version in four
 * steps: split the text into runs of numeric, alphanumeric and byte characters
 * (`Segments.rawSplit`), estimate a version from those runs, find the cheapest mixed-mode
 * segmentation for that estimate with Dijkstra over a graph of per-run mode choices
 * (`Segments.fromString`), and take the smallest version that holds the merged segments
 * (`Version.getBestVersionForData`). The same steps through qrcode's own functions cost
 * 25-60 µs a URL: its Dijkstra keys nodes by strings and re-sorts the whole queue on every
 * push. This module runs the same algorithm on typed arrays, including the parts that are
 * quirks rather than the standard, so that the version is exactly the one the encoder draws:
 *
 * - an edge between two nodes of the same mode costs `bits(last + n) - bits(last)`, where
 *   `last` is whatever `lastCount` the previous node was left at by the edges built before it
 *   (0 for the first node of a group, the group's length otherwise; node-qrcode issue #272);
 * - ties are broken like dijkstrajs' queue: a stable sort by cost, so equal costs pop in
 *   insertion order, and a node keeps the first predecessor that reached its final cost.
 *
 * The test suite checks the result against `QRCode.create` on generated URLs at every level.
 *
 * @module
 */
import type { ErrorCorrectionLevel } from '../design/types.ts'
import {
  ALPHANUMERIC,
  BYTE,
  MAX_QR_VERSION,
  MODE_NAMES,
  NUMERIC,
  charCountBits,
  dataBits,
  segmentBits,
} from './qr-standard.ts'
import type { QrMode } from './qr-standard.ts'

/** One segment of an encoding: a mode and the characters it carries. */
export interface QrSegment {
  readonly mode: QrMode
  readonly data: string
}

/** How qrcode would encode a text: its segments and the smallest version holding them. */
export interface QrEncoding {
  /** Smallest version 1-40 holding the segments; `null` when even version 40 cannot. */
  readonly version: number | null
  /** Merged segments in text order (empty for the empty text). */
  readonly segments: readonly QrSegment[]
}

/** Bits of the mode indicator that starts every segment. */
const MODE_INDICATOR_BITS = 4

/** Mode of each ASCII code unit; everything else is byte mode (Kanji mode is never enabled). */
const ASCII_MODES = /* @__PURE__ */ buildAsciiModes()

function buildAsciiModes(): Uint8Array {
  const modes = new Uint8Array(128).fill(BYTE)
  for (let code = 0x30; code <= 0x39; code++) modes[code] = NUMERIC
  // The 45-character set of ISO/IEC 18004 without the digits: A-Z, space, $ % * + - . / :
  for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:') modes[char.charCodeAt(0)] = ALPHANUMERIC
  return modes
}

/** Modes a run of each class can be encoded in, in `buildNodes` order. */
const NUMERIC_CHOICES: readonly number[] = [NUMERIC, ALPHANUMERIC, BYTE]
const ALPHANUMERIC_CHOICES: readonly number[] = [ALPHANUMERIC, BYTE]
const BYTE_CHOICES: readonly number[] = [BYTE]

/** Maximal runs of one mode class: what `getSegmentsFromString` finds with its three regexes. */
interface Runs {
  readonly mode: number[]
  readonly start: number[]
  readonly end: number[]
  /** Characters, or UTF-8 bytes for byte runs. */
  readonly length: number[]
}

function splitRuns(text: string): Runs {
  const runs: Runs = { mode: [], start: [], end: [], length: [] }
  const size = text.length
  let index = 0
  while (index < size) {
    const first = text.charCodeAt(index)
    const mode = first < 128 ? (ASCII_MODES[first] ?? BYTE) : BYTE
    const start = index
    let length = 0
    while (index < size) {
      const code = text.charCodeAt(index)
      if ((code < 128 ? (ASCII_MODES[code] ?? BYTE) : BYTE) !== mode) break
      index++
      if (mode !== BYTE || code < 0x80) length++
      else if (code < 0x800) length += 2
      else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index))) {
        length += 4
        index++
      } else length += 3 // BMP, or a lone surrogate that TextEncoder writes as U+FFFD
    }
    runs.mode.push(mode)
    runs.start.push(start)
    runs.end.push(index)
    runs.length.push(length)
  }
  return runs
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/**
 * Smallest version whose data bits hold the given segments (`getBestVersionForData`). For a
 * single segment qrcode compares the character count with `getCapacity`, which is the same
 * test as comparing bits, since `getCapacity` is the floor of the usable bits per character.
 */
function bestVersion(
  modes: readonly number[],
  lengths: readonly number[],
  count: number,
  level: ErrorCorrectionLevel
): number | null {
  if (count === 0) return 1
  // Character-count indicators change size only at versions 10 and 27.
  let total = 0
  let totalClass = -1
  for (let version = 1; version <= MAX_QR_VERSION; version++) {
    const sizeClass = version < 10 ? 0 : version < 27 ? 1 : 2
    if (sizeClass !== totalClass) {
      totalClass = sizeClass
      total = 0
      for (let index = 0; index < count; index++) {
        const mode = modes[index] ?? BYTE
        total +=
          MODE_INDICATOR_BITS +
          charCountBits(mode, version) +
          segmentBits(mode, lengths[index] ?? 0)
      }
    }
    if (total <= dataBits(version, level)) return version
  }
  return null
}

/**
 * The segmentation graph of `buildNodes`/`buildGraph`: per run, one node per possible mode.
 * Node 0 is `start`, node `end` the last; each node's fields live in one `Int32Array`
 * (`NODE_FIELDS` per node: one allocation per graph instead of one per field).
 */
interface Graph {
  readonly nodes: Int32Array
  readonly end: number
}

/** Mode of a node. */
const MODE = 0
/** Characters (UTF-8 bytes for byte mode) of the node's run. */
const LENGTH = 1
/** The first node of the next group (the node's successors start there). */
const GROUP_END = 2
/** Position of the node in its group (`j` in `buildGraph`). */
const POSITION = 3
/** The run the node encodes. */
const RUN = 4
const NODE_FIELDS = 5

function buildGraph(runs: Runs): Graph {
  const count = runs.mode.length
  let end = 1
  for (const mode of runs.mode) end += mode === NUMERIC ? 3 : mode === ALPHANUMERIC ? 2 : 1
  const nodes = new Int32Array((end + 1) * NODE_FIELDS)
  let node = 1
  for (let run = 0; run < count; run++) {
    const runMode = runs.mode[run] ?? BYTE
    const length = runs.length[run] ?? 0
    // A numeric run can also go as alphanumeric or byte, an alphanumeric run as byte; the
    // alternatives of digits and of the 45-character set have one byte per character.
    const modes =
      runMode === NUMERIC
        ? NUMERIC_CHOICES
        : runMode === ALPHANUMERIC
          ? ALPHANUMERIC_CHOICES
          : BYTE_CHOICES
    const groupEnd = node + modes.length
    for (let position = 0; position < modes.length; position++) {
      const at = node * NODE_FIELDS
      nodes[at + MODE] = modes[position] ?? BYTE
      nodes[at + LENGTH] = length
      nodes[at + GROUP_END] = groupEnd
      nodes[at + POSITION] = position
      nodes[at + RUN] = run
      node++
    }
  }
  nodes[GROUP_END] = 1
  nodes[end * NODE_FIELDS + GROUP_END] = end
  return { nodes, end }
}

/** Cost of the edge `from → to` exactly as `buildGraph` computes it. */
function edgeCost(graph: Graph, from: number, to: number, version: number): number {
  if (to === graph.end) return 0
  const nodes = graph.nodes
  const mode = nodes[to * NODE_FIELDS + MODE] ?? BYTE
  const length = nodes[to * NODE_FIELDS + LENGTH] ?? 0
  if (from !== 0 && nodes[from * NODE_FIELDS + MODE] === mode) {
    // `table[prev].lastCount`: reset to the length of every differently-moded node built
    // before this one in the group, so 0 for the group's first node, its length otherwise.
    const last =
      nodes[to * NODE_FIELDS + POSITION] === 0 ? 0 : (nodes[(to - 1) * NODE_FIELDS + LENGTH] ?? 0)
    return segmentBits(mode, last + length) - segmentBits(mode, last)
  }
  return segmentBits(mode, length) + MODE_INDICATOR_BITS + charCountBits(mode, version)
}

/**
 * A binary heap of (cost, push order, node) triples in an `Int32Array` from `base`, ordered by
 * cost, then push order: dijkstrajs' queue (a stable sort by cost after every push). Costs are
 * whole bits, so integers.
 */
function heapBefore(heap: Int32Array, a: number, b: number): boolean {
  const costA = heap[a] ?? 0
  const costB = heap[b] ?? 0
  return costA < costB || (costA === costB && (heap[a + 1] ?? 0) < (heap[b + 1] ?? 0))
}

function heapSwap(heap: Int32Array, a: number, b: number): void {
  for (let field = 0; field < 3; field++) {
    const kept = heap[a + field] ?? 0
    heap[a + field] = heap[b + field] ?? 0
    heap[b + field] = kept
  }
}

/** Pushes (cost, push order, node) onto the heap of `size` triples at `base`; sifts it up. */
function heapPush(
  heap: Int32Array,
  base: number,
  size: number,
  cost: number,
  order: number,
  node: number
): void {
  let index = size
  const at = base + 3 * index
  heap[at] = cost
  heap[at + 1] = order
  heap[at + 2] = node
  while (index > 0) {
    const parent = (index - 1) >> 1
    if (!heapBefore(heap, base + 3 * index, base + 3 * parent)) break
    heapSwap(heap, base + 3 * index, base + 3 * parent)
    index = parent
  }
}

/** Removes the first triple of the heap at `base`, which holds `size` triples after it. */
function heapPop(heap: Int32Array, base: number, size: number): void {
  heapSwap(heap, base, base + 3 * size)
  let index = 0
  for (;;) {
    const left = 2 * index + 1
    const right = left + 1
    let first = index
    if (left < size && heapBefore(heap, base + 3 * left, base + 3 * first)) first = left
    if (right < size && heapBefore(heap, base + 3 * right, base + 3 * first)) first = right
    if (first === index) break
    heapSwap(heap, base + 3 * index, base + 3 * first)
    index = first
  }
}

/**
 * dijkstrajs' `find_path(graph, 'start', 'end')`, with its queue (a stable sort by cost after
 * every push, shifted from the front) as a binary heap ordered by cost, then push order.
 */
function shortestPath(graph: Graph, version: number): number[] {
  const size = graph.end + 1
  const nodes = graph.nodes
  // Every node has at most three successors, and only an improvement pushes.
  const capacity = 3 * size + 1
  // One allocation: cost, predecessor and reached per node, then the heap's triples.
  const work = new Int32Array(3 * size + 3 * capacity)
  const PREDECESSOR = size
  const REACHED = 2 * size
  const HEAP = 3 * size
  let heapSize = 0
  let pushes = 0

  work[PREDECESSOR] = -1
  work[REACHED] = 1
  heapPush(work, HEAP, heapSize++, 0, pushes++, 0)
  while (heapSize > 0) {
    const nodeCost = work[HEAP] ?? 0
    const node = work[HEAP + 2] ?? 0
    heapPop(work, HEAP, --heapSize)
    // `end` has no edges. A stale entry (the node was reached more cheaply since) relaxes
    // nothing in dijkstrajs either: each successor already holds at most `cheaper + edge`.
    if (node === graph.end || nodeCost > (work[node] ?? 0)) continue
    const first = node === 0 ? 1 : (nodes[node * NODE_FIELDS + GROUP_END] ?? graph.end)
    const next =
      first === graph.end ? graph.end + 1 : (nodes[first * NODE_FIELDS + GROUP_END] ?? graph.end)
    for (let to = first; to < next; to++) {
      const candidate = nodeCost + edgeCost(graph, node, to, version)
      if (work[REACHED + to] === 0 || (work[to] ?? 0) > candidate) {
        work[REACHED + to] = 1
        work[to] = candidate
        heapPush(work, HEAP, heapSize++, candidate, pushes++, to)
        work[PREDECESSOR + to] = node
      }
    }
  }

  const path: number[] = []
  for (let node = work[PREDECESSOR + graph.end] ?? -1; node > 0;) {
    path.push(node)
    node = work[PREDECESSOR + node] ?? -1
  }
  return path.reverse()
}

/** Merged segments of a path: `mergeSegments`, as mode, first run, last run, length. */
interface Merged {
  readonly mode: number[]
  readonly firstRun: number[]
  readonly lastRun: number[]
  readonly length: number[]
}

function mergePath(graph: Graph, path: readonly number[]): Merged {
  const merged: Merged = { mode: [], firstRun: [], lastRun: [], length: [] }
  const nodes = graph.nodes
  for (const node of path) {
    const mode = nodes[node * NODE_FIELDS + MODE] ?? BYTE
    const run = nodes[node * NODE_FIELDS + RUN] ?? 0
    const length = nodes[node * NODE_FIELDS + LENGTH] ?? 0
    const last = merged.mode.length - 1
    if (last >= 0 && merged.mode[last] === mode) {
      merged.lastRun[last] = run
      merged.length[last] = (merged.length[last] ?? 0) + length
    } else {
      merged.mode.push(mode)
      merged.firstRun.push(run)
      merged.lastRun.push(run)
      merged.length.push(length)
    }
  }
  return merged
}

function encode(text: string, level: ErrorCorrectionLevel): { runs: Runs; merged: Merged } {
  const runs = splitRuns(text)
  // `createSymbol`: estimate from the raw runs, segment for the estimate (or 40), then fit.
  const estimate = bestVersion(runs.mode, runs.length, runs.mode.length, level) ?? MAX_QR_VERSION
  const graph = buildGraph(runs)
  const merged = mergePath(graph, shortestPath(graph, estimate))
  return { runs, merged }
}

/**
 * The smallest QR version qrcode draws `text` in at `level`: the same answer as
 * `QRCode.create(text, { errorCorrectionLevel: level }).version`, without building the symbol.
 * A lone surrogate counts as U+FFFD (3 bytes), as `TextEncoder` writes it.
 *
 * @param text The exact string handed to the encoder.
 * @param level Error-correction level.
 * @returns Version 1-40, or `null` when even version 40 cannot hold the text.
 */
export function qrVersion(text: string, level: ErrorCorrectionLevel): number | null {
  const { merged } = encode(text, level)
  return bestVersion(merged.mode, merged.length, merged.mode.length, level)
}

/**
 * The segments and version qrcode would encode `text` with, for tests and for explaining why a
 * URL needs the version it needs (an upper-case run saves bits in alphanumeric mode).
 *
 * @param text The exact string handed to the encoder.
 * @param level Error-correction level.
 * @returns The merged segments and the smallest version holding them.
 */
export function qrEncoding(text: string, level: ErrorCorrectionLevel): QrEncoding {
  const { runs, merged } = encode(text, level)
  const segments = merged.mode.map((mode, index) => ({
    mode: MODE_NAMES[mode] ?? 'byte',
    data: text.slice(
      runs.start[merged.firstRun[index] ?? 0] ?? 0,
      runs.end[merged.lastRun[index] ?? 0] ?? 0
    ),
  }))
  return {
    version: bestVersion(merged.mode, merged.length, merged.mode.length, level),
    segments,
  }
}
