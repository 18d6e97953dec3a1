/**
 * The argument layer every `preflight` command shares: a command declares its options and
 * positionals once, and gets typed values back or an {@link ArgumentError} in the project's
 * message grammar (``Unexpected `X`, expected `Y` ``), with "did you mean `--design`?" for a
 * near miss. `--help` and `-h` are understood by every command.
 *
 * ```ts
 * const args = readArguments(argv, {
 *   options: { design: { type: 'string', value: '<design.json>', required: true }, ndjson: { type: 'boolean' } },
 *   positionals: { min: 1, max: 1, missing: 'the payload file (or `-` for stdin)' },
 * })
 * if (args === 'help') ... else args.values.design // string
 * ```
 *
 * Syntax: `--name value`, `--name=value`, switches as `--name`, `--` ends the options, `-` alone
 * is a positional (standard input). An option given twice is a mistake, not "the last wins".
 *
 * @module
 */
import { ArgumentError } from './cli-io.ts'
import { editDistance } from '../../verdict/edit-distance.ts'

/** One option of a command. */
export interface OptionSpec {
  /** `string` takes a value (`--design file` or `--design=file`); `boolean` is a switch. */
  readonly type: 'string' | 'boolean'
  /** What the value is, shown in messages: `<design.json>` (default `<value>`). */
  readonly value?: string
  /** Whether the command cannot run without it (string options only). */
  readonly required?: boolean
  /** Whether it may be given several times, its values collected in order (string options only). */
  readonly multiple?: boolean
}

/** What a command accepts. */
export interface CommandSpec<Options extends Readonly<Record<string, OptionSpec>>> {
  /** The options by name without dashes (`help` is added to every command). */
  readonly options: Options
  /** How many positionals, and how to name a missing one ("the payload file"). */
  readonly positionals: { readonly min: number; readonly max: number; readonly missing?: string }
}

/** The values of a command's options: a string (or `undefined`) per string option, a boolean per switch. */
export type OptionValues<Options extends Readonly<Record<string, OptionSpec>>> = {
  readonly [Name in keyof Options]: Options[Name] extends { readonly type: 'boolean' }
    ? boolean
    : Options[Name] extends { readonly multiple: true }
      ? readonly string[] | undefined
      : Options[Name] extends { readonly required: true }
        ? string
        : string | undefined
}

/** The arguments as read. */
export interface ReadArguments<Options extends Readonly<Record<string, OptionSpec>>> {
  readonly values: OptionValues<Options>
  readonly positionals: readonly string[]
}

/**
 * Reads a command's arguments.
 *
 * @param args The arguments after the command name.
 * @param spec What the command accepts.
 * @returns The values and positionals, or `help` when `--help` or `-h` was given (anywhere
 *   before `--`, even next to mistakes: asking for help always gets it).
 * @throws {ArgumentError} For an unknown option, a missing or unexpected value, an option given
 *   twice, a missing required option, or too few or too many positionals.
 */
export function readArguments<const Options extends Readonly<Record<string, OptionSpec>>>(
  args: readonly string[],
  spec: CommandSpec<Options>
): ReadArguments<Options> | 'help' {
  const end = args.indexOf('--')
  const optionPart = end < 0 ? args : args.slice(0, end)
  if (optionPart.includes('--help') || optionPart.includes('-h')) return 'help'

  const values = new Map<string, string | boolean | string[]>()
  const positionals: string[] = []
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ''
    if (index === end) {
      positionals.push(...args.slice(index + 1))
      break
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg)
      continue
    }
    const equals = arg.indexOf('=')
    const raw = equals < 0 ? arg : arg.slice(0, equals)
    const name = raw.startsWith('--') ? raw.slice(2) : undefined
    const option =
      name !== undefined && Object.hasOwn(spec.options, name) ? spec.options[name] : undefined
    if (name === undefined || option === undefined) throw unknownOption(raw, spec.options)
    if (values.has(name) && option.multiple !== true) {
      throw new ArgumentError(`Unexpected second \`--${name}\`, expected it once`)
    }
    if (option.type === 'boolean') {
      if (equals >= 0) {
        throw new ArgumentError(
          `Unexpected value \`${arg.slice(equals + 1)}\` for \`--${name}\`, expected none: it is a switch`
        )
      }
      values.set(name, true)
      continue
    }
    let value: string | undefined
    if (equals >= 0) value = arg.slice(equals + 1)
    else {
      const next = args[index + 1]
      // `--design --ndjson` forgot the file: taking `--ndjson` as a file name would only confuse.
      if (next !== undefined && index + 1 !== end && !isOptionLike(next)) {
        value = next
        index++
      }
    }
    if (value === undefined || value === '') {
      throw new ArgumentError(
        `Missing the value of \`--${name}\`, expected \`--${name} ${valueOf(option)}\``
      )
    }
    if (option.multiple === true) {
      const given = values.get(name)
      values.set(name, Array.isArray(given) ? [...given, value] : [value])
    } else values.set(name, value)
  }

  for (const [name, option] of Object.entries(spec.options)) {
    if (option.type === 'boolean') values.set(name, values.get(name) === true)
    else if (option.required === true && !values.has(name)) {
      throw new ArgumentError(`Missing \`--${name} ${valueOf(option)}\``)
    }
  }
  const { min, max, missing } = spec.positionals
  if (positionals.length < min) throw new ArgumentError(`Missing ${missing ?? 'an argument'}`)
  if (positionals.length > max) {
    const extra = positionals[max] ?? ''
    throw new ArgumentError(
      max === 0
        ? `Unexpected argument \`${extra}\`, expected options only`
        : `Unexpected argument \`${extra}\``
    )
  }
  return {
    values: Object.fromEntries(values) as OptionValues<Options>,
    positionals,
  }
}

/** Whether an argument is an option (`--x`, `-x`), not a value; `-` and `-1` are values. */
function isOptionLike(arg: string): boolean {
  return /^--?[a-z]/i.test(arg)
}

function valueOf(option: OptionSpec): string {
  return option.value ?? '<value>'
}

/** The error for an option the command does not have, with the closest one if it is near. */
function unknownOption(raw: string, options: Readonly<Record<string, OptionSpec>>): ArgumentError {
  const names = [...Object.keys(options), 'help'].map((name) => `--${name}`)
  const near = closest(raw, names)
  return new ArgumentError(
    near === undefined
      ? `Unexpected option \`${raw}\`, expected one of ${names.map((name) => `\`${name}\``).join(', ')}`
      : `Unexpected option \`${raw}\`, did you mean \`${near}\`?`
  )
}

/**
 * The candidate a mistyped word most likely meant: the nearest by edit distance (optimal
 * string alignment: insertions, deletions, substitutions and swaps of neighbours, case ignored,
 * leading dashes counted) when that distance is small for the candidate's length (a third of
 * its letters, at least 1: `--desing` and `--dsgn` are `--design`), or else the only candidate
 * the word is the start of (`--out` for `--out-dir`). `undefined` when nothing is near: a wild
 * guess helps less than the list of what exists.
 *
 * @param word What was typed, e.g. `--desing`.
 * @param candidates What exists, e.g. `['--design', '--fonts']`.
 * @returns The candidate, or `undefined`.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const typed = word.toLowerCase()
  const bare = typed.replace(/^-+/, '')
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    const name = candidate.toLowerCase()
    const distance = editDistance(typed, name)
    const allowed = Math.max(1, Math.floor(name.replace(/^-+/, '').length / 3))
    if (distance <= allowed && distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  if (best !== undefined) return best
  const prefixed = candidates.filter(
    (candidate) => bare.length >= 2 && candidate.toLowerCase().replace(/^-+/, '').startsWith(bare)
  )
  return prefixed.length === 1 ? prefixed[0] : undefined
}
