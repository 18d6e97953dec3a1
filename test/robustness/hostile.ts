/**
 * Hostile input for the robustness tests (issue 8): fast-check arbitraries of arbitrary JSON,
 * valid bodies with mutations, lone surrogates, `__proto__`/`constructor` keys, very deep
 * nesting, NaN-like numbers and wrong types everywhere; the 10 MB strings are built once. Plus
 * the checks every answer must pass: the spec 7.1 shape of a verdict, no prototype pollution,
 * no mutation of the input. Pure: the same module runs in Node and in Chromium.
 */
import fc from 'fast-check'
import { expect } from 'vitest'
import { samplePostcard } from '../../src/node/sample-postcard.ts'
import type { Design } from '../../src/design/types.ts'
import type { Verdict } from '../../src/verdict/types.ts'
import { campaign, designs as sandboxDesigns, flows } from '../server/sandbox.ts'

/** Environment knobs of the longer run (`docs/robustness.md`); defaults are CI's. */
const env: Record<string, string | undefined> =
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}

/** The fixed seed of CI; `PREFLIGHT_FUZZ_SEED` replays another one. */
export const seed = Number(env['PREFLIGHT_FUZZ_SEED'] ?? '') || 20_261_121

/** Multiplies every `numRuns` (`PREFLIGHT_FUZZ_SCALE=50` for the longer run). */
export const scale = Math.max(1, Number(env['PREFLIGHT_FUZZ_SCALE'] ?? '') || 1)

/** Time limit of a property test: CI's 60 s, stretched for the longer run. */
export const timeLimit = 60_000 * scale

/** fast-check parameters: the fixed seed and `runs × scale` runs. */
export function runs(numRuns: number): { seed: number; numRuns: number } {
  return { seed, numRuns: Math.round(numRuns * scale) }
}

/** The sample designs, parsed. */
export const designs: Readonly<Record<'a6' | 'dl' | 'a5', Design>> = sandboxDesigns

/** The flows of the sandbox config the bodies are sent to. */
export const flowIds = flows

/** A valid submission to the flow of a sample design (the sandbox banner's sample). */
export function validPostcard(name: keyof typeof designs): Record<string, unknown> {
  return samplePostcard({ id: flowIds[name], design: designs[name] })
}

/** A valid campaign (spec 2.1). */
export const validCampaign = (): Record<string, unknown> => campaign()

/**
 * Pieces of text that reach the deep corners: lone and paired surrogates, emoji sequences
 * (ZWJ, flags, keycaps, skin tones, a lone ZWJ or VS16), combining marks, bidi overrides,
 * controls and every line separator, the Markdown syntax the whitelist refuses, HTML,
 * placeholders, URL schemes.
 */
const pieces = [
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uDFFF\uD800',
  '👍🏽',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '🇩🇪',
  '1️⃣',
  '🫩',
  '\u200D',
  '\uFE0F',
  'e\u0301',
  '\u0000',
  '\u0008',
  '\u001B[31m',
  '\t',
  '\r',
  '\r\n',
  '\n',
  '\n\n',
  '  \n',
  '\u2028',
  '\u2029',
  '\u00A0',
  '\u200B',
  '\uFEFF',
  '\u202E',
  'مرحبا',
  'क्षि',
  '漢字',
  'ไทย',
  '**',
  '*',
  '_',
  '__',
  '- ',
  '1. ',
  '  - ',
  '# ',
  '> ',
  '```',
  '`',
  '|a|b|\n|-|-|',
  '[x](https://e.x)',
  '![i](x.png)',
  '<b>',
  '<script>alert(1)</script>',
  '&amp;',
  '&#0;',
  '{{name}}',
  '\\',
  '"',
  "'",
  'https://',
  'javascript:',
  'data:',
  '%00',
  '../',
  ' ',
  'a',
  'Z',
  '0',
]

/** Text built of hostile pieces and ordinary characters. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 3 })),
    maxLength: 30,
  }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 10 }),
  fc.constantFrom('', ' ', 'null', 'NaN', 'Infinity', '-0', '1e309', '0x10', 'true', '[]', '{}')
)

/** Field names that have broken JavaScript before, and the names the designs use. */
export const riskyKey: fc.Arbitrary<string> = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  'length',
  '0',
  '',
  'greeting',
  'body',
  'coupon_url',
  'line_1',
  'offer_url',
  'flow_id',
  'from',
  'to',
  'content',
  'qr_codes',
  'zip',
  'country',
  'segment',
  'source'
)

/** Numbers JSON can carry that are easy to mishandle (1e309 parses to Infinity). */
export const jsonNumberText: fc.Arbitrary<string> = fc.constantFrom(
  '0',
  '-0',
  '1',
  '-1',
  '0.5',
  '1e21',
  '1e-7',
  '9007199254740993',
  '1e309',
  '-1e309',
  '5e-324',
  '1E2'
)

/** Values only a JavaScript caller can pass (never from `JSON.parse`), made afresh each time. */
export const nonJsonValue: fc.Arbitrary<unknown> = fc
  .constantFrom(
    () => Number.NaN,
    () => Number.POSITIVE_INFINITY,
    () => Number.NEGATIVE_INFINITY,
    () => -0,
    () => undefined,
    // A sparse array and an object without a prototype.
    () => Object.assign(new Array<unknown>(2), { 1: 'x' }),
    () => Object.create(null) as unknown
  )
  .map((make) => make())

/** The classic prototype-pollution payloads, as `JSON.parse` hands them to a server. */
const pollutionPayloads = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"__proto__":{"isAdmin":true},"a":{"__proto__":{"x":1}}}',
  '[{"__proto__":[]},{"__proto__":null}]',
]

/** A pollution payload, parsed afresh each time. */
export const pollution: fc.Arbitrary<unknown> = fc
  .constantFrom(...pollutionPayloads)
  .map((text) => JSON.parse(text) as unknown)

/**
 * JSON text of any shape with risky keys (`__proto__` included), parsed as a server parses a
 * body: `JSON.parse` makes `__proto__` an own property, as it does for any client.
 */
export const hostileJson: fc.Arbitrary<unknown> = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString.map((text) => JSON.stringify(text)),
      jsonNumberText,
      fc.constantFrom('true', 'false', 'null', ...pollutionPayloads),
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(
          fc.tuple(fc.oneof({ arbitrary: riskyKey, weight: 3 }, hostileString), tie('value')),
          { maxLength: 5 }
        )
        .map(
          (members) =>
            `{${members.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`
        )
    ),
  }))
  .value.map((text) => JSON.parse(text) as unknown)

/** Any value a hostile caller may put somewhere: JSON of any shape, or a hostile scalar. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileJson,
  pollution,
  hostileString,
  jsonNumberText.map(Number),
  nonJsonValue,
  fc.constantFrom('object', 'array').map((kind) => nested(1000, kind))
)

/**
 * A value nested `depth` levels deep, built without recursion.
 *
 * @param depth Levels.
 * @param kind Objects `{"a":...}` or arrays `[...]`.
 * @returns The value.
 */
export function nested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 'x'
  for (let level = 0; level < depth; level++) value = kind === 'object' ? { a: value } : [value]
  return value
}

/** One change to a body: where (a path of existing keys) and what. */
interface Mutation {
  readonly at: number
  readonly kind: 'delete' | 'replace' | 'add' | 'wrap'
  readonly key: string
  readonly value: unknown
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('delete', 'replace', 'add', 'wrap'),
  key: fc.oneof({ arbitrary: riskyKey, weight: 3 }, hostileString),
  value: hostileValue,
})

/** All objects and arrays inside a value, the root first (iterative). */
function containers(root: unknown): (Record<string, unknown> | unknown[])[] {
  const found: (Record<string, unknown> | unknown[])[] = []
  const stack = [root]
  while (stack.length > 0 && found.length < 200) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object') continue
    found.push(node as Record<string, unknown>)
    for (const child of Object.values(node)) stack.push(child)
  }
  return found
}

/** Applies mutations to a copy of a valid body. */
function mutate(body: unknown, mutations: readonly Mutation[]): unknown {
  const copy = deepCopy(body)
  for (const change of mutations) {
    const targets = containers(copy)
    const target = targets[change.at % targets.length]
    if (Array.isArray(target)) {
      const index = target.length > 0 ? change.at % target.length : 0
      if (change.kind === 'delete') target.splice(index, 1)
      else if (change.kind === 'add') target.push(deepCopy(change.value))
      else if (change.kind === 'wrap') target[index] = [target[index]]
      else target[index] = deepCopy(change.value)
      continue
    }
    const object = target as Record<string, unknown>
    const keys = Object.keys(object)
    const key = keys.length > 0 ? (keys[change.at % keys.length] as string) : change.key
    if (change.kind === 'delete') Reflect.deleteProperty(object, key)
    // defineProperty: a plain assignment of `__proto__` would set the prototype instead.
    else if (change.kind === 'add') define(object, change.key, deepCopy(change.value))
    // Own members only: `object['__proto__']` would otherwise be Object.prototype itself,
    // and the next change would write into it.
    else if (change.kind === 'wrap')
      define(object, key, [Object.hasOwn(object, key) ? object[key] : undefined])
    else define(object, key, deepCopy(change.value))
  }
  return copy
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** A valid body (postcard or campaign) with 1 to 5 hostile changes. */
export function mutated(valid: () => unknown): fc.Arbitrary<unknown> {
  return fc
    .array(mutation, { minLength: 1, maxLength: 5 })
    .map((mutations) => mutate(valid(), mutations))
}

/** Printable text that breaks naive code but not the rules: emoji, scripts, marks, spaces. */
const printable = fc.string({
  unit: fc.constantFrom(
    '👍🏽',
    '👨‍👩‍👧‍👦',
    '🇩🇪',
    '1️⃣',
    '🫩',
    'e\u0301',
    '\u00A0',
    '\u200B',
    'مرحبا',
    'क्षि',
    '漢字',
    'ß',
    'İ',
    '&',
    '<',
    '"',
    ' ',
    'a'
  ),
  minLength: 1,
  maxLength: 12,
})

/** A string field's new value: hostile text, or valid text with printable hostile parts. */
function fieldText(path: readonly string[], original: string): fc.Arbitrary<string> {
  if (path[0] === 'qr_codes') {
    return fc.oneof(
      hostileString,
      printable.map((text) => `https://example.com/${text}`),
      fc.constant(original)
    )
  }
  if (path[0] === 'content') {
    return fc.oneof(
      hostileString,
      printable.map((text) => `Hello **${text}**!\n- ${text}`),
      printable,
      fc.constant(original)
    )
  }
  return fc.oneof(hostileString, printable, fc.constant(original))
}

/** A valid postcard whose string fields (all but `flow_id`) carry hostile text. */
export function hostileStrings(name: keyof typeof designs): fc.Arbitrary<unknown> {
  const valid = validPostcard(name)
  const fields: { path: string[]; original: string }[] = []
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      if (path[0] !== 'flow_id') fields.push({ path, original: node })
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key])
    }
  }
  walk(valid, [])
  return fc.tuple(...fields.map(({ path, original }) => fieldText(path, original))).map((texts) => {
    const copy = structuredClone(valid)
    fields.forEach(({ path }, index) => {
      let node = copy
      for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>
      node[path.at(-1) as string] = texts[index]
    })
    return copy
  })
}

/**
 * A deep copy that keeps what `structuredClone` loses: own `__proto__` keys, objects without a
 * prototype, holes of sparse arrays. Values built by fast-check are shared with its shrinker,
 * so the tests freeze a copy, never the generated value itself.
 */
export function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length)
    for (const key of Object.keys(value)) copy[Number(key)] = deepCopy(value[Number(key)])
    return copy as T
  }
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<
    string,
    unknown
  >
  for (const [key, child] of Object.entries(value)) define(copy, key, deepCopy(child))
  return copy as T
}

/** Freezes a value and everything in it (iterative), so any write to the input throws. */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (node === null || typeof node !== 'object' || Object.isFrozen(node)) continue
    Object.freeze(node)
    for (const child of Object.values(node)) stack.push(child)
  }
  return value
}

/** The built-in prototypes a polluting merge would write to. */
const prototypes: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
]

/** What the built-in prototypes hold now: their own keys, and what each key holds. */
export function prototypeSnapshot(): Record<string, { keys: string[]; values: unknown[] }> {
  return Object.fromEntries(
    prototypes.map(([name, proto]) => {
      // Keys are compared on their own: `toEqual` does not see a new key holding `undefined`.
      const keys = Reflect.ownKeys(proto).map(String).sort()
      const values = keys.map((key) => {
        const descriptor = Object.getOwnPropertyDescriptor(proto, key)
        return descriptor?.value ?? descriptor?.get
      })
      return [name, { keys, values }]
    })
  )
}

/** Fails when a prototype changed since `before`, or a fresh object inherits a member. */
export function expectNoPollution(before: ReturnType<typeof prototypeSnapshot>): void {
  expect(prototypeSnapshot()).toEqual(before)
  const inherited: string[] = []
  // A `for...in` lists what a fresh object inherits (enumerable keys of its prototypes).
  for (const key in {}) inherited.push(key)
  expect(inherited).toEqual([])
  const probe = {} as Record<string, unknown>
  for (const key of ['polluted', 'x', 'a', 'greeting', 'isAdmin']) {
    expect(probe[key]).toBeUndefined()
  }
}

const fitKeys = [
  'available_height_mm',
  'available_width_mm',
  'block_count',
  'font_size_pt',
  'key',
  'label',
  'line_count',
  'line_height',
  'measured_height_mm',
  'overflow_mm',
  'suggested_action',
]
const qrFitKeys = ['key', 'label', 'resolved_url_length', 'suggested_action']
const features = ['paragraphs', 'line_breaks', 'bold', 'italic', 'bullet_lists', 'numbered_lists']
const fieldName = /^[a-z][a-z\d_]{0,63}$/

/**
 * Asserts the spec's shape of a verdict: warnings as typed data; a 422 body of `message`,
 * `errors` and optional `meta` (spec 7.1) whose message is Laravel's summary of the errors,
 * whose members have exactly the fields and types of the spec's tables, and which survives a
 * JSON round trip unchanged (no NaN, no `undefined`, no prototype tricks).
 *
 * @param verdict The verdict.
 */
export function expectSpecVerdict(verdict: Verdict): void {
  expect(typeof verdict.ok).toBe('boolean')
  expect(Array.isArray(verdict.warnings)).toBe(true)
  for (const warning of verdict.warnings) {
    expect(typeof warning.code).toBe('string')
    expect(typeof warning.path).toBe('string')
    expect(typeof warning.message).toBe('string')
  }
  expect(JSON.parse(JSON.stringify(verdict.warnings))).toEqual(verdict.warnings)
  if (verdict.ok) {
    expect(Object.keys(verdict).sort()).toEqual(['ok', 'warnings'])
    return
  }
  expect(verdict.status).toBe(422)
  const { body } = verdict
  expect(Object.getPrototypeOf(body.errors)).toBeOneOf([Object.prototype, null])
  expect(['errors', 'message', 'meta']).toEqual(expect.arrayContaining(Object.keys(body)))
  const entries = Object.entries(body.errors)
  expect(entries.length).toBeGreaterThan(0)
  const messages = entries.flatMap(([path, list]) => {
    expect(path).not.toBe('')
    expect(Array.isArray(list) && list.length > 0).toBe(true)
    for (const message of list) expect(typeof message === 'string' && message !== '').toBe(true)
    return list
  })
  const more = messages.length - 1
  expect(body.message).toBe(
    more === 0
      ? messages[0]
      : `${messages[0]} (and ${more} more ${more === 1 ? 'error' : 'errors'})`
  )
  const meta = body.meta
  if (meta !== undefined) {
    expect([
      'allowed_markdown',
      'expected_content_keys',
      'expected_qr_keys',
      'markdown_fit_errors',
      'qr_fit_errors',
    ]).toEqual(expect.arrayContaining(Object.keys(meta)))
    for (const keys of [meta.expected_content_keys, meta.expected_qr_keys]) {
      if (keys !== undefined) for (const key of keys) expect(key).toMatch(fieldName)
    }
    if (meta.allowed_markdown !== undefined) expect(meta.allowed_markdown).toEqual(features)
    for (const item of meta.markdown_fit_errors ?? []) {
      expect(Object.keys(item).sort()).toEqual(fitKeys)
      for (const key of fitKeys) {
        const value = item[key as keyof typeof item]
        if (key === 'key' || key === 'label' || key === 'suggested_action') {
          expect(typeof value).toBe('string')
        } else expect(Number.isFinite(value)).toBe(true)
      }
      expect(Number.isInteger(item.block_count) && Number.isInteger(item.line_count)).toBe(true)
    }
    for (const item of meta.qr_fit_errors ?? []) {
      expect(Object.keys(item).sort()).toEqual(qrFitKeys)
      expect(Number.isInteger(item.resolved_url_length)).toBe(true)
      expect(typeof item.key === 'string' && typeof item.suggested_action === 'string').toBe(true)
    }
  }
  expect(JSON.parse(JSON.stringify(body))).toEqual(body)
}

/** The names of the sample designs, in the order the property tests draw them. */
export const designNames = ['a6', 'dl', 'a5'] as const

/** The name of a sample design. */
export type DesignName = (typeof designNames)[number]

/** A valid body of a sample design with 1 to 5 hostile changes ({@link mutated}), and the name. */
export const mutatedBodies: fc.Arbitrary<readonly [unknown, DesignName]> = fc
  .constantFrom(...designNames)
  .chain((name) => mutated(() => validPostcard(name)).map((body) => [body, name] as const))

/** A valid body of a sample design with hostile text in a string field ({@link hostileStrings}), and the name. */
export const hostileTextBodies: fc.Arbitrary<readonly [unknown, DesignName]> = fc
  .constantFrom(...designNames)
  .chain((name) => hostileStrings(name).map((body) => [body, name] as const))
