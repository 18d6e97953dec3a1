/**
 * No regular expression of `src/` can be driven into catastrophic backtracking by user text
 * (issue 8). Three layers:
 *
 * 1. ESLint: `regexp/no-super-linear-backtracking` and `regexp/no-super-linear-move` are errors
 *    for every linted source file, and they do fire on known-bad patterns in `src/`.
 * 2. Every regular expression of `src/` (TypeScript's parser finds the literals and the
 *    `RegExp(...)` calls, generated validators included, which ESLint ignores) is analysed with
 *    scslre, the ReDoS analyser behind both rules, with its strictest settings: no
 *    backtracking report at all; "move" reports only for reviewed patterns, which must then
 *    run in linear time on the analyser's own attack string.
 * 3. Patterns built at run time are listed and reviewed here: a new one fails until it is.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { analyse, type Report } from 'scslre'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(?:ts|js)$/.test(file) && !file.endsWith('.d.ts'))
  .map((file) => join('src', file))
  .sort()

/** A regular expression found in the sources. */
interface Found {
  readonly file: string
  readonly line: number
  /** The pattern of a literal; the argument's text of a `RegExp(...)` call otherwise. */
  readonly source: string
  readonly flags: string
  readonly dynamic: boolean
}

/** Every regex literal and `RegExp(...)` / `new RegExp(...)` of the sources. */
function findRegexes(): Found[] {
  const found: Found[] = []
  for (const file of sources) {
    const text = readFileSync(join(root, file), 'utf8')
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const line = (node: ts.Node) =>
      sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sourceFile)
        const end = literal.lastIndexOf('/')
        found.push({
          file,
          line: line(node),
          source: literal.slice(1, end),
          flags: literal.slice(end + 1),
          dynamic: false,
        })
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [pattern, flags] = node.arguments ?? []
        const constant =
          pattern && (ts.isStringLiteral(pattern) || ts.isNoSubstitutionTemplateLiteral(pattern))
        const flagText =
          flags && (ts.isStringLiteral(flags) || ts.isNoSubstitutionTemplateLiteral(flags))
            ? flags.text
            : ''
        found.push({
          file,
          line: line(node),
          source: constant ? pattern.text : (pattern?.getText(sourceFile) ?? ''),
          flags: flagText,
          dynamic: !constant,
        })
      }
      ts.forEachChild(node, visit)
    }
    visit(sourceFile)
  }
  return found
}

const regexes = findRegexes()

/** The most complex postal code pattern of the address data: the UK's. */
const GB_POSTCODE = String.raw`GIR ?0AA|(?:(?:AB|AL|B|BA|BB|BD|BF|BH|BL|BN|BR|BS|BT|BX|CA|CB|CF|CH|CM|CO|CR|CT|CV|CW|DA|DD|DE|DG|DH|DL|DN|DT|DY|E|EC|EH|EN|EX|FK|FY|G|GL|GY|GU|HA|HD|HG|HP|HR|HS|HU|HX|IG|IM|IP|IV|JE|KA|KT|KW|KY|L|LA|LD|LE|LL|LN|LS|LU|M|ME|MK|ML|N|NE|NG|NN|NP|NR|NW|OL|OX|PA|PE|PH|PL|PO|PR|RG|RH|RM|S|SA|SE|SG|SK|SL|SM|SN|SO|SP|SR|SS|ST|SW|SY|TA|TD|TF|TN|TQ|TR|TS|TW|UB|W|WA|WC|WD|WF|WN|WR|WS|WV|YO|ZE)(?:\d[\dA-Z]? ?\d[ABD-HJLN-UW-Z]{2}))|BFPO ?\d{1,4}`

/** scslre at its strictest: every kind of report, assuming the worst input after a match. */
function reportsOf(source: string, flags: string): Report[] {
  return analyse(
    { source, flags },
    { reportTypes: { Move: true, Self: true, Trade: true }, assumeRejectingSuffix: true }
  ).reports
}

/**
 * Patterns with a "move" report, reviewed: each is one unbounded repetition of a character
 * class (or an alternation ending in one) with nothing required after it, so every attempt
 * that consumes characters succeeds and no suffix can make the engine retry from each
 * position. The dynamic check below confirms it on the analyser's attack string.
 */
const reviewedMoves = new Map<string, string>([
  ['[^a-z0-9]+', 'src/postcard/check-qr-codes.ts: splits a label into words'],
  ['[\\t\\n\\v\\f\\r\\u2028\\u2029]+', 'src/address/read-address.ts: line separators'],
  [' {2,}', 'src/address/address-block.ts: runs of spaces'],
  ['-?\\d+(?:\\.\\d+)?', 'src/address/cap-height.ts: numbers of SVG path data'],
  ['\\p{M}+', 'src/address/recognize-country.ts: combining marks'],
  ['[^\\p{L}\\p{N}]+', 'src/address/recognize-country.ts: punctuation runs'],
  ['\\s+', 'src/address/write-postal-code.ts: runs of spaces'],
  [
    '[MLHVQCZ]|-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:e[-+]?\\d+)?',
    'src/preview/compact-path.ts: tokens of SVG path data',
  ],
  ['`+', 'src/qr/resolve-qr-url.ts: runs of backticks'],
  ['[^a-z\\d]+', 'src/server/campaigns-route.ts: slug separators'],
  [
    '\\d+(?:\\.\\d+)?',
    'src/node/check-list/list-tally.ts: numbers of a message, made general per cause',
  ],
  ['\\s+', 'src/preview/svg-styles.ts: splits class lists and selectors at whitespace'],
  ['[\\s,]+', 'src/scene/svg-image.ts: splits a viewBox into numbers'],
  ['[\\s,/]+', 'src/proof/device-colour.ts: splits the arguments of rgb() at separators'],
  ['[mlhvqcz]|-?\\d+', 'src/proof/glyph-forms.ts: tokens of compacted outlines, one pass'],
])

/**
 * Patterns built at run time, reviewed: the text of the `RegExp(...)` argument, and a value of
 * the worst kind the code can put in, for the analysis.
 */
const reviewedDynamic = new Map<string, { readonly instance: string; readonly why: string }>([
  [
    '`^(?:${zip})$`',
    {
      instance: `^(?:${GB_POSTCODE})$`,
      why: "src/address/country-table.ts: Google's postal code patterns (each one is checked in test/node/address-data.test.ts)",
    },
  ],
  [
    '`^(?:${prefix})`',
    {
      instance: '^(?:10|11|12|13|14|005|06390)',
      why: 'src/address/country-table.ts: postal code prefixes of a subdivision (checked in test/node/address-data.test.ts)',
    },
  ],
  [
    '`[^${ranges}]`',
    {
      instance: '[^\\u0020-\\u007e\\u00a0-\\u00ab\\u00ad-\\u024f\\u0370-\\u03ff]',
      why: 'src/text/glyph-coverage.ts: one negated class of \\u escapes and ranges a face draws, no repetition',
    },
  ],
  [
    '`^${tokenPrefix}_(test|live)_[A-Za-z\\\\d]+$`',
    {
      instance: '^abcdefghijklmnop_(test|live)_[A-Za-z\\d]+$',
      why: 'src/server/api-options.ts: the prefix is checked to be 1-16 letters and digits first',
    },
  ],
])

describe('ESLint ReDoS rules', () => {
  const eslint = new ESLint({ cwd: root })

  test('should be errors for every linted file of src/', async () => {
    let linted = 0
    for (const file of sources) {
      const config = (await eslint.calculateConfigForFile(join(root, file))) as
        { rules?: Record<string, unknown> } | undefined
      // ESLint ignores only the generated validators; layer 2 covers them.
      if (config === undefined) {
        expect(file).toMatch(/^src\/schema\/[\w-]+\.generated\.js$/)
        continue
      }
      linted++
      expect(config.rules?.['regexp/no-super-linear-backtracking']).toEqual([2])
      expect(config.rules?.['regexp/no-super-linear-move']).toEqual([2])
    }
    expect(linted).toBeGreaterThan(100)
  })

  test.each(['src/postcard/known-bad.ts', 'src/node/known-bad.ts'])(
    'should flag known-bad patterns in %s',
    async (filePath) => {
      const code = [
        'export const nested = (text: string): boolean => /^(?:a+)+$/.test(text)',
        'export const traded = (text: string): boolean => /^\\d*\\w+$/.test(text)',
        "export const moving = (text: string): string => text.replace(/\\s+$/, '')",
        '',
      ].join('\n')
      const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
      const found = (result?.messages ?? [])
        .filter((message) => message.ruleId?.startsWith('regexp/no-super-linear'))
        .map((message) => `${message.line} ${message.ruleId} ${message.severity}`)
      expect(found).toEqual(
        expect.arrayContaining([
          '1 regexp/no-super-linear-backtracking 2',
          '2 regexp/no-super-linear-backtracking 2',
          '3 regexp/no-super-linear-move 2',
        ])
      )
    }
  )
})

describe('every regular expression of src/', () => {
  test('should be found in the sources (literals and RegExp calls)', () => {
    expect(regexes.length).toBeGreaterThan(100)
    expect(regexes.some((found) => found.file.endsWith('.generated.js'))).toBe(true)
  })

  test('should have no super-linear backtracking, and only reviewed moves', () => {
    const problems: string[] = []
    const moves = new Set<string>()
    for (const found of regexes.filter((item) => !item.dynamic)) {
      for (const report of reportsOf(found.source, found.flags)) {
        if (report.type === 'Move' && reviewedMoves.has(found.source)) moves.add(found.source)
        else
          problems.push(
            `${found.file}:${found.line} /${found.source}/${found.flags} ${report.type}`
          )
      }
    }
    expect(problems).toEqual([])
    // Every reviewed entry is still in use: the list never outlives the code.
    expect([...moves].sort()).toEqual([...reviewedMoves.keys()].sort())
  })

  test('should run the reviewed moves in linear time on their attack strings', () => {
    for (const source of reviewedMoves.keys()) {
      const found = regexes.find((item) => item.source === source)
      const flags = found?.flags ?? ''
      for (const report of reportsOf(source, flags)) {
        const pattern = new RegExp(source, flags.includes('g') ? flags : `${flags}g`)
        // A quadratic pattern needs ~10^10 steps here (minutes); a linear one microseconds.
        const attack = `${report.character.pick.repeat(100_000)}\u0000!`
        const started = performance.now()
        const matches = [...attack.matchAll(pattern)].length
        expect(matches).toBeGreaterThan(0)
        expect(performance.now() - started).toBeLessThan(2000)
      }
    }
  })

  test('should build patterns at run time only in reviewed places, safely', () => {
    const dynamic = regexes.filter((found) => found.dynamic)
    expect(dynamic.map((found) => found.source).sort()).toEqual([...reviewedDynamic.keys()].sort())
    for (const { instance } of reviewedDynamic.values()) {
      expect(reportsOf(instance, 'u')).toEqual([])
    }
  })
})

describe('the analyser', () => {
  test('should report the classic catastrophic patterns', () => {
    expect(reportsOf('^(a+)+$', '').map((report) => report.type)).toContain('Self')
    expect(reportsOf('^\\d*\\w+$', '').map((report) => report.type)).toContain('Trade')
    expect(reportsOf('a+b', '').map((report) => report.type)).toContain('Move')
  })
})
