// parseDesign on the sample designs and a broken one; the Node loaders (fonts, a design file).
// Imports the BUILT code: run `npx tsc -p tsconfig.build.json` first (`npm run bench` does).
import { readFile } from 'node:fs/promises'
import { Bench } from 'tinybench'
import { parseDesign } from '../dist/design/parse-design.js'
import { loadDesign } from '../dist/node/load-design.js'
import { loadFontSources } from '../dist/node/load-fonts.js'

const json = async (path) => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'))

export async function run() {
  const families = ['Inter', 'Roboto', 'Lora']
  const a6 = await json('../designs/a6-greeting.json')
  const a5 = await json('../designs/a5-ten-areas.json')
  const broken = await json('../test/fixtures/designs/wrong-types.json')
  const a6Path = new URL('../designs/a6-greeting.json', import.meta.url)

  const bench = new Bench({ time: 400, warmupTime: 100 })
  bench
    .add('parseDesign a6-greeting (12 elements, SVG data URI)', () => parseDesign(a6, { families }))
    .add('parseDesign a5-ten-areas (15 elements, 10 areas)', () => parseDesign(a5, { families }))
    .add('parseDesign wrong-types (6 problems, throws)', () => {
      try {
        parseDesign(broken)
      } catch {
        // expected: DesignError
      }
    })
    .add('loadDesign a6-greeting.json (read + JSON.parse + parse)', () => loadDesign(a6Path))
    .add('loadFontSources default manifest (12 TTF, 2.2 MB)', () => loadFontSources())
  await bench.run()
  return bench.tasks.map((task) => {
    const result = task.result
    if (result.state !== 'completed') return { name: task.name, note: result.state }
    return {
      name: task.name,
      median_us: result.latency.p50 * 1000,
      p99_us: result.latency.p99 * 1000,
      note: task.name.startsWith('loadFontSources') ? 'once per process' : undefined,
    }
  })
}
