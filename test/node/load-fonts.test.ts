import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  FontManifestError,
  type FontManifestProblem,
  loadFontSources,
} from '../../src/node/load-fonts.ts'
import { decodeWoff2Font } from '../../src/text/woff2-decoder.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FaceInstance, FaceSource } from '../../src/text/types.ts'
import { unpackFont } from '../../src/text/unpack-font.ts'

const fontsDir = fileURLToPath(new URL('../../fonts/', import.meta.url))
const FAMILIES = ['Inter', 'Roboto', 'Lora']
const SUBFAMILY = { regular: 'Regular', bold: 'Bold', italic: 'Italic', bold_italic: 'Bold Italic' }

/** fontkit ships no types; this is the little of it the oracle needs. */
interface Fontkit {
  create(buffer: Uint8Array): { familyName: string; subfamilyName: string }
}

let temp = ''
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'preflight-fonts-'))
})
afterAll(async () => {
  await rm(temp, { recursive: true, force: true })
})

/** Writes files (text or bytes) under a fresh directory of `temp`; returns that directory. */
async function scene(files: Readonly<Record<string, string | Uint8Array>>): Promise<string> {
  const dir = await mkdtemp(join(temp, 'scene-'))
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true })
    await writeFile(join(dir, name), content)
  }
  return dir
}

function isInstance(source: FaceSource | undefined): source is FaceInstance {
  return (
    typeof source === 'object' &&
    !(source instanceof Uint8Array) &&
    !(source instanceof ArrayBuffer)
  )
}

async function failure(manifest: string): Promise<FontManifestError> {
  try {
    await loadFontSources(manifest)
  } catch (error) {
    expect(error).toBeInstanceOf(FontManifestError)
    return error as FontManifestError
  }
  return expect.unreachable('loadFontSources accepted a broken manifest')
}

const inter = () => readFile(join(fontsDir, 'Inter-Regular.ttf'))
const packages = fileURLToPath(new URL('../../node_modules/', import.meta.url))
const interVariable = () =>
  readFile(join(packages, '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'))

describe('loadFontSources', () => {
  test('should load the shipped families by default, each slot from the face it names', async () => {
    const fontkit = (await import('fontkit' as string)) as Fontkit
    const sources = await loadFontSources()
    expect(Object.keys(sources)).toEqual(FAMILIES)
    for (const family of FAMILIES) {
      const faces = sources[family]
      expect(Object.keys(faces ?? {})).toEqual(['regular', 'bold', 'italic', 'bold_italic'])
      for (const [slot, subfamily] of Object.entries(SUBFAMILY)) {
        const bytes = faces?.[slot as keyof typeof SUBFAMILY]
        expect(bytes).toBeInstanceOf(Uint8Array)
        const font = fontkit.create(bytes as Uint8Array)
        expect([font.familyName, font.subfamilyName]).toEqual([family, subfamily])
      }
    }
  })

  test('should match the SHA-256 of every font listed in fonts/README.md', async () => {
    const readme = await readFile(join(fontsDir, 'README.md'), 'utf8')
    const rows = [...readme.matchAll(/^\| `([\w-]+\.ttf)` \|.*\| `([\da-f]{64})` \|$/gm)]
    expect(rows).toHaveLength(12)
    for (const [, file = '', hash] of rows) {
      const bytes = await readFile(join(fontsDir, file))
      expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(hash)
    }
  })

  test('should resolve paths relative to the manifest, given as a path or a file URL', async () => {
    const dir = await scene({
      'manifests/fonts.json': JSON.stringify({ families: { Body: { regular: '../files/a.ttf' } } }),
      'files/a.ttf': await inter(),
    })
    const manifest = join(dir, 'manifests', 'fonts.json')
    for (const argument of [manifest, pathToFileURL(manifest)]) {
      const sources = await loadFontSources(argument)
      expect(Object.keys(sources)).toEqual(['Body'])
      expect(Object.keys(sources['Body'] ?? {})).toEqual(['regular'])
      // Buffer#equals: toEqual walks 342 KB element by element.
      const regular = sources['Body']?.regular
      const bytes = regular instanceof Uint8Array ? regular : new Uint8Array(0)
      expect(Buffer.compare(bytes, await inter())).toBe(0)
    }
  })

  test('should load instances of a WOFF2 variable font, decoded once, as the core decodes it', async () => {
    const woff2 = await interVariable()
    const dir = await scene({
      'fonts.json': JSON.stringify({
        families: {
          Brand: {
            regular: { file: 'inter.woff2', axes: { wght: 400 } },
            bold: { file: 'inter.woff2', axes: { wght: 700 } },
            italic: 'inter.woff2',
          },
        },
      }),
      'inter.woff2': woff2,
    })
    const sources = await loadFontSources(join(dir, 'fonts.json'))
    const { regular, bold, italic } = sources['Brand'] ?? {}
    if (!isInstance(regular) || !isInstance(bold)) return expect.unreachable('instances expected')
    expect(regular.axes).toEqual({ wght: 400 })
    expect(bold.axes).toEqual({ wght: 700 })
    // One decoded buffer for the three faces: the file is read and decoded once.
    expect(bold.bytes).toBe(regular.bytes)
    expect(italic).toBe(regular.bytes)
    // Node's native Brotli and the core's pure-JS decoder give the same TTF, byte for byte.
    const decoded = unpackFont(woff2, 'Inter', decodeWoff2Font)
    expect(Buffer.compare(new Uint8Array(regular.bytes as Uint8Array), decoded)).toBe(0)
    const fonts = createFontRegistry(sources)
    const normal = fonts.face('Brand')
    const heavy = fonts.face('Brand', { bold: true, italic: false })
    const h = normal.glyphId(0x48)
    expect(heavy.advance(h)).toBeGreaterThan(normal.advance(h))
  })

  test('should accept a byte order mark and keep a family named __proto__ as a family', async () => {
    const dir = await scene({
      'fonts.json': '\uFEFF{"families": {"__proto__": {"regular": "a.ttf"}}}',
      'a.ttf': await inter(),
    })
    const sources = await loadFontSources(join(dir, 'fonts.json'))
    expect(Object.getPrototypeOf(sources)).toBe(Object.prototype)
    expect(Object.keys(sources)).toEqual(['__proto__'])
    expect(Object.hasOwn(sources, '__proto__')).toBe(true)
  })

  test('should work from the built dist/node/ layout, in plain Node', async () => {
    // The published package runs dist/node/load-fonts.js; emulate that layout around the
    // transpiled module and the real fonts/ folder, and import it in a fresh Node process.
    const transpile = async (path: string): Promise<string> =>
      ts.transpileModule(
        await readFile(fileURLToPath(new URL(`../../src/${path}`, import.meta.url)), 'utf8'),
        {
          compilerOptions: {
            module: ts.ModuleKind.ESNext,
            target: ts.ScriptTarget.ES2022,
            verbatimModuleSyntax: true,
            rewriteRelativeImportExtensions: true,
          },
        }
      ).outputText
    // load-fonts.js and the core's font modules it imports (src/text/ only imports itself).
    const textModules = (
      await readdir(fileURLToPath(new URL('../../src/text/', import.meta.url)))
    ).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    const files: Record<string, string> = {
      'package.json': '{"type": "module"}',
      'dist/node/load-fonts.js': await transpile('node/load-fonts.ts'),
    }
    for (const name of textModules) {
      files[`dist/text/${name.replace(/\.ts$/, '.js')}`] = await transpile(`text/${name}`)
    }
    const dir = await scene(files)
    await symlink(fontsDir, join(dir, 'fonts'), 'dir')
    await symlink(packages, join(dir, 'node_modules'), 'dir')
    const script = `import { loadFontSources } from ${JSON.stringify(pathToFileURL(join(dir, 'dist/node/load-fonts.js')).href)}
const sources = await loadFontSources()
console.log(JSON.stringify(Object.entries(sources).map(([family, faces]) => [family, Object.keys(faces), faces.regular.byteLength])))`
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--input-type=module',
      '-e',
      script,
    ])
    expect(JSON.parse(stdout)).toEqual([
      ['Inter', ['regular', 'bold', 'italic', 'bold_italic'], 342408],
      ['Roboto', ['regular', 'bold', 'italic', 'bold_italic'], 159108],
      ['Lora', ['regular', 'bold', 'italic', 'bold_italic'], 133888],
    ])
  })
})

describe('loadFontSources errors', () => {
  test('should name a missing manifest', async () => {
    const manifest = join(temp, 'nowhere', 'fonts.json')
    const error = await failure(manifest)
    expect(error.name).toBe('FontManifestError')
    expect(error.manifest).toBe(manifest)
    expect(error.message).toBe(
      `Invalid font manifest \`${manifest}\`:\n  - (manifest): Unexpected missing file \`${manifest}\`, expected a fonts manifest`
    )
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ENOENT')
  })

  test('should name a manifest that is not JSON, with the parser message', async () => {
    const text = '{"families": {"Inter": }}'
    const dir = await scene({ 'fonts.json': text })
    const manifest = join(dir, 'fonts.json')
    const syntax = (() => {
      try {
        JSON.parse(text)
      } catch (error) {
        return (error as SyntaxError).message
      }
      return expect.unreachable()
    })()
    const error = await failure(manifest)
    expect(error.problems).toEqual([
      {
        path: '',
        message: `Unexpected JSON syntax error \`${syntax}\` in \`${manifest}\`, expected a JSON document`,
      },
    ])
    expect(error.cause).toBeInstanceOf(SyntaxError)
  })

  const example = '`{"families": {"Inter": {"regular": "Inter-Regular.ttf"}}}`'
  const cases: readonly [
    string,
    unknown,
    (manifest: string, dir: string) => FontManifestProblem[],
  ][] = [
    [
      'a manifest that is an array',
      [],
      (m) => [
        {
          path: '',
          message: `Unexpected value \`[]\` in \`${m}\`, expected an \`object\` of families, as in ${example}`,
        },
      ],
    ],
    [
      'a manifest without families',
      { fonts: {} },
      (m) => [
        {
          path: 'families',
          message: `Unexpected value \`undefined\` for \`families\` in \`${m}\`, expected an \`object\` of families, as in ${example}`,
        },
      ],
    ],
    [
      'families that are an array',
      { families: ['Inter'] },
      (m) => [
        {
          path: 'families',
          message: `Unexpected value \`[…]\` for \`families\` in \`${m}\`, expected an \`object\` of families, as in ${example}`,
        },
      ],
    ],
    [
      'no families at all',
      { families: {} },
      (m) => [
        {
          path: 'families',
          message: `Unexpected empty \`families\` in \`${m}\`, expected at least one family`,
        },
      ],
    ],
    [
      'a family that is a file name',
      { families: { Inter: 'Inter-Regular.ttf' } },
      (m) => [
        {
          path: 'families.Inter',
          message: `Unexpected value \`"Inter-Regular.ttf"\` for \`families.Inter\` in \`${m}\`, expected an \`object\` of face files`,
        },
      ],
    ],
    [
      'an unknown face and no regular face',
      { families: { Inter: { medium: 'a.ttf' } } },
      (m) => [
        {
          path: 'families.Inter.medium',
          message: `Unexpected face \`medium\` in \`${m}\`, expected one of \`regular\`, \`bold\`, \`italic\`, \`bold_italic\``,
        },
        {
          path: 'families.Inter.regular',
          message: `Unexpected missing face \`regular\` for \`families.Inter\` in \`${m}\`, expected a font file name \`string\``,
        },
      ],
    ],
    [
      'a face that is not a string',
      { families: { Inter: { regular: 5 } } },
      (m) => [
        {
          path: 'families.Inter.regular',
          message: `Unexpected value \`5\` for \`families.Inter.regular\` in \`${m}\`, expected a font file name \`string\` or \`{"file": …, "axes": {"wght": 700}}\``,
        },
      ],
    ],
    [
      'instances without a file, with other keys or malformed axes',
      {
        families: {
          A: { regular: { axes: { wght: 700 } } },
          B: { regular: { file: 'a.ttf', weight: 700 } },
          C: { regular: { file: 'a.ttf', axes: [700] } },
          D: { regular: { file: 'a.ttf', axes: { weight: 700 } } },
          E: { regular: { file: 'a.ttf', axes: { wght: '700' } } },
        },
      },
      (m) => [
        {
          path: 'families.A.regular.file',
          message: `Unexpected value \`undefined\` for \`families.A.regular.file\` in \`${m}\`, expected a font file name \`string\``,
        },
        {
          path: 'families.B.regular.weight',
          message: `Unexpected key \`weight\` for \`families.B.regular\` in \`${m}\`, expected only \`file\` and \`axes\``,
        },
        {
          path: 'families.C.regular.axes',
          message: `Unexpected value \`[…]\` for \`families.C.regular.axes\` in \`${m}\`, expected an \`object\` of axis values, as in \`{"wght": 700}\``,
        },
        {
          path: 'families.D.regular.axes.weight',
          message: `Unexpected axis \`weight\` for \`families.D.regular.axes\` in \`${m}\`, expected a 4-character tag such as \`wght\``,
        },
        {
          path: 'families.E.regular.axes.wght',
          message: `Unexpected value \`"700"\` for \`families.E.regular.axes.wght\` in \`${m}\`, expected a \`number\``,
        },
      ],
    ],
    [
      'axes a font does not have, and a broken WOFF2',
      {
        families: {
          Static: { regular: { file: 'a.ttf', axes: { wght: 700 } } },
          Variable: { regular: { file: 'inter.woff2', axes: { wdth: 100 } } },
          Broken: { regular: 'broken.woff2' },
        },
      },
      (_m, dir) => [
        {
          path: 'families.Static.regular.axes',
          message: `Unexpected axis \`wght\` for font \`${join(dir, 'a.ttf')}\`, expected a variable font (it has no \`fvar\` table): remove \`axes\` (for \`families.Static.regular\`)`,
        },
        {
          path: 'families.Variable.regular.axes',
          message: `Unexpected axis \`wdth\` for font \`${join(dir, 'inter.woff2')}\`, expected one of \`wght\` (for \`families.Variable.regular\`)`,
        },
        {
          path: 'families.Broken.regular',
          message: `Unexpected compressed data beyond the end in WOFF2 font \`${join(dir, 'broken.woff2')}\`, expected a complete WOFF2 file (for \`families.Broken.regular\`)`,
        },
      ],
    ],
    [
      'missing, truncated WOFF2, collection and text files, in manifest order',
      {
        families: {
          A: { regular: 'missing.ttf' },
          B: {
            regular: 'a.ttf',
            bold: 'font.woff2',
            italic: 'fonts.ttc',
            bold_italic: 'notes.txt',
          },
        },
      },
      (_m, dir) => [
        {
          path: 'families.A.regular',
          message: `Unexpected missing file \`${join(dir, 'missing.ttf')}\` for \`families.A.regular\`, expected a TTF, OTF, WOFF or WOFF2 font file`,
        },
        {
          path: 'families.B.bold',
          message: `Unexpected content of \`${join(dir, 'font.woff2')}\` for \`families.B.bold\`, expected a TTF, OTF, WOFF or WOFF2 font file`,
        },
        {
          path: 'families.B.italic',
          message: `Unexpected content of \`${join(dir, 'fonts.ttc')}\` for \`families.B.italic\`, expected a TTF, OTF, WOFF or WOFF2 font file, font collections are not supported: extract one face`,
        },
        {
          path: 'families.B.bold_italic',
          message: `Unexpected content of \`${join(dir, 'notes.txt')}\` for \`families.B.bold_italic\`, expected a TTF, OTF, WOFF or WOFF2 font file`,
        },
      ],
    ],
  ]

  test.each(cases)('should report %s', async (_name, json, expected) => {
    const dir = await scene({
      'fonts.json': JSON.stringify(json),
      'a.ttf': await inter(),
      'font.woff2': new Uint8Array([0x77, 0x4f, 0x46, 0x32, 0, 1, 0, 0]),
      'inter.woff2': await interVariable(),
      'broken.woff2': (await interVariable()).subarray(0, 3000),
      'fonts.ttc': new Uint8Array([0x74, 0x74, 0x63, 0x66, 0, 1, 0, 0]),
      'notes.txt': 'Fonts go here.',
    })
    const manifest = join(dir, 'fonts.json')
    const error = await failure(manifest)
    const problems = expected(manifest, dir)
    expect(error.problems).toEqual(problems)
    expect(error.message).toBe(
      [
        `Invalid font manifest \`${manifest}\`:`,
        ...problems.map((problem) => `  - ${problem.path || '(manifest)'}: ${problem.message}`),
      ].join('\n')
    )
  })
})
