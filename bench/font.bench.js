/**
 * Font parsing, decoding and outlines: our own sfnt/CFF readers against opentype.js 2.0 (the
 * core's reader before issue 7, now the test oracle), WOFF2 decoding (issue 17: ≤ 15 ms for a
 * 100 kB face in Node) and the advances of a variable instance against a static face's.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { brotliDecompressSync, constants as zlibConstants } from 'node:zlib'
import opentype from 'opentype.js'
import { Bench } from 'tinybench'
import { parseFont } from '../dist/text/font.js'
import { decodeWoff2 } from '../dist/text/woff2.js'
import { decodeWoff2Font } from '../dist/text/woff2-decoder.js'

const REGULAR = { bold: false, italic: false }

const file = (path) => readFile(new URL(path, import.meta.url)).then((data) => new Uint8Array(data))

/** opentype.js outlines of some glyphs, as the core read them before issue 7. */
function opentypeOutlines(bytes, ids) {
  const font = opentype.parse(bytes.slice().buffer, { lowMemory: true })
  let count = 0
  for (const id of ids) count += font.glyphs.get(id)?.path.commands.length ?? 0
  return count
}

/**
 * Node's Brotli as the Node font loader (`src/node/load-fonts.ts`) calls it: one output buffer of
 * the announced size. Its source is also pasted into the fresh processes below.
 */
const nativeBrotli = (data, size) => {
  const decoded = brotliDecompressSync(data, {
    maxOutputLength: Math.max(size, 1),
    chunkSize: Math.max(size, zlibConstants.Z_MIN_CHUNK),
  })
  return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength)
}

/** Fresh processes per cold measurement; their median is reported. */
const COLD_PROCESSES = 15

/**
 * The first WOFF2 decode in a fresh Node process: what a CLI run or a server start pays once per
 * face. Cold means: a new `node` per sample (run under `nice -n 10`, as the machine is shared),
 * the decoder's modules loaded first and timed apart, then one decode with the JIT cold (V8 has
 * optimised nothing of it yet). Medians of {@link COLD_PROCESSES} processes: the decode's wall
 * time, its main-thread CPU time (Linux `/proc/thread-self/schedstat`, which other processes on
 * a busy machine do not inflate, read after a short sleep so that it is current; NaN elsewhere)
 * and the module load. `native` is the Node loader's path (node:zlib Brotli as the loader calls
 * it), otherwise the core's pure-JS decoder.
 */
async function freshProcessDecode(path, native) {
  const dist = (module) => JSON.stringify(new URL(`../dist/text/${module}`, import.meta.url).href)
  const script = `import { readFileSync } from 'node:fs'
import { brotliDecompressSync, constants as zlibConstants } from 'node:zlib'
const onCpu = () => {
  try { return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6 } catch { return NaN }
}
const loadStart = performance.now()
const { decodeWoff2 } = await import(${dist('woff2.js')})
const brotli = ${native}
  ? ${nativeBrotli}
  : (await import(${dist('woff2-decoder.js')})).decodeBrotli
const load = performance.now() - loadStart
const bytes = new Uint8Array(readFileSync(new URL(${JSON.stringify(new URL(path, import.meta.url).href)})))
// The kernel brings a running thread's schedstat up to date only at a tick or a switch: a
// short sleep before each reading makes it exact instead of up to a tick (4 ms) stale.
const settle = () => new Promise((resolve) => setTimeout(resolve, 5))
await settle()
const cpuStart = onCpu()
const start = performance.now()
decodeWoff2(bytes, 'bench', brotli)
const wall = performance.now() - start
await settle()
console.log(JSON.stringify({ wall, cpu: onCpu() - cpuStart, load }))`
  const samples = []
  for (let run = 0; run < COLD_PROCESSES; run++) {
    const { stdout } = await promisify(execFile)('nice', [
      '-n',
      '10',
      process.execPath,
      '--input-type=module',
      '-e',
      script,
    ])
    samples.push(JSON.parse(stdout))
  }
  const median = (key) => {
    const values = samples.map((sample) => sample[key]).sort((a, b) => a - b)
    return values[values.length >> 1] * 1000
  }
  return { wall: median('wall'), cpu: median('cpu'), load: median('load') }
}

/** @returns {Promise<{ name: string, median_us: number, p99_us?: number, note?: string }[]>} */
export async function run() {
  const inter = await file('../fonts/Inter-Regular.ttf')
  const sourceSans = await file('../node_modules/source-sans/OTF/SourceSans3-Regular.otf')
  const woff2Path = '../node_modules/source-sans/WOFF2/TTF/SourceSans3-Bold.ttf.woff2'
  const woff2 = await file(woff2Path)
  const interVariable = await file(
    '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'
  )
  const interVariableSfnt = decodeWoff2Font(interVariable, 'Inter')
  const text = 'The quick brown fox jumps over the lazy dog. ÄÖÜ äöü ß 0123456789'
  const ids = (face) => [...text].map((c) => face.glyphId(c.codePointAt(0)))
  const interIds = ids(parseFont(inter, 'Inter', REGULAR))
  const sourceIds = ids(parseFont(sourceSans, 'Source Sans 3', REGULAR))
  const nativeWoff2 = (bytes) => decodeWoff2(bytes, 'bench', nativeBrotli)
  // Advances once built: every glyph of the latin subset, looked up again and again.
  const staticFace = parseFont(interVariableSfnt, 'Inter', REGULAR)
  const variableFace = parseFont(interVariableSfnt, 'Inter', REGULAR, { axes: { wght: 700 } })
  const glyphs = Array.from({ length: 500 }, (_, index) => index)
  for (const id of glyphs) {
    staticFace.advance(id)
    variableFace.advance(id)
  }

  const bench = new Bench({ time: 500 })
  bench
    .add('parseFont Inter regular (own reader)', () => {
      parseFont(inter, 'Inter', REGULAR)
    })
    .add('opentype.js parse Inter regular (lowMemory)', () => {
      opentype.parse(inter.slice().buffer, { lowMemory: true })
    })
    .add('parse + 66 glyph paths (own reader)', () => {
      const face = parseFont(inter, 'Inter', REGULAR)
      for (const id of interIds) face.glyphPath(id)
    })
    .add('parse + 66 glyph outlines (opentype.js)', () => opentypeOutlines(inter, interIds))
    .add('parse + 66 CFF glyph paths, Source Sans 3 (own charstring interpreter)', () => {
      const face = parseFont(sourceSans, 'Source Sans 3', REGULAR)
      for (const id of sourceIds) face.glyphPath(id)
    })
    .add('parse + 66 CFF glyph outlines, Source Sans 3 (opentype.js)', () =>
      opentypeOutlines(sourceSans, sourceIds)
    )
    .add('WOFF2 decode, 109 kB face (pure JS: brotli + our transforms)', () => {
      decodeWoff2Font(woff2, 'bench')
    })
    .add('WOFF2 decode, 109 kB face (Node loader: native Brotli + our transforms)', () => {
      nativeWoff2(woff2)
    })
    .add('500 advances, static Inter (cached)', () => {
      let sum = 0
      for (const id of glyphs) sum += staticFace.advance(id)
      return sum
    })
    .add('500 advances, variable Inter at wght 700 (cached)', () => {
      let sum = 0
      for (const id of glyphs) sum += variableFace.advance(id)
      return sum
    })
    .add('parse variable Inter at wght 700 + 500 advances (HVAR, first use)', () => {
      const face = parseFont(interVariableSfnt, 'Inter', REGULAR, { axes: { wght: 700 } })
      for (const id of glyphs) face.advance(id)
    })
    .add('parse static Inter (same file, default) + 500 advances (first use)', () => {
      const face = parseFont(interVariableSfnt, 'Inter', REGULAR)
      for (const id of glyphs) face.advance(id)
    })
  await bench.run()
  const rows = bench.tasks.map((task) => {
    const latency = task.result?.latency
    return {
      name: task.name,
      median_us: Math.round((latency?.p50 ?? NaN) * 1000),
      p99_us: Math.round((latency?.p99 ?? NaN) * 1000),
      note: task.name.startsWith('WOFF2')
        ? 'each run decodes afresh (no cache); JIT warm'
        : task.name.includes('(cached)')
          ? 'repeats the same 500 ids: measures the per-face advance cache'
          : undefined,
    }
  })
  for (const native of [false, true]) {
    const cold = await freshProcessDecode(woff2Path, native)
    const cpu = Number.isNaN(cold.cpu) ? '' : `, main-thread CPU ${(cold.cpu / 1000).toFixed(1)} ms`
    rows.push({
      name: `WOFF2 decode, 109 kB face, first in a fresh process (${native ? 'Node loader: native Brotli' : 'pure JS'})`,
      median_us: Math.round(cold.wall),
      note: `cold: a new node process per sample under nice -n 10, median of ${COLD_PROCESSES}; JIT cold, module load excluded${cpu}`,
    })
    if (!native) {
      rows.push({
        name: 'WOFF2 decoder module load in a fresh process (pure JS: brotli and its dictionary)',
        median_us: Math.round(cold.load),
        note: `cold: the import of the decoder before the decode above, median of ${COLD_PROCESSES} processes`,
      })
    }
  }
  return rows
}
