/**
 * Whether a host, as the WHATWG URL parser serialises it, is one a phone can resolve after
 * scanning: DNS labels of letters, digits, hyphens (and underscores), an IPv4 address or an IPv6
 * literal, and `xn--` labels that are real punycode.
 *
 * Beyond "scan-ready", this check is what keeps the verdict identical in Node and in browsers.
 * Node's parser (ada) follows the URL Standard; Chromium's is laxer with hosts (measured with
 * Chromium 156): it percent-escapes a space or `*` in a host instead of failing
 * (`https://a b.com` → `https://a%20b.com/`), and it passes any `xn--` label through undecoded
 * (`https://xn--a.com/`), where Node rejects labels that are not valid punycode. Hosts that
 * survive this check are parsed alike by both, with one known exception: each parser applies
 * its own IDNA tables, and Node 20's (ada 2.9.2, Unicode 15.1) are older than Chromium's, so a
 * host with characters assigned since (new scripts, the newest emoji) is valid in Chromium only.
 *
 * @module
 */

/** A DNS label as the parser lower-cases it; `_` occurs in real host names and parses alike. */
const LABEL = /^[\d_a-z-]+$/

/**
 * Checks a parsed host name (`url.hostname`).
 *
 * @param hostname The host as `new URL(...).hostname` gives it: lower case, punycode.
 * @returns Whether every label is a plain DNS label or valid punycode.
 */
export function isScanReadyHost(hostname: string): boolean {
  // An IPv6 literal, serialised in brackets, is canonical in both parsers.
  if (hostname.startsWith('[')) return hostname.endsWith(']')
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname
  return name
    .split('.')
    .every((label) => LABEL.test(label) && (!label.startsWith('xn--') || isPunycode(label)))
}

/**
 * An `xn--` label is valid when it decodes (RFC 3492) to a non-ASCII label that the parser
 * itself encodes back to the same label: the parser's own IDNA processing (UTS #46) decides
 * which code points are allowed, so in Node this never accepts what Node's parser rejects.
 */
function isPunycode(label: string): boolean {
  const unicode = decodePunycode(label.slice(4))
  if (unicode === undefined || !hasNonAscii(unicode)) return false
  try {
    return new URL(`https://${unicode}/`).hostname === label
  } catch {
    return false
  }
}

function hasNonAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return true
  return false
}

// RFC 3492 section 5: the bootstring parameters of punycode.
const BASE = 36
const T_MIN = 1
const T_MAX = 26
const SKEW = 38
const DAMP = 700
const INITIAL_BIAS = 72
const INITIAL_N = 128
const MAX_CODE_POINT = 0x10ffff

/** RFC 3492 section 6.1: bias adaptation. */
function adapt(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / DAMP) : delta >> 1
  scaled += Math.floor(scaled / points)
  let k = 0
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN))
    k += BASE
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + SKEW))
}

/** Value of a base-36 digit: `a-z` (either case) 0-25, `0-9` 26-35; `BASE` for anything else. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22
  if (code >= 0x41 && code <= 0x5a) return code - 0x41
  if (code >= 0x61 && code <= 0x7a) return code - 0x61
  return BASE
}

/** RFC 3492 section 6.2: the decoding procedure; `undefined` for malformed input. */
function decodePunycode(input: string): string | undefined {
  const output: number[] = []
  const delimiter = input.lastIndexOf('-')
  for (let index = 0; index < Math.max(delimiter, 0); index++) {
    const code = input.charCodeAt(index)
    if (code >= 0x80) return undefined
    output.push(code)
  }
  let n = INITIAL_N
  let bias = INITIAL_BIAS
  let i = 0
  let index = delimiter < 0 ? 0 : delimiter + 1
  while (index < input.length) {
    const previous = i
    for (let weight = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return undefined
      const digit = digitValue(input.charCodeAt(index++))
      if (digit >= BASE) return undefined
      i += digit * weight
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
      if (digit < threshold) break
      weight *= BASE - threshold
      if (i > MAX_CODE_POINT * (output.length + 1) || weight > MAX_CODE_POINT) return undefined
    }
    const length = output.length + 1
    bias = adapt(i - previous, length, previous === 0)
    n += Math.floor(i / length)
    i %= length
    if (n > MAX_CODE_POINT || (n >= 0xd800 && n <= 0xdfff)) return undefined
    output.splice(i++, 0, n)
  }
  return String.fromCodePoint(...output)
}
