/**
 * The repository stands on its own: every relative link of its Markdown files reaches a file of
 * the repository (and, with a `#fragment`, a heading of it), and no tracked file points to
 * documents outside it (the team's notes, a parent folder), which a clone does not have.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((path) => path !== '' && existsSync(join(root, path)))
const markdown = tracked.filter((path) => path.endsWith('.md'))

/** A Markdown text without its fenced code blocks (whose lines are neither headings nor links). */
function withoutCode(text: string): string {
  let fenced = false
  return text
    .split('\n')
    .filter((line) => {
      if (line.startsWith('```')) fenced = !fenced
      return !fenced && !line.startsWith('```')
    })
    .join('\n')
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-')
}

/** The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2` …). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const [, heading = ''] of withoutCode(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    result.add(count === 0 ? base : `${base}-${count}`)
  }
  return result
}

/** Link targets of a Markdown text (inline links and images, HTML `src`/`href`), code excluded. */
function links(text: string): string[] {
  const prose = withoutCode(text).replace(/`[^`\n]*`/g, '')
  return [
    ...[...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? ''),
    ...[...prose.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? ''),
  ]
}

describe('the repository', () => {
  test('should have Markdown files to check', () => {
    expect(markdown).toContain('README.md')
    expect(markdown).toContain('docs/design-format.md')
  })

  test.each(markdown)('should link only within the repository from %s', (file) => {
    const text = readFileSync(join(root, file), 'utf8')
    const broken: string[] = []
    for (const target of links(text)) {
      if (/^(?:https?|mailto):/i.test(target)) continue
      const [path = '', fragment] = target.split('#')
      const absolute =
        path === '' ? join(root, file) : resolve(root, dirname(file), decodeURI(path))
      const inside = relative(root, absolute)
      if (inside.startsWith('..') || !existsSync(absolute)) {
        broken.push(`${target} (no file ${inside} in the repository)`)
        continue
      }
      if (fragment !== undefined && absolute.endsWith('.md')) {
        if (!anchors(readFileSync(absolute, 'utf8')).has(fragment)) {
          broken.push(`${target} (no heading #${fragment} in ${inside})`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  test('should point to no document outside the repository', () => {
    const outside =
      /\.\.\/shared\/|\bshared\/(?:design-format|spec|research|STYLE)|\/work\/(?:coord|shared)|DEVELOPERS\.md|\bresearch §|\bSTYLE rules? \d/
    const offenders = tracked.flatMap((file) => {
      if (file === 'package-lock.json' || file === 'test/node/repository-links.test.ts') return []
      const bytes = readFileSync(join(root, file))
      if (bytes.includes(0)) return [] // binary
      return bytes
        .toString('utf8')
        .split('\n')
        .flatMap((line, index) =>
          outside.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`] : []
        )
    })
    expect(offenders).toEqual([])
  })
})
