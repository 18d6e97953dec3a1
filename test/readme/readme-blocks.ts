/**
 * The code blocks of README.md, as the README test runs them, and the markers that exempt the
 * few that cannot run alone.
 *
 * How each block is taken, by its language:
 * - `sh` (`bash`, `shell`): every line is a command, run as written from the repository root.
 * - `ts`, `js` (`typescript`, `javascript`): a program, run with Node against the package as a
 *   user imports it.
 * - `json`: must parse; right after an `sh` block, it is what that block's last command prints.
 * - `text`: shown as it is, never run.
 * Any other language is a mistake the test reports, so that no block goes unchecked unnoticed.
 *
 * A block that cannot run alone carries a marker on the line before its fence (blank lines
 * allowed in between), with the reason:
 * - `<!-- readme-test: skip: reason -->`: the block is not run;
 * - ``<!-- readme-test: skip `command`: reason -->``: that one command of the block is not run.
 */

/** What exempts a block, or one of its commands, from running. */
export interface Marker {
  /** The command not run; `undefined` for the whole block. */
  readonly command: string | undefined
  /** Why it cannot run alone (required). */
  readonly reason: string
  /** Line of the marker (1-based). */
  readonly line: number
}

/** A fenced code block of the README. */
export interface Block {
  /** The fence's language, lower case (`''` for none). */
  readonly lang: string
  /** The text between the fences. */
  readonly code: string
  /** Line of the opening fence (1-based). */
  readonly line: number
  readonly marker: Marker | undefined
  /** The block before this one, when nothing but blank lines separates them. */
  readonly previous: Block | undefined
}

const markerPattern = /^<!-- readme-test: (.*) -->$/

/**
 * Reads the fenced code blocks of a Markdown text.
 *
 * @param text The README.
 * @returns The blocks in order.
 * @throws {Error} For a malformed marker or a fence that is never closed.
 */
export function readBlocks(text: string): Block[] {
  const lines = text.split('\n')
  const blocks: Block[] = []
  let lastNonBlank = -1
  let lastBlockEnd = -2
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? ''
    const fence = /^```(\S*)\s*$/.exec(line)
    if (!fence) {
      if (line.trim() !== '') lastNonBlank = index
      continue
    }
    const start = index
    let end = index + 1
    while (end < lines.length && lines[end] !== '```') end++
    if (end >= lines.length) throw new Error(`README.md:${start + 1}: a fence that is never closed`)
    const before = lines[lastNonBlank] ?? ''
    const marker = markerPattern.exec(before)
    const previous = blocks.at(-1)
    blocks.push({
      lang: (fence[1] ?? '').toLowerCase(),
      code: lines.slice(start + 1, end).join('\n'),
      line: start + 1,
      marker: marker ? readMarker(marker[1] ?? '', lastNonBlank + 1) : undefined,
      previous: previous && lastBlockEnd === lastNonBlank ? previous : undefined,
    })
    lastBlockEnd = end
    lastNonBlank = end
    index = end
  }
  return blocks
}

function readMarker(text: string, line: number): Marker {
  const match = /^skip(?: `([^`]+)`)?: (\S.*)$/.exec(text)
  if (!match) {
    throw new Error(
      `README.md:${line}: Unexpected marker \`${text}\`, expected \`skip: <reason>\` or \`skip \\\`<command>\\\`: <reason>\``
    )
  }
  return { command: match[1], reason: match[2] ?? '', line }
}

/**
 * The commands of an `sh` block: one per line, a line ending in `\` continued on the next;
 * blank lines and comment lines are not commands.
 *
 * @param code The block's text.
 * @returns The commands, as written.
 */
export function commandsOf(code: string): string[] {
  const commands: string[] = []
  let pending = ''
  for (const line of code.split('\n')) {
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)}\n`
      continue
    }
    const command = pending + line
    pending = ''
    if (command.trim() === '' || command.trim().startsWith('#')) continue
    commands.push(command)
  }
  if (pending.trim() !== '') commands.push(pending)
  return commands
}

/** Languages of blocks that run as commands. */
export const SHELL = new Set(['sh', 'bash', 'shell'])
/** Languages of blocks that run as programs. */
export const SCRIPT = new Set(['ts', 'typescript', 'js', 'javascript'])
