/**
 * node-qrcode's choice of segments and version, reproduced without building the symbol.
 *
 * `QRCode.create` (qrcode 1.5.4, `lib/core/qrcode.js` `createSymbol`) picks the version in four
 * steps: split the text into runs of numeric, alphanumeric and byte characters
 * (`Segments.rawSplit`), estimate a version from those runs, find the cheapest mixed-mode
 * segmentation for that estimate with Dijkstra over a graph of per-run mode choices
 * (`Segments.fromString`), and take the smallest version that holds the merged segments
 * (`Version.getBestVersionForData`). The same steps through qrcode's own functions cost
 * 25-60 µs a URL. The graph is layered (one group of nodes per run, edges only from one group
 * to the next), so this module finds the same path with one pass of dynamic programming over
 * the runs, including the parts that are quirks rather than the standard, so that the version
 * is exactly the one the encoder draws:
 *
 * - an edge between two nodes of the same mode costs `bits(last + n) - bits(last)`, where
 *   `last` is whatever `lastCount` the previous node was left at by the edges built before it:
 *   0 for the first node of a group, the run's length for the others (node-qrcode issue #272);
 * - ties are broken like dijkstrajs: its queue is a stable sort by cost, so of two nodes with
 *   the same cost the one pushed first pops first, and a node keeps the first popped
 *   predecessor that reached its final cost (it replaces one only for a strictly lower cost).
 *   Within a group, nodes pop in the order (cost, pop rank of their predecessor, position):
 *   a node is pushed with its final cost while its predecessor is being popped, and that
 *   predecessor relaxes its successors in position order. So each group gets a rank per node,
 *   and a node's predecessor is the one of lowest (cost + edge, rank).
 *
 * The test suite checks the result against `QRCode.create` on generated URLs and texts at
 * every level.
 *
 * @module
 */
import type { ErrorCorrectionLevel } from '../design/types.ts'
import {
  ALPHANUMERIC,
  ALPHANUMERIC_CHARS,
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
  // The 45-character set without the digits: A-Z, space, $ % * + - . / :
  for (const char of ALPHANUMERIC_CHARS.slice(10)) modes[char.charCodeAt(0)] = ALPHANUMERIC
  return modes
}

/**
 * The runs of a text (what `getSegmentsFromString` finds with its three regexes) and the mode
 * qrcode encodes each in, in one `Int32Array` of `RUN_FIELDS` per run.
 */
interface Runs {
  readonly fields: Int32Array
  readonly count: number
}

/** Mode class of the run (`NUMERIC`, `ALPHANUMERIC`, `BYTE`). */
const CLASS = 0
/** Index after the run's last code unit. */
const END = 1
/** Characters, or UTF-8 bytes for byte runs. */
const LENGTH = 2
/** The mode the shortest path encodes the run in. */
const CHOSEN = 3
/** Position (in its group) of the run's node on the path to it, per position of its group. */
const PREDECESSOR = 4
const RUN_FIELDS = 7

/** Version size class of the character-count indicators: they grow at versions 10 and 27. */
const CLASS_FIRST_VERSIONS = [1, 10, 27] as const

function splitRuns(text: string): Runs {
  const size = text.length
  const fields = new Int32Array(size * RUN_FIELDS)
  let count = 0
  let mode = -1
  let length = 0
  for (let index = 0; index < size; index++) {
    const code = text.charCodeAt(index)
    const codeMode = code < 128 ? (ASCII_MODES[code] as number) : BYTE
    if (codeMode !== mode) {
      if (mode >= 0) count = addRun(fields, count, mode, index, length)
      mode = codeMode
      length = 0
    }
    if (code < 0x80) length++
    else if (code < 0x800) length += 2
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      length += 4
      index++
    } else length += 3 // BMP, or a lone surrogate that TextEncoder writes as U+FFFD
  }
  if (mode >= 0) count = addRun(fields, count, mode, size, length)
  return { fields, count }
}

/** Writes run number `count` and returns the new count. */
function addRun(
  fields: Int32Array,
  count: number,
  mode: number,
  end: number,
  length: number
): number {
  const at = count * RUN_FIELDS
  fields[at + CLASS] = mode
  fields[at + END] = end
  fields[at + LENGTH] = length
  return count + 1
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/**
 * Smallest version whose data bits hold segments of the given mode field (`CLASS` for the raw
 * runs, `CHOSEN` for the path) merged where neighbours share a mode (`getBestVersionForData`).
 * For a single segment qrcode compares the character count with `getCapacity`, which is the
 * same test as comparing bits, since `getCapacity` is the floor of the usable bits per
 * character.
 */
function bestVersion(runs: Runs, field: number, level: ErrorCorrectionLevel): number | null {
  const { fields, count } = runs
  if (count === 0) return 1
  // Header bits per size class, and payload bits (the same in every class).
  let header0 = 0
  let header1 = 0
  let header2 = 0
  let payload = 0
  for (let run = 0; run < count;) {
    const mode = fields[run * RUN_FIELDS + field] as number
    let length = 0
    while (run < count && fields[run * RUN_FIELDS + field] === mode) {
      length += fields[run * RUN_FIELDS + LENGTH] as number
      run++
    }
    header0 += MODE_INDICATOR_BITS + charCountBits(mode, CLASS_FIRST_VERSIONS[0])
    header1 += MODE_INDICATOR_BITS + charCountBits(mode, CLASS_FIRST_VERSIONS[1])
    header2 += MODE_INDICATOR_BITS + charCountBits(mode, CLASS_FIRST_VERSIONS[2])
    payload += segmentBits(mode, length)
  }
  for (let version = 1; version <= MAX_QR_VERSION; version++) {
    const header = version < 10 ? header0 : version < 27 ? header1 : header2
    if (header + payload <= dataBits(version, level)) return version
  }
  return null
}

/** Modes a run of each class can be encoded in, in `buildNodes` order. */
const CHOICES: readonly (readonly number[])[] = [
  [NUMERIC, ALPHANUMERIC, BYTE],
  [ALPHANUMERIC, BYTE],
  [BYTE],
]

/**
 * dijkstrajs' `find_path(graph, 'start', 'end')` over `buildGraph`'s graph for `version`, as
 * dynamic programming over the groups (see the module comment): writes each run's mode on the
 * path into its `CHOSEN` field.
 */
function shortestPath(runs: Runs, version: number): void {
  const { fields, count } = runs
  // Per position of the previous group: mode, cost and pop rank (0 pops first); at first the
  // start node alone. Then per position of the group being built: cost and predecessor's rank.
  let previous: readonly number[] = [-1]
  const cost = [0, 0, 0]
  const rank = [0, 0, 0]
  const nextCost = [0, 0, 0]
  const nextAfter = [0, 0, 0]
  for (let run = 0; run < count; run++) {
    const at = run * RUN_FIELDS
    const length = fields[at + LENGTH] as number
    const modes = CHOICES[fields[at + CLASS] as number] as readonly number[]
    for (let position = 0; position < modes.length; position++) {
      const mode = modes[position] as number
      const bits = segmentBits(mode, length)
      // `table[prev].lastCount` is 0 before the group's first node, `length` after it.
      const same = position === 0 ? bits : segmentBits(mode, 2 * length) - bits
      const switched = bits + MODE_INDICATOR_BITS + charCountBits(mode, version)
      let best = 0
      for (let from = 0; from < previous.length; from++) {
        const candidate = (cost[from] as number) + (previous[from] === mode ? same : switched)
        if (
          from === 0 ||
          candidate < (nextCost[position] as number) ||
          (candidate === nextCost[position] && (rank[from] as number) < (rank[best] as number))
        ) {
          best = from
          nextCost[position] = candidate
        }
      }
      fields[at + PREDECESSOR + position] = best
      nextAfter[position] = rank[best] as number
    }
    // Pop order within the group: cost, then the predecessor's rank, then position.
    for (let position = 0; position < modes.length; position++) {
      let before = 0
      for (let other = 0; other < modes.length; other++) {
        if (popsBefore(nextCost, nextAfter, other, position)) before++
      }
      rank[position] = before
      cost[position] = nextCost[position] as number
    }
    previous = modes
  }
  // `end` is reached from every node of the last group at no cost: the first to pop wins.
  let position = 0
  for (let other = 1; other < previous.length; other++) {
    if (popsBefore(cost, rank, other, position)) position = other
  }
  for (let run = count - 1; run >= 0; run--) {
    const at = run * RUN_FIELDS
    const modes = CHOICES[fields[at + CLASS] as number] as readonly number[]
    fields[at + CHOSEN] = modes[position] as number
    position = fields[at + PREDECESSOR + position] as number
  }
}

/** Whether node `a` of a group pops before node `b`: lower cost, then lower `order`, then position. */
function popsBefore(
  cost: readonly number[],
  order: readonly number[],
  a: number,
  b: number
): boolean {
  const costA = cost[a] as number
  const costB = cost[b] as number
  if (costA !== costB) return costA < costB
  const orderA = order[a] as number
  const orderB = order[b] as number
  return orderA !== orderB ? orderA < orderB : a < b
}

function encode(text: string, level: ErrorCorrectionLevel): Runs {
  const runs = splitRuns(text)
  // `createSymbol`: estimate from the raw runs, segment for the estimate (or 40), then fit.
  shortestPath(runs, bestVersion(runs, CLASS, level) ?? MAX_QR_VERSION)
  return runs
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
  return bestVersion(encode(text, level), CHOSEN, level)
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
  const runs = encode(text, level)
  const { fields, count } = runs
  const segments: QrSegment[] = []
  let start = 0
  for (let run = 0; run < count;) {
    const mode = fields[run * RUN_FIELDS + CHOSEN] as number
    while (run + 1 < count && fields[(run + 1) * RUN_FIELDS + CHOSEN] === mode) run++
    const end = fields[run * RUN_FIELDS + END] as number
    segments.push({ mode: MODE_NAMES[mode] ?? 'byte', data: text.slice(start, end) })
    start = end
    run++
  }
  return { version: bestVersion(runs, CHOSEN, level), segments }
}
