/**
 * The argument layer of every `preflight` command: typed values, and mistakes as one sentence
 * in the project's grammar with "did you mean" for a near miss.
 */
import { describe, expect, test } from 'vitest'
import { ArgumentError } from '../../../src/node/cli/cli-io.ts'
import { closest, readArguments } from '../../../src/node/cli/read-arguments.ts'

const spec = {
  options: {
    design: { type: 'string', value: '<design.json>', required: true },
    fonts: { type: 'string', value: '<fonts.json>' },
    'out-dir': { type: 'string', value: '<dir>' },
    ndjson: { type: 'boolean' },
  },
  positionals: { min: 1, max: 1, missing: 'the payload file (or `-` for stdin)' },
} as const

/** The message of the ArgumentError that reading throws. */
function mistake(args: readonly string[]): string {
  try {
    readArguments(args, spec)
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError)
    return (error as Error).message
  }
  throw new Error(`no mistake in ${JSON.stringify(args)}`)
}

describe('readArguments', () => {
  test.each([
    { args: ['--design', 'd.json', 'p.json'], design: 'd.json', fonts: undefined, ndjson: false },
    {
      args: ['--design=d.json', '--ndjson', '-'],
      design: 'd.json',
      fonts: undefined,
      ndjson: true,
    },
    {
      args: ['p.json', '--fonts', 'f.json', '--design', 'd.json'],
      design: 'd.json',
      fonts: 'f.json',
      ndjson: false,
    },
  ])('should read $args', ({ args, design, fonts, ndjson }) => {
    const read = readArguments(args, spec)
    expect(read).not.toBe('help')
    if (read === 'help') return
    expect(read.values).toEqual({ design, fonts, 'out-dir': undefined, ndjson })
    expect(read.positionals).toHaveLength(1)
  })

  test('should take everything after `--` as positionals, dashes included', () => {
    expect(readArguments(['--design', 'd.json', '--', '--ndjson'], spec)).toEqual({
      values: { design: 'd.json', fonts: undefined, 'out-dir': undefined, ndjson: false },
      positionals: ['--ndjson'],
    })
  })

  test.each([['--help'], ['-h'], ['--desing', 'x', '--help']])(
    'should answer help for %s, even next to mistakes',
    (...args) => {
      expect(readArguments(args, spec)).toBe('help')
    }
  )

  test.each([
    // The case: a swapped pair of letters.
    {
      args: ['--desing', 'd.json', 'p.json'],
      message: 'Unexpected option `--desing`, did you mean `--design`?',
    },
    {
      args: ['--design', 'd', '--ndjosn', 'p'],
      message: 'Unexpected option `--ndjosn`, did you mean `--ndjson`?',
    },
    {
      args: ['--design', 'd', '--font', 'f', 'p'],
      message: 'Unexpected option `--font`, did you mean `--fonts`?',
    },
    {
      args: ['-design', 'd', 'p'],
      message: 'Unexpected option `-design`, did you mean `--design`?',
    },
    {
      args: ['--DESIGN', 'd', 'p'],
      message: 'Unexpected option `--DESIGN`, did you mean `--design`?',
    },
    {
      args: ['--design', 'd', '--out', 'o', 'p'],
      message: 'Unexpected option `--out`, did you mean `--out-dir`?',
    },
    {
      args: ['--design', 'd', '--verbose', 'p'],
      message:
        'Unexpected option `--verbose`, expected one of `--design`, `--fonts`, `--out-dir`, `--ndjson`, `--help`',
    },
    {
      args: ['--design', 'd', '-x', 'p'],
      message:
        'Unexpected option `-x`, expected one of `--design`, `--fonts`, `--out-dir`, `--ndjson`, `--help`',
    },
    {
      args: ['--design=d', '--ndjson=yes', 'p'],
      message: 'Unexpected value `yes` for `--ndjson`, expected none: it is a switch',
    },
    {
      args: ['p', '--design'],
      message: 'Missing the value of `--design`, expected `--design <design.json>`',
    },
    {
      args: ['--design', '--ndjson', 'p'],
      message: 'Missing the value of `--design`, expected `--design <design.json>`',
    },
    {
      args: ['--design=', 'p'],
      message: 'Missing the value of `--design`, expected `--design <design.json>`',
    },
    {
      args: ['--design', 'a', '--design', 'b', 'p'],
      message: 'Unexpected second `--design`, expected it once',
    },
    { args: ['p'], message: 'Missing `--design <design.json>`' },
    { args: ['--design', 'd'], message: 'Missing the payload file (or `-` for stdin)' },
    { args: ['--design', 'd', 'a', 'b'], message: 'Unexpected argument `b`' },
  ])('should refuse $args: $message', ({ args, message }) => {
    expect(mistake(args)).toBe(message)
  })

  test('should say that a command takes no positionals', () => {
    expect(() =>
      readArguments(['extra'], { options: {}, positionals: { min: 0, max: 0 } })
    ).toThrow('Unexpected argument `extra`, expected options only')
  })

  test('should take `-` and negative numbers as values', () => {
    expect(readArguments(['--design', '-', '--fonts', '-1', 'p'], spec)).toMatchObject({
      values: { design: '-', fonts: '-1' },
    })
  })
})

describe('closest', () => {
  test.each([
    {
      word: 'valdate',
      candidates: ['validate', 'validate-campaign', 'preview', 'serve'],
      near: 'validate',
    },
    { word: 'sevre', candidates: ['validate', 'preview', 'serve'], near: 'serve' },
    { word: 'previwe', candidates: ['validate', 'preview', 'serve'], near: 'preview' },
    { word: 'frobnicate', candidates: ['validate', 'preview', 'serve'], near: undefined },
    { word: '--x', candidates: ['--design', '--fonts'], near: undefined },
    { word: '--dsgn', candidates: ['--design', '--fonts'], near: '--design' },
  ])('should find $near for $word', ({ word, candidates, near }) => {
    expect(closest(word, candidates)).toBe(near)
  })
})
