/**
 * Progress of a long list on stderr: a bar redrawn in place with rows, rate and ETA on a
 * terminal, plain lines every few seconds otherwise (a CI log, a file), nothing at all when
 * asked. The share done is the share of the file's bytes read, so the ETA needs no first pass
 * to count rows; standard input, whose size is unknown, shows rows and rate only.
 *
 * @module
 */
import type { Writable } from 'node:stream'

/** `--progress`: `auto` is a bar on a terminal and lines elsewhere. */
export type ProgressMode = 'auto' | 'bar' | 'lines' | 'none'

/** Options of {@link createProgress}. */
export interface ProgressOptions {
  readonly stream: Writable & { isTTY?: boolean; columns?: number }
  readonly mode: ProgressMode
  /** The list's size in bytes, when known. */
  readonly totalBytes: number | undefined
  /** Redraws of the bar at most this often (ms). */
  readonly barInterval?: number
  /** Plain lines at most this often (ms). */
  readonly lineInterval?: number
  /** The clock (ms), injectable for tests. */
  readonly now?: () => number
}

/** What the command tells the reporter. */
export interface Progress {
  /** Rows done so far and bytes of the list read so far. */
  update(rows: number, bytes: number): void
  /** Clears the bar and writes the last line. */
  finish(rows: number): void
}

/** `1,234,567`. */
export function formatCount(count: number): string {
  return Math.round(count).toLocaleString('en-US')
}

/** `42 s`, `3 min 05 s`, `1 h 02 min`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  const whole = Math.max(0, Math.round(seconds))
  if (whole < 60) return `${whole} s`
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`
}

/**
 * Creates the reporter.
 *
 * @param options Where, how, and the list's size.
 * @returns The reporter.
 */
export function createProgress(options: ProgressOptions): Progress {
  const { stream, totalBytes } = options
  const now = options.now ?? (() => performance.now())
  const mode = options.mode === 'auto' ? (stream.isTTY === true ? 'bar' : 'lines') : options.mode
  const interval = mode === 'bar' ? (options.barInterval ?? 100) : (options.lineInterval ?? 5000)
  const start = now()
  let last = start
  let drawn = false

  /** Rate, share, ETA. */
  function measure(rows: number, bytes: number) {
    const seconds = (now() - start) / 1000
    const rate = seconds > 0 ? rows / seconds : 0
    const share = totalBytes && totalBytes > 0 ? Math.min(1, bytes / totalBytes) : undefined
    const eta =
      share !== undefined && share > 0 && seconds > 0 ? (seconds / share) * (1 - share) : undefined
    return { seconds, rate, share, eta }
  }

  function bar(rows: number, bytes: number): string {
    const { rate, share, eta } = measure(rows, bytes)
    const parts = [`${formatCount(rows)} rows`, `${formatCount(rate)} rows/s`]
    if (eta !== undefined) parts.push(`ETA ${formatDuration(eta)}`)
    const text = parts.join(' · ')
    if (share === undefined) return `check-list ${text}`
    const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - text.length - 20))
    const filled = Math.round(share * width)
    const percent = `${String(Math.floor(share * 100)).padStart(3)} %`
    return `check-list ▕${'█'.repeat(filled)}${'░'.repeat(width - filled)}▏${percent} · ${text}`
  }

  function line(rows: number, bytes: number): string {
    const { rate, share, eta } = measure(rows, bytes)
    const percent = share === undefined ? '' : ` (${Math.floor(share * 100)} %)`
    const left = eta === undefined ? '' : `, ETA ${formatDuration(eta)}`
    return `check-list: ${formatCount(rows)} rows${percent}, ${formatCount(rate)} rows/s${left}\n`
  }

  return {
    update(rows, bytes) {
      if (mode === 'none') return
      const time = now()
      if (time - last < interval) return
      last = time
      if (mode === 'bar') {
        stream.write(`\r${bar(rows, bytes)}\u001b[K`)
        drawn = true
      } else stream.write(line(rows, bytes))
    },
    finish(rows) {
      if (mode === 'none') return
      if (drawn) stream.write('\r\u001b[K')
      const { seconds, rate } = measure(rows, 0)
      stream.write(
        `check-list: ${formatCount(rows)} rows in ${formatDuration(seconds)} (${formatCount(rate)} rows/s)\n`
      )
    },
  }
}
