/**
 * The Node versions the package admits and the ones its dependencies need agree, as npm judges
 * them (npm's own `semver`): `npm ci` on the Node that runs the tests warns EBADENGINE for no
 * locked package, and every runtime dependency runs on every Node our `engines` field admits.
 */
import { readFile } from 'node:fs/promises'
import semver from 'semver'
import { describe, expect, test } from 'vitest'

interface LockedPackage {
  readonly version?: string
  readonly dev?: boolean
  readonly engines?: Record<string, string> | readonly string[]
}

const root = new URL('../../', import.meta.url)
const manifest = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as {
  engines: { node: string }
}
const lock = JSON.parse(await readFile(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, LockedPackage>
}

/** Locked packages with a Node range, as `name@version range`. */
function nodeRanges(filter: (entry: LockedPackage) => boolean): [string, string][] {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines)
      ? undefined
      : (entry.engines as { node?: string })?.node
    if (path === '' || range === undefined || !filter(entry)) return []
    return [[`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'}`, range]]
  })
}

describe('engines', () => {
  test('should lock no package that npm ci would warn EBADENGINE about on this Node', () => {
    const refused = nodeRanges(() => true).filter(
      ([, range]) => !semver.satisfies(process.version, range, { includePrerelease: true })
    )
    expect(refused).toEqual([])
  })

  test('should admit only Node versions every runtime dependency supports', () => {
    const ours = manifest.engines.node
    const narrower = nodeRanges((entry) => entry.dev !== true).filter(
      ([, range]) => !semver.subset(ours, range)
    )
    expect(narrower).toEqual([])
  })
})
