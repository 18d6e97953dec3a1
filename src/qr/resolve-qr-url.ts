/**
 * The URL rules of a QR value (spec 2.6: "the complete, scan-ready HTTP(S) URL that is encoded
 * into the QR code … a bare code or fragment is invalid"; spec 7.1 repair rule: "use a complete
 * `http` or `https` URL"). The WHATWG URL parser (`new URL`) decides what a URL is, with two
 * additions that make Node and browsers agree (see `httpHref` and `isScanReadyHost`); this
 * module explains, for everything that is not a complete http(s) URL, what is wrong and what a
 * complete URL for the same intent would look like.
 *
 * @module
 */
import { isScanReadyHost } from './is-scan-ready-host.ts'

/** Why a value is not a complete, scan-ready http(s) URL. */
export type QrUrlProblem =
  /** Spaces or line breaks before or after the URL. */
  | 'whitespace'
  /** A tab, line break or other control character inside the value. */
  | 'control-character'
  /** Nothing (or only whitespace). */
  | 'empty'
  /** A code without any URL syntax, e.g. `SUMMER24`. */
  | 'bare-code'
  /** Only a fragment, e.g. `#offer`. */
  | 'fragment'
  /** A path or query without scheme and host, e.g. `/coupon` or `?code=1`. */
  | 'relative-url'
  /** A host without a scheme, e.g. `//example.com/x`. */
  | 'scheme-relative-url'
  /** A domain without `https://`, e.g. `example.com/coupon`. */
  | 'missing-scheme'
  /** Another scheme than `http`/`https`, e.g. `javascript:` or `mailto:`. */
  | 'unsupported-scheme'
  /** `https:` not followed by `//`, e.g. `https:example.com`. */
  | 'missing-slashes'
  /** `https://` without a host. */
  | 'missing-host'
  /** A host the URL parser rejects, e.g. one with a space. */
  | 'invalid-host'
  /** A port that is not a number from 0 to 65535. */
  | 'invalid-port'

/** The value is a complete http(s) URL. */
export interface QrUrlResolved {
  readonly ok: true
  /** The WHATWG serialisation (`new URL(value).href`): punycode host, percent-encoded path. */
  readonly url: string
}

/** The value is not a complete http(s) URL. */
export interface QrUrlRejected {
  readonly ok: false
  readonly problem: QrUrlProblem
  /** ``Unexpected …, expected a complete http(s) URL such as `…`.`` */
  readonly message: string
  /** A complete URL for the same intent, shown in the message (e.g. for a "use this" button). */
  readonly example: string
  /** What the message quotes besides the example, as data (for messages in other languages). */
  readonly parts: QrUrlParts
}

/** The parts of a value a {@link QrUrlRejected} message quotes. */
export interface QrUrlParts {
  /** The value the message quotes (trimmed, for `whitespace`). */
  readonly value?: string
  /** The host the URL parser refused (`invalid-host`). */
  readonly host?: string
  /** The port that is no number from 0 to 65535 (`invalid-port`). */
  readonly port?: string
  /** The scheme, without its colon (`unsupported-scheme`). */
  readonly scheme?: string
  /** The code point of the first control character (`control-character`). */
  readonly control?: number
}

/** What {@link resolveQrUrl} returns. */
export type QrUrlResolution = QrUrlResolved | QrUrlRejected

/** Host of every example URL (RFC 2606 reserves it for documentation). */
const EXAMPLE_HOST = 'example.com'
/** The example when nothing of the value can be kept. */
const GENERIC_EXAMPLE = 'https://example.com/coupon'
/** Longest excerpt quoted in a message, in code points; longer ones end in `…`. */
const MAX_QUOTE = 80
/** Last labels that name a file, not a top-level domain: `coupon.html` is a relative path. */
const FILE_EXTENSIONS: ReadonlySet<string> = new Set([
  'asp',
  'aspx',
  'gif',
  'htm',
  'html',
  'jpeg',
  'jpg',
  'jsp',
  'pdf',
  'php',
  'png',
  'svg',
  'txt',
])
const SCHEME = /^([a-z][\d+.a-z-]*):/i
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}_](?:[\p{L}\p{M}\p{N}_-]*[\p{L}\p{M}\p{N}_])?$/u
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/
/** The bracketed host of an absolute URL, after any user info: `[…]` of `https://u@[…]:1/`. */
const IPV6_LITERAL = /^[a-z][\d+.a-z-]*:[/\\]*(?:[^/?#\\@]*@)*(\[[^\]/?#\\]*\]?)/i
const PORT_AFTER_HOST = /^([^/:?#\\]+):\d+(?:[/?#\\]|$)/
/**
 * A URL the parser leaves exactly as written: lower-case `http(s)://`, a host of lower-case DNS
 * labels (none `xn--`, the last starting with a letter, so no IPv4 reading), no user info or
 * port, a path, then query and fragment, all of characters no percent-encode set holds and no
 * repair of `httpHref` touches. Most real QR values are written so.
 */
const CANONICAL =
  /^https?:\/\/(?:(?!xn--)[\d_a-z-]+\.)*(?!xn--)[a-z][\d_a-z-]*\/[\w!$%&()*+,./:;=@~-]*(?:\?[\w!$%&()*+,./:;=?@~-]*)?(?:#[\w!$%&()*+,./:;=?@~-]*)?$/
/** A `.` or `..` segment, literal or percent-encoded, which the parser removes. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?#]|$)/i

/**
 * Checks one QR value against the URL rules of spec 2.6 and resolves it to the exact string
 * that is encoded. Never throws.
 *
 * @param value The value as sent (`qr_codes.<key>`) or stored (`url` of a QR element).
 * @returns The resolved URL, or the problem with a message and a tailored example.
 */
export function resolveQrUrl(value: string): QrUrlResolution {
  // Equal to the general path for every value it takes (a differential test checks thousands).
  if (CANONICAL.test(value) && !DOT_SEGMENT.test(value)) return { ok: true, url: value }
  return resolveAnyQrUrl(value)
}

/**
 * {@link resolveQrUrl} without its shortcut for URLs already in the parser's form: every value
 * goes through the WHATWG URL parser. Exported for the test that proves the shortcut exact.
 *
 * @param value The value as sent or stored.
 * @returns The resolved URL, or the problem with a message and a tailored example.
 */
export function resolveAnyQrUrl(value: string): QrUrlResolution {
  const trimmed = trimSpace(value)
  if (trimmed !== value) {
    if (trimmed === '') return reject('empty', 'Unexpected empty value', GENERIC_EXAMPLE)
    const inner = resolveAnyQrUrl(trimmed)
    return reject(
      'whitespace',
      `Unexpected whitespace around ${inlineCode(trimmed)}`,
      inner.ok ? inner.url : inner.example,
      { value: trimmed }
    )
  }
  const control = firstControl(value)
  if (control !== undefined) {
    const inner = resolveAnyQrUrl(removeControls(value))
    return reject(
      'control-character',
      `Unexpected ${describeControl(control)} in ${inlineCode(value)}`,
      inner.ok ? inner.url : inner.example,
      { value, control }
    )
  }
  if (value === '') return reject('empty', 'Unexpected empty value', GENERIC_EXAMPLE)
  const scheme = SCHEME.exec(value)?.[1]
  if (scheme !== undefined) {
    const lower = scheme.toLowerCase()
    if (lower === 'http' || lower === 'https') return resolveHttp(value, scheme)
    if (!hostWithPort(value)) return unsupportedScheme(value, scheme)
  }
  return resolveSchemeless(value)
}

/** A value that starts with `http:` or `https:`. */
function resolveHttp(value: string, scheme: string): QrUrlResolution {
  const rest = value.slice(scheme.length + 1)
  if (!rest.startsWith('//')) {
    const repaired = httpHref(value) ?? httpHref(`${scheme}://${rest.replace(/^[/\\]+/, '')}`)
    return reject(
      'missing-slashes',
      `Unexpected ${inlineCode(value)} without \`//\` after the scheme`,
      repaired ?? GENERIC_EXAMPLE,
      { value }
    )
  }
  const afterSlashes = rest.slice(2)
  const authority = /^[^/?#\\]*/.exec(afterSlashes)?.[0] ?? ''
  const tail = afterSlashes.slice(authority.length)
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1)
  const { host, port } = splitPort(hostAndPort)
  if (host === '') {
    return reject(
      'missing-host',
      `Unexpected ${inlineCode(value)} without a host`,
      exampleWith(`https://${EXAMPLE_HOST}/${tail.replace(/^[/\\]+/, '')}`),
      { value }
    )
  }
  const href = httpHref(value)
  if (href !== undefined) return { ok: true, url: href }
  // For http(s) only the host and the port can make the WHATWG parser fail (or our host check).
  if (port !== undefined && !(/^\d+$/.test(port) && Number(port) <= 65535)) {
    return reject(
      'invalid-port',
      `Unexpected port ${inlineCode(port)} in ${inlineCode(value)}`,
      exampleWith(`${scheme}://${authority.slice(0, authority.length - port.length - 1)}${tail}`),
      { value, port }
    )
  }
  return reject(
    'invalid-host',
    `Unexpected host ${inlineCode(host)} in ${inlineCode(value)}`,
    exampleWith(`https://${EXAMPLE_HOST}${tail}`),
    { value, host }
  )
}

/** A value with a scheme other than http(s), e.g. `ftp://x/y`, `mailto:a@b.c`, `javascript:`. */
function unsupportedScheme(value: string, scheme: string): QrUrlResolution {
  const url = parse(value)
  const example = url?.host
    ? exampleWith(`https://${url.host}${url.pathname}${url.search}${url.hash}`)
    : GENERIC_EXAMPLE
  return reject(
    'unsupported-scheme',
    `Unexpected scheme ${inlineCode(`${scheme}:`)} in ${inlineCode(value)}`,
    example,
    { value, scheme }
  )
}

/** A value without a scheme: a fragment, a relative URL, a domain, or a bare code. */
function resolveSchemeless(value: string): QrUrlResolution {
  if (/^[/\\]{2}/.test(value)) {
    return reject(
      'scheme-relative-url',
      `Unexpected scheme-relative URL ${inlineCode(value)}`,
      httpHref(`https:${value}`) ?? GENERIC_EXAMPLE,
      { value }
    )
  }
  if (value.startsWith('#')) {
    return reject(
      'fragment',
      `Unexpected fragment ${inlineCode(value)}`,
      exampleWith(value, `https://${EXAMPLE_HOST}/page`),
      { value }
    )
  }
  if (hostWithPort(value) || isDomain(/^[^/?#\\]*/.exec(value)?.[0] ?? '')) {
    const href = httpHref(`https://${value}`)
    if (href !== undefined) {
      return reject('missing-scheme', `Unexpected ${inlineCode(value)} without a scheme`, href, {
        value,
      })
    }
  }
  if (/[/?#\\]/.test(value) || value.startsWith('.') || FILE_EXTENSIONS.has(extension(value))) {
    return reject(
      'relative-url',
      `Unexpected relative URL ${inlineCode(value)}`,
      exampleWith(value, `https://${EXAMPLE_HOST}/`),
      { value }
    )
  }
  const query = new URLSearchParams({ code: value }).toString()
  return reject('bare-code', `Unexpected ${inlineCode(value)}`, `${GENERIC_EXAMPLE}?${query}`, {
    value,
  })
}

function reject(
  problem: QrUrlProblem,
  unexpected: string,
  example: string,
  parts: QrUrlParts = {}
): QrUrlRejected {
  return {
    ok: false,
    problem,
    message: `${unexpected}, expected a complete http(s) URL such as ${inlineCode(example)}.`,
    example,
    parts,
  }
}

function parse(value: string, base?: string): URL | undefined {
  try {
    return new URL(value, base)
  } catch {
    return undefined
  }
}

/** The href of `value` (against `base`) when that is a complete http(s) URL, else the generic. */
function exampleWith(value: string, base?: string): string {
  return httpHref(value, base) ?? GENERIC_EXAMPLE
}

/**
 * The resolved form of a complete http(s) URL: the WHATWG serialisation, with a scan-ready
 * host, and three repairs that keep the encoded string, and its length, the same in Node and
 * browsers (all measured against Chromium 156 and Node 20's ada 2.9.2):
 *
 * - `^` and `|` in the path and `'` in the user info are percent-encoded: the URL Standard
 *   leaves them raw, Chromium encodes them;
 * - `.` and `..` path segments are removed: ada keeps them after a segment like `.a`
 *   (`https://example.com/x/.a/./b`), which the URL Standard and Chromium do not;
 * - an IPv6 literal must be written in ASCII hex digits, colons and dots: Chromium maps
 *   full-width digits and drops soft hyphens inside the brackets, ada (rightly) fails.
 */
function httpHref(value: string, base?: string): string | undefined {
  // The pattern backtracks over user info: a value without a bracket skips it.
  const literal = value.includes('[') ? IPV6_LITERAL.exec(value)?.[1] : undefined
  if (literal !== undefined && !/^\[[\d.:a-f]+\]$/i.test(literal)) return undefined
  const url = parse(value, base)
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined
  if (!isScanReadyHost(url.hostname)) return undefined
  const href = url.href
  // A special URL's path starts at the first `/` after `scheme://`; user info and host have none.
  const pathStart = href.indexOf('/', url.protocol.length + 2)
  const pathEnd = pathStart + url.pathname.length
  const path = removeDotSegments(url.pathname).replaceAll('^', '%5E').replaceAll('|', '%7C')
  return href.slice(0, pathStart).replaceAll("'", '%27') + path + href.slice(pathEnd)
}

/**
 * The URL Standard's handling of `.` and `..` segments (path state), applied to a serialised
 * path: `..` drops the segment before it, and either leaves an empty last segment behind.
 */
function removeDotSegments(path: string): string {
  if (!/\/\.\.?(?:\/|$)/.test(path)) return path
  const output: string[] = []
  const segments = path.split('/').slice(1)
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1
    if (segment === '..') output.pop()
    if (segment !== '.' && segment !== '..') output.push(segment)
    else if (last) output.push('')
  }
  return `/${output.join('/')}`
}

/** `host:port` at the start, e.g. `localhost:8080/x`, which `new URL` reads as a scheme. */
function hostWithPort(value: string): boolean {
  const host = PORT_AFTER_HOST.exec(value)?.[1]
  return host !== undefined && isDomain(host)
}

/** Looks like a host name someone meant: `localhost`, an IPv4 address, or `name.tld`. */
function isDomain(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host
  if (name.toLowerCase() === 'localhost' || IPV4.test(name)) return true
  const labels = name.split('.')
  const last = labels.at(-1) ?? ''
  return (
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    /^\p{L}/u.test(last) &&
    !FILE_EXTENSIONS.has(extension(name))
  )
}

/** The part after the last dot, lower-cased (`''` without a dot). */
function extension(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

function splitPort(hostAndPort: string): { host: string; port: string | undefined } {
  // An IPv6 literal has colons of its own: the port follows the closing bracket.
  // An unclosed bracket has no port to speak of: the host is what is wrong.
  const bracket = hostAndPort.startsWith('[') ? hostAndPort.indexOf(']') : 0
  const colon = bracket < 0 ? -1 : hostAndPort.indexOf(':', bracket)
  if (colon < 0) return { host: hostAndPort, port: undefined }
  return { host: hostAndPort.slice(0, colon), port: hostAndPort.slice(colon + 1) }
}

/**
 * Whitespace as the URL parser strips it (C0 controls and space) and as people see it (every
 * JavaScript white space, e.g. no-break space).
 */
function isSpace(code: number): boolean {
  return code <= 0x20 || /\s/.test(String.fromCharCode(code))
}

function trimSpace(value: string): string {
  let start = 0
  let end = value.length
  while (start < end && isSpace(value.charCodeAt(start))) start++
  while (end > start && isSpace(value.charCodeAt(end - 1))) end--
  return value.slice(start, end)
}

function isControl(code: number): boolean {
  return code < 0x20 || code === 0x7f
}

function firstControl(value: string): number | undefined {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (isControl(code)) return code
  }
  return undefined
}

function removeControls(value: string): string {
  let result = ''
  for (const char of value) if (!isControl(char.charCodeAt(0))) result += char
  return result
}

function describeControl(code: number): string {
  if (code === 0x0a || code === 0x0d) return 'line break'
  if (code === 0x09) return 'tab'
  return `control character \`U+${code.toString(16).toUpperCase().padStart(4, '0')}\``
}

/**
 * A value as inline code in a message: control characters escaped, cut at `MAX_QUOTE`, and
 * fenced with more backticks than it contains (CommonMark), so `` a`b `` stays one span.
 */
export function inlineCode(value: string): string {
  const text = quote(value)
  const runs = text.match(/`+/g)
  if (!runs) return `\`${text}\``
  const fence = '`'.repeat(Math.max(...runs.map((run) => run.length)) + 1)
  return `${fence} ${text} ${fence}`
}

/** A value as quoted in a message: control characters escaped, cut at `MAX_QUOTE`. */
function quote(value: string): string {
  const points = Array.from(value)
  const cut = points.length > MAX_QUOTE ? [...points.slice(0, MAX_QUOTE - 1), '…'] : points
  return cut.map(escapeControl).join('')
}

function escapeControl(char: string): string {
  const code = char.charCodeAt(0)
  if (!isControl(code)) return char
  if (code === 0x0a) return '\\n'
  if (code === 0x0d) return '\\r'
  if (code === 0x09) return '\\t'
  return `\\u${code.toString(16).padStart(4, '0')}`
}
