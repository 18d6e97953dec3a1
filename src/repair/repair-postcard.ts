/**
 * `repairPostcard`: spec 7.1's repair rules for clients applied to a body the service refused,
 * only where the repair is beyond doubt, every change listed and the result judged again.
 *
 * @module
 */
import {
  assertDesign,
  PreflightOptionsError,
  resolveEnvironment,
} from '../analysis/analysis-environment.ts'
import { createCachedStore, DEFAULT_CACHE_BOUNDS } from '../analysis/analysis-store.ts'
import { judgePostcard } from '../analysis/analyze-postcard.ts'
import { clipText } from '../analysis/read-body.ts'
import type { Findings } from '../analysis/types.ts'
import { validatePostcard } from '../postcard/validate-postcard.ts'
import { SPEC_LIMITS } from '../spec/limits.ts'
import type { Design, KeyedQrElement } from '../design/types.ts'
import { isMissing } from '../schema/is-missing.ts'
import { childOf, isObject } from '../schema/read-field.ts'
import { pathKeys } from '../standard-schema/postcard-schema.ts'
import { shorten } from '../verdict/shorten.ts'
import type { FieldError, UnprocessableBody } from '../verdict/types.ts'
import { matchKeys } from './match-keys.ts'
import { repairQrValue } from './repair-qr-value.ts'
import { shortenToFit } from './shorten-text.ts'
import type { RepairChange, RepairOptions, RepairProblem, RepairResult } from './types.ts'

/** The ellipsis of a shortened text unless the options say otherwise. */
const DEFAULT_ELLIPSIS = '…'

/** `` `a`, `b` or `c` ``. */
function quotedOr(values: readonly string[]): string {
  const quoted = values.map((value) => `\`${shorten(value)}\``)
  return quoted.length <= 1
    ? quoted.join('')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`
}

/** Whether a finding is an error at `path`. */
function errorAt(errors: readonly FieldError[], path: string, codes?: readonly string[]): boolean {
  return errors.some(
    (error) => error.path === path && (codes === undefined || codes.includes(error.code))
  )
}

/** A mutable JSON object of the copy (`undefined` when the member is no object). */
function objectAt(json: unknown, key: string | undefined): Record<string, unknown> | undefined {
  const value = key === undefined ? json : childOf(json, key)
  return isObject(value) ? (value as Record<string, unknown>) : undefined
}

function ellipsisOf(option: RepairOptions['ellipsis']): string {
  if (option === undefined) return DEFAULT_ELLIPSIS
  if (option === false) return ''
  if (typeof option !== 'string') {
    throw new PreflightOptionsError(
      `Unexpected \`ellipsis\` \`${String(option)}\`, expected a string or \`false\``
    )
  }
  return option
}

/**
 * Repairs a postcard body the service refused with 422, by the repair rules of spec 7.1, where
 * the repair is beyond doubt:
 *
 * - keys: a `content` or `qr_codes` key the design does not expect is renamed to the one missing
 *   key it means (the same words in another case or spelling, `Body Text` → `body_text`, or a
 *   small typo, `gretting` → `greeting`); a key that could mean two, or that another key means
 *   too, or that means none, is left and reported. A field of spec 2.3 sent under a known other
 *   name (`postcode`, `firstName`) is renamed when the field it means is missing;
 * - texts that do not fit (or are over 8000 characters): shortened to the longest prefix that
 *   fits, cut after a word, bold and italic closed, list items whole, with an ellipsis (measured
 *   with the text) unless the cut ends a sentence;
 * - QR values: spaces around them removed, `https://` added to a URL written without its
 *   scheme when that makes it a complete URL, and tracking parameters (`utm_*`, `fbclid`,
 *   `gclid`...) dropped from a URL too large for its QR code only when that makes it fit.
 *
 * Only fields the 422 body names are repaired (with `unprocessable` undefined: every error found
 * here); a field it names that is fine here is reported (`not-reproduced`: another design?).
 * The repaired body is judged again: `verdict` says whether the service will now accept it. The
 * body itself is never changed; the result holds a JSON copy.
 *
 * @param body The body that was sent.
 * @param unprocessable The 422 body the service answered (`UnprocessableError.body`), or
 *   `undefined` to repair what the local judgement finds.
 * @param options The design, the fonts (without them no text is measured, so none is
 *   shortened), the emoji pin, the profile and the ellipsis.
 * @returns The repaired body, the changes, the problems left and the new verdict.
 * @throws {TypeError} When `options.design` is not a parsed design.
 * @throws {PreflightOptionsError} For options that break the contract.
 * @example
 * ```ts
 * const { body: repaired, changes, verdict } = repairPostcard(body, error.body, { design, fonts })
 * for (const change of changes) console.log(change.rule, change.path, change.before, '→', change.after)
 * if (verdict.ok) await client.postcards.create(repaired)
 * ```
 */
export function repairPostcard(
  body: unknown,
  unprocessable: UnprocessableBody | undefined,
  options: RepairOptions
): RepairResult {
  if (typeof options !== 'object' || options === null) {
    throw new PreflightOptionsError(
      `Unexpected options \`${String(options)}\`, expected an object with \`design\` and \`fonts\``
    )
  }
  const { design } = options
  assertDesign(design)
  const environment = resolveEnvironment(options)
  const ellipsis = ellipsisOf(options.ellipsis)
  if (unprocessable !== undefined && !(isObject(unprocessable) && isObject(unprocessable.errors))) {
    throw new PreflightOptionsError(
      'Unexpected `unprocessable` without `errors`, expected the 422 body of spec 7.1 or `undefined`'
    )
  }
  const verdictOf = (value: unknown) => validatePostcard(value, design, options)
  let json: unknown
  try {
    json = JSON.parse(JSON.stringify(body) ?? 'null') as unknown
  } catch {
    // Not JSON (a cycle, a BigInt, a throwing getter): it cannot be sent, so nothing to repair.
    return Object.freeze({ body, changes: [], problems: [], verdict: verdictOf(body) })
  }

  // Judged without fonts first: keys, syntax and QR values, each text read once (and kept in
  // the store for the shortening); only the texts are measured, and only as far as they fit.
  const store = createCachedStore({ ...environment, fonts: undefined }, DEFAULT_CACHE_BOUNDS)
  const changes: RepairChange[] = []
  const problems: RepairProblem[] = []
  let findings = judgePostcard(json, design, store).findings
  const found = new Set(findings.errors.map((error) => error.path))
  const reported = unprocessable ? new Set(Object.keys(unprocessable.errors)) : undefined
  const wanted = (path: string) => reported === undefined || reported.has(path)

  const renamed = renameFields(json, findings, wanted, changes, problems)
  const keyed = renameKeys(json, design, findings, wanted, changes, problems)
  if (renamed || keyed) findings = judgePostcard(json, design, store).findings

  const fonts = environment.fonts
  const content = objectAt(json, 'content')
  for (const area of design.markdownAreas) {
    const path = `content.${area.key}`
    const text = content?.[area.key]
    if (!content || !fonts || typeof text !== 'string' || !wanted(path)) continue
    // A value rejected by another rule than the length is not measured by the service either.
    const errors = findings.errors.filter((error) => error.path === path)
    if (errors.some((error) => error.code !== 'max-length')) continue
    const clipped = clipText(text, SPEC_LIMITS.contentValueLength)
    const reading = errors.length === 0 ? store.area(area, clipped).reading() : undefined
    const shortened = shortenToFit(text, reading, area, fonts, {
      profile: environment.profile,
      ellipsis,
    })
    if (!shortened.ok) {
      found.add(path)
      problems.push({
        path,
        code: 'text-not-shortenable',
        message: `Unexpected text in ${path} whose first word alone does not fit the area \`${area.label}\`, expected a text that can be cut after a word: shorten it yourself`,
      })
    } else if (shortened.text !== text) {
      found.add(path)
      content[area.key] = shortened.text
      changes.push({ path, rule: 'shorten-text', before: text, after: shortened.text })
    }
  }

  const qrCodes = new Set<string>()
  for (const error of findings.errors) {
    const [head, key] = pathKeys(error.path)
    if (head !== 'qr_codes' || key === undefined || qrCodes.has(key) || !wanted(error.path))
      continue
    if (error.code !== 'url' && error.code !== 'qr-fit') continue
    qrCodes.add(key)
    const element = design.keyedQrCodes.find((candidate) => candidate.key === key)
    if (element) repairQr(json, element, changes, problems)
  }

  for (const path of reported ?? []) {
    if (found.has(path)) continue
    problems.push({
      path,
      code: 'not-reproduced',
      message: `Unexpected error at \`${shorten(path)}\` in the 422 body, expected this design and these fonts to find it too: they find nothing wrong there, repair it against the flow's design`,
    })
  }
  return Object.freeze({
    body: json,
    changes: Object.freeze(changes.map((change) => Object.freeze(change))),
    problems: Object.freeze(problems.map((problem) => Object.freeze(problem))),
    verdict: verdictOf(json),
  })
}

/**
 * Fields of spec 2.3 sent under a name the `unknown-fields` rule recognises (`postcode` for
 * `zip`), renamed when the field they mean is required and missing. Two names for one field are
 * both left.
 */
function renameFields(
  json: unknown,
  findings: Findings,
  wanted: (path: string) => boolean,
  changes: RepairChange[],
  problems: RepairProblem[]
): boolean {
  const claims = new Map<string, string[]>()
  for (const warning of findings.warnings) {
    const field = warning.data?.['field']
    const expected = warning.data?.['expected']
    if (
      warning.code !== 'unknown-field' ||
      typeof field !== 'string' ||
      typeof expected !== 'string'
    )
      continue
    if (!errorAt(findings.errors, expected, ['required']) || !wanted(expected)) continue
    claims.set(expected, [...(claims.get(expected) ?? []), field])
  }
  let changed = false
  for (const [expected, fields] of claims) {
    const [parent, name] = splitField(expected)
    if (fields.length > 1) {
      for (const field of fields) {
        problems.push({
          path: field,
          code: 'ambiguous-key',
          message: `Unexpected field \`${shorten(field)}\`, expected the only field that means \`${expected}\`: ${quotedOr(fields.filter((other) => other !== field))} means it too, keep one of them`,
          data: { key: field, candidates: [expected] },
        })
      }
      continue
    }
    const field = fields[0] as string
    const object = objectAt(json, parent)
    const [, old] = splitField(field)
    if (!object || !Object.hasOwn(object, old)) continue
    object[name] = object[old]
    Reflect.deleteProperty(object, old)
    changes.push({ path: field, rule: 'rename-field', before: old, after: name })
    changed = true
  }
  return changed
}

/** `to.zip` → `['to', 'zip']`, `flow` → `[undefined, 'flow']`. */
function splitField(path: string): [string | undefined, string] {
  const [head, rest] = pathKeys(path)
  return rest === undefined ? [undefined, head as string] : [head, rest]
}

/** `content` and `qr_codes` keys renamed to the expected keys they unambiguously mean. */
function renameKeys(
  json: unknown,
  design: Design,
  findings: Findings,
  wanted: (path: string) => boolean,
  changes: RepairChange[],
  problems: RepairProblem[]
): boolean {
  let changed = false
  const groups = [
    ['content', design.markdownAreas.map((area) => area.key)],
    ['qr_codes', design.keyedQrCodes.map((code) => code.key)],
  ] as const
  for (const [name, expected] of groups) {
    const object = objectAt(json, name)
    if (!object) continue
    const sent = Object.keys(object).filter(
      (key) =>
        !expected.includes(key) &&
        wanted(`${name}.${key}`) &&
        errorAt(findings.errors, `${name}.${key}`, ['prohibited'])
    )
    const missing = expected.filter(
      (key) => isMissing(object[key]) && errorAt(findings.errors, `${name}.${key}`, ['required'])
    )
    if (sent.length === 0) continue
    const matching = matchKeys(sent, missing)
    for (const { key, target } of matching.matches) {
      object[target] = object[key]
      Reflect.deleteProperty(object, key)
      changes.push({ path: `${name}.${key}`, rule: 'rename-key', before: key, after: target })
      changed = true
    }
    for (const { key, candidates } of matching.ambiguous) {
      const message =
        candidates.length > 1
          ? `Unexpected key \`${shorten(key)}\` in ${name}, expected a key that means one expected key: it is as close to ${quotedOr(candidates)}, rename it yourself`
          : `Unexpected key \`${shorten(key)}\` in ${name}, expected the only key that means \`${candidates[0] ?? ''}\`: another key means it too, keep one of them`
      problems.push({
        path: `${name}.${key}`,
        code: 'ambiguous-key',
        message,
        data: { key, candidates },
      })
    }
    for (const key of matching.unmatched) {
      problems.push({
        path: `${name}.${key}`,
        code: 'unmatched-key',
        message: `Unexpected key \`${shorten(key)}\` in ${name}, expected ${missing.length === 0 ? 'no other key' : quotedOr(missing)}: none is close to it, rename or remove it yourself`,
        data: { key, expected: missing },
      })
    }
  }
  return changed
}

/** A QR value completed, trimmed or freed of its tracking parameters. */
function repairQr(
  json: unknown,
  element: KeyedQrElement,
  changes: RepairChange[],
  problems: RepairProblem[]
): void {
  const codes = objectAt(json, 'qr_codes')
  const value = codes?.[element.key]
  if (!codes || typeof value !== 'string') return
  const path = `qr_codes.${element.key}`
  const repair = repairQrValue(value, element)
  for (const step of repair.steps) {
    changes.push({
      path,
      rule: step.rule,
      before: step.before,
      after: step.after,
      ...(step.dropped === undefined ? {} : { data: { dropped: step.dropped } }),
    })
  }
  codes[element.key] = repair.value
  if (repair.problem) problems.push({ path, ...repair.problem })
}
