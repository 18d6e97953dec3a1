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
 * qrcode encodes each in, `RUN_FIELDS` numbers per run in one array.
 */
type Runs = number[]

/** Mode class of the run (`NUMERIC`, `ALPHANUMERIC`, `BYTE`). */
const CLASS = 0
/** Index after the run's last code unit. */
const END = 1
/** Characters, or UTF-8 bytes for byte runs. */
const LENGTH = 2
/** The mode the shortest path encodes the run in. */
const CHOSEN = 3
/** Position (in the previous group) of the predecessor of each of the run's nodes, 2 bits each. */
const PREDECESSORS = 4
const RUN_FIELDS = 5

function splitRuns(text: string): Runs {
  const runs: Runs = []
  let mode = -1
  let length = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    const codeMode = code < 128 ? (ASCII_MODES[code] as number) : BYTE
    if (codeMode !== mode) {
      if (mode >= 0) runs.push(mode, index, length, mode, 0)
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
  if (mode >= 0) runs.push(mode, text.length, length, mode, 0)
  return runs
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/**
 * Smallest version whose data bits hold segments of the runs' `CHOSEN` modes, merged where
 * neighbours share a mode (`getBestVersionForData`). Before `shortestPath` each run's mode is
 * its class, which gives qrcode's estimate from the raw runs. For a single segment qrcode
 * compares the character count with `getCapacity`, which is the same test as comparing bits,
 * since `getCapacity` is the floor of the usable bits per character.
 */
function bestVersion(runs: Runs, level: ErrorCorrectionLevel): number | null {
  // Segments per mode, and payload bits (the same in every version).
  const segments = [0, 0, 0]
  let payload = 0
  for (let at = 0; at < runs.length;) {
    const mode = runs[at + CHOSEN] as number
    let length = 0
    for (; at < runs.length && runs[at + CHOSEN] === mode; at += RUN_FIELDS) {
      length += runs[at + LENGTH] as number
    }
    segments[mode] = (segments[mode] as number) + 1
    payload += segmentBits(mode, length)
  }
  let bits = 0
  for (let version = 1; version <= MAX_QR_VERSION; version++) {
    // The character-count indicators grow at versions 10 and 27.
    if (version === 1 || version === 10 || version === 27) {
      bits = payload
      for (let mode = NUMERIC; mode <= BYTE; mode++) {
        bits += (segments[mode] as number) * (MODE_INDICATOR_BITS + charCountBits(mode, version))
      }
    }
    if (bits <= dataBits(version, level)) return version
  }
  return null
}

/**
 * dijkstrajs' `find_path(graph, 'start', 'end')` over `buildGraph`'s graph for `version`, as
 * dynamic programming over the groups (see the module comment): writes each run's mode on the
 * path into its `CHOSEN` field. The group of a run of class `c` has one node per mode `c` to
 * `BYTE`, in that order (numeric runs can also be alphanumeric or bytes, alphanumeric runs
 * bytes), so the node at position `p` encodes the run in mode `c + p`. Of the previous group,
 * at most one node has a node's mode; every other one reaches it over an edge of the same cost,
 * so the best of those is the one that pops first, and there are two candidates to compare.
 */
function shortestPath(runs: Runs, version: number): void {
  const switchBits = [
    MODE_INDICATOR_BITS + charCountBits(NUMERIC, version),
    MODE_INDICATOR_BITS + charCountBits(ALPHANUMERIC, version),
    MODE_INDICATOR_BITS + charCountBits(BYTE, version),
  ]
  // Per position of the previous group: cost and pop rank (0 pops first), and the positions
  // that pop first and second (-1: none); at first the start node alone, of no mode. Then per
  // position of the group being built: cost and the rank of its predecessor.
  let previousClass = -1
  let previousSize = 1
  let first = 0
  let second = -1
  const cost = [0, 0, 0]
  const rank = [0, 0, 0]
  const nextCost = [0, 0, 0]
  const nextAfter = [0, 0, 0]
  for (let at = 0; at < runs.length; at += RUN_FIELDS) {
    const runClass = runs[at + CLASS] as number
    const length = runs[at + LENGTH] as number
    const size = BYTE + 1 - runClass
    let predecessors = 0
    for (let position = 0; position < size; position++) {
      const mode = runClass + position
      const bits = segmentBits(mode, length)
      // The first node to pop among those of another mode, over a mode switch.
      let best = previousClass + first === mode ? second : first
      let bestCost = 0
      if (best >= 0) bestCost = (cost[best] as number) + bits + (switchBits[mode] as number)
      // The node of the same mode (always one when no other is): `table[prev].lastCount` is 0
      // before the group's first node, `length` after it.
      const same = mode - previousClass
      if (same >= 0 && same < previousSize) {
        const candidate =
          (cost[same] as number) + (position === 0 ? bits : segmentBits(mode, 2 * length) - bits)
        if (
          best < 0 ||
          candidate < bestCost ||
          (candidate === bestCost && (rank[same] as number) < (rank[best] as number))
        ) {
          best = same
          bestCost = candidate
        }
      }
      nextCost[position] = bestCost
      nextAfter[position] = rank[best] as number
      predecessors |= best << (2 * position)
    }
    runs[at + PREDECESSORS] = predecessors
    // Pop order within the group: cost, then the predecessor's rank, then position.
    for (let position = 0; position < size; position++) {
      rank[position] = 0
      cost[position] = nextCost[position] as number
    }
    for (let a = 0; a < size; a++) {
      for (let b = a + 1; b < size; b++) {
        const costA = nextCost[a] as number
        const costB = nextCost[b] as number
        const aFirst =
          costA !== costB ? costA < costB : (nextAfter[a] as number) <= (nextAfter[b] as number)
        const later = aFirst ? b : a
        rank[later] = (rank[later] as number) + 1
      }
    }
    second = -1
    for (let position = 0; position < size; position++) {
      if (rank[position] === 0) first = position
      else if (rank[position] === 1) second = position
    }
    previousClass = runClass
    previousSize = size
  }
  // `end` is reached from every node of the last group at no cost: the first to pop wins.
  let position = first
  for (let at = runs.length - RUN_FIELDS; at >= 0; at -= RUN_FIELDS) {
    runs[at + CHOSEN] = (runs[at + CLASS] as number) + position
    position = ((runs[at + PREDECESSORS] as number) >> (2 * position)) & 3
  }
}

function encode(text: string, level: ErrorCorrectionLevel): Runs {
  const runs = splitRuns(text)
  // `createSymbol`: estimate from the raw runs, segment for the estimate (or 40), then fit.
  shortestPath(runs, bestVersion(runs, level) ?? MAX_QR_VERSION)
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
  return bestVersion(encode(text, level), level)
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
  const segments: QrSegment[] = []
  let start = 0
  for (let at = 0; at < runs.length; at += RUN_FIELDS) {
    const mode = runs[at + CHOSEN] as number
    if (at + RUN_FIELDS < runs.length && runs[at + RUN_FIELDS + CHOSEN] === mode) continue
    const end = runs[at + END] as number
    segments.push({ mode: MODE_NAMES[mode] ?? 'byte', data: text.slice(start, end) })
    start = end
  }
  return { version: bestVersion(runs, level), segments }
}
