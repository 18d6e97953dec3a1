/**
 * The repair of one `qr_codes` value (spec 7.1 repair rules: "use a complete `http` or `https`
 * URL", "shorten … URLs for fit errors"), never guessing: spaces around a URL go, a URL written
 * without its scheme gets `https://`, and a URL too large for its QR code loses its tracking
 * parameters only when that alone makes it fit.
 *
 * @module
 */
import type { KeyedQrElement } from '../design/types.ts'
import { checkQrValue } from '../qr/check-qr-value.ts'
import type { QrValueResult } from '../qr/types.ts'

/** What a value repair did, one step per rule. */
export interface QrRepairStep {
  readonly rule: 'trim-url' | 'complete-url' | 'drop-tracking-parameters'
  readonly before: string
  readonly after: string
  /** The parameters dropped (`drop-tracking-parameters`). */
  readonly dropped?: readonly string[]
}

/** Why a value could not be repaired. */
export interface QrRepairProblem {
  readonly code: 'url-not-completable' | 'url-too-large'
  readonly message: string
  readonly data: Readonly<Record<string, unknown>>
}

/** The repair of one value: the steps taken, the value after them, and what is left. */
export interface QrRepair {
  readonly value: string
  readonly steps: readonly QrRepairStep[]
  readonly problem: QrRepairProblem | undefined
}

/**
 * Query parameters that only track a click and never change the page: Google's UTM parameters
 * (`utm_*`) and click ids (`gclid`, `gbraid`, `wbraid`, `dclid`), Meta's (`fbclid`, `igshid`),
 * Microsoft's (`msclkid`) and Mailchimp's (`mc_cid`, `mc_eid`).
 */
const CLICK_IDS: ReadonlySet<string> = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'igshid',
  'mc_cid',
  'mc_eid',
])

/**
 * Whether a query parameter is a well-known tracking parameter.
 *
 * @param name The parameter's name as decoded.
 * @returns `true` for `utm_source`, `fbclid`, `gclid`...
 */
export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase()
  return lower.startsWith('utm_') || CLICK_IDS.has(lower)
}

function decodedName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? ''
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

/**
 * A URL without its tracking parameters, every other character as written (the order of the
 * other parameters, their encoding, the fragment).
 *
 * @param url A URL as sent.
 * @returns The URL and the names dropped (none: the URL as it is).
 */
export function withoutTrackingParameters(url: string): { url: string; dropped: string[] } {
  const hash = url.indexOf('#')
  const beforeHash = hash < 0 ? url : url.slice(0, hash)
  const fragment = hash < 0 ? '' : url.slice(hash)
  const question = beforeHash.indexOf('?')
  if (question < 0) return { url, dropped: [] }
  const kept: string[] = []
  const dropped: string[] = []
  for (const pair of beforeHash.slice(question + 1).split('&')) {
    const name = decodedName(pair)
    if (pair !== '' && isTrackingParameter(name)) dropped.push(name)
    else kept.push(pair)
  }
  if (dropped.length === 0) return { url, dropped }
  const query = kept.filter((pair) => pair !== '').join('&')
  return {
    url: `${beforeHash.slice(0, question)}${query === '' ? '' : `?${query}`}${fragment}`,
    dropped,
  }
}

/** A scheme-less value made complete: `example.com/x` → `https://example.com/x`. */
function completed(value: string, result: QrValueResult): string | undefined {
  if (result.ok) return undefined
  if (result.problem === 'missing-scheme') return `https://${value}`
  if (result.problem === 'scheme-relative-url') return `https:${value}`
  return undefined
}

/**
 * Repairs one `qr_codes` value against its QR element: each step only when the value after it
 * is better by the spec's rules (a complete URL where there was none; a URL that fits where it
 * did not), else the value stays and the problem is reported.
 *
 * @param value The value as sent.
 * @param element The keyed QR element.
 * @returns The value after the steps taken, the steps, and the problem left, if any.
 */
export function repairQrValue(value: string, element: KeyedQrElement): QrRepair {
  const steps: QrRepairStep[] = []
  let current = value
  let result = checkQrValue(current, element)
  if (!result.ok && result.problem === 'whitespace') {
    const trimmed = result.parts.value
    if (trimmed !== undefined) {
      steps.push({ rule: 'trim-url', before: current, after: trimmed })
      current = trimmed
      result = checkQrValue(current, element)
    }
  }
  const complete = completed(current, result)
  if (complete !== undefined) {
    const next = checkQrValue(complete, element)
    if (next.ok || next.problem === 'too-large') {
      steps.push({ rule: 'complete-url', before: current, after: complete })
      current = complete
      result = next
    }
  }
  if (result.ok) return { value: current, steps, problem: undefined }
  if (result.problem !== 'too-large') {
    return {
      value: current,
      steps,
      problem: {
        code: 'url-not-completable',
        message: `Unexpected ${result.problem} value in qr_codes.${element.key}, expected a URL that only lacks its scheme: only the person who wrote it knows the URL it means`,
        data: { problem: result.problem, example: result.example },
      },
    }
  }
  const { url: stripped, dropped } = withoutTrackingParameters(current)
  const after = dropped.length > 0 ? checkQrValue(stripped, element) : undefined
  if (after?.ok) {
    steps.push({ rule: 'drop-tracking-parameters', before: current, after: stripped, dropped })
    return { value: stripped, steps, problem: undefined }
  }
  const without =
    after && !after.ok && after.problem === 'too-large' ? after.resolvedUrlLength : undefined
  return {
    value: current,
    steps,
    problem: {
      code: 'url-too-large',
      message:
        dropped.length === 0
          ? `Unexpected \`${result.resolvedUrlLength}\` character URL in qr_codes.${element.key}, expected at most \`${result.maxLength}\`: it has no tracking parameters to drop, shorten it by hand`
          : `Unexpected \`${result.resolvedUrlLength}\` character URL in qr_codes.${element.key}, expected at most \`${result.maxLength}\`: without its tracking parameters it still has \`${without ?? result.resolvedUrlLength}\`, shorten it by hand`,
      data: {
        length: result.resolvedUrlLength,
        max_length: result.maxLength,
        tracking_parameters: dropped,
        ...(without === undefined ? {} : { length_without_tracking: without }),
      },
    },
  }
}
