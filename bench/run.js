// `npm run bench`: builds nothing itself (the script builds first), runs every bench/*.bench.js
// and writes the figures, with machine and date, between the markers of BENCHMARKS.md.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { cpus, totalmem, platform, release } from 'node:os'

const here = new URL('./', import.meta.url)
const only = process.argv.slice(2)
const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.js'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()

const sections = []
for (const file of files) {
  const mod = await import(new URL(file, here).href)
  if (typeof mod.run !== 'function') continue
  process.stdout.write(`\n# ${file}\n`)
  const results = await mod.run()
  console.table(results)
  sections.push({ file, results })
}

const cpu = cpus()
const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.version}`
const date = new Date().toISOString().slice(0, 10)
const fmt = (n) => (n === undefined || n === null ? '' : Number(n).toPrecision(4))
let md = `<!-- bench:start -->\nLast run: ${date} on ${machine}.\n`
for (const { file, results } of sections) {
  md += `\n### ${file}\n\n| benchmark | median µs | p99 µs | note |\n| --- | ---: | ---: | --- |\n`
  for (const r of results)
    md += `| ${r.name} | ${fmt(r.median_us)} | ${fmt(r.p99_us)} | ${r.note ?? ''} |\n`
}
md += '<!-- bench:end -->'

if (only.length === 0) {
  const path = new URL('../BENCHMARKS.md', import.meta.url)
  const current = await readFile(path, 'utf8').catch(
    () => '# Benchmarks\n\n<!-- bench:start --><!-- bench:end -->\n'
  )
  const next = current.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, md)
  await writeFile(path, next)
  console.log('\nBENCHMARKS.md updated.')
}
