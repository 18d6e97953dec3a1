/**
 * `postcardSchema`: the rules of `POST /api/v1/postcards` for a flow's design as a Standard
 * Schema, so form libraries that speak it (react-hook-form with `standardSchemaResolver`,
 * TanStack Form, vee-validate...) judge a postcard exactly as the service will, fit and QR
 * capacity included, with messages in the person's language.
 *
 * @module
 */
import { PreflightOptionsError } from '../analysis/analysis-environment.ts'
import type { CacheBounds } from '../analysis/analysis-store.ts'
import { createPreflight, type Preflight } from '../analysis/create-preflight.ts'
import type { AnalyzeOptions } from '../analysis/types.ts'
import type { PostcardSubmission } from '../api/types.ts'
import type { Design } from '../design/types.ts'
import { createMessages, type Messages } from '../i18n/create-messages.ts'
import type { FieldError, FieldErrorCode, RuleId, Warning, WarningCode } from '../verdict/types.ts'
import type {
  StandardSchemaFailure,
  StandardSchemaIssue,
  StandardSchemaProps,
  StandardSchemaSuccess,
  StandardSchemaV1,
} from './standard-schema.ts'

/** Options of {@link postcardSchema}. */
export interface PostcardSchemaOptions extends AnalyzeOptions {
  /**
   * The language of the messages: a BCP 47 tag (`de`, `de-AT`, `fr-CH`) or a list tried in order
   * (`navigator.languages`); English, German, Dutch and French have catalogues, anything else is
   * English (default). English messages are the 422 body's, word for word.
   */
  readonly locale?: string | readonly string[] | undefined
  /** Bounds of the cache of the schema's own `Preflight` (see `PreflightOptions.cache`). */
  readonly cache?: Partial<CacheBounds> | undefined
  /**
   * A `Preflight` of the same design to judge with, shared with the rest of the page (its fit
   * meters, its preview), instead of one of the schema's own. It brings its fonts, emoji pin,
   * profile and cache: give none of those options with it.
   */
  readonly preflight?: Preflight | undefined
  /**
   * Called with the warnings of every value judged (an empty list when there are none): they
   * never block a form, so they are not issues, but a form shows them next to their fields.
   */
  readonly onWarnings?: ((warnings: readonly PostcardSchemaWarning[]) => void) | undefined
}

/** An issue: a field error of the service, in the schema's language, with its code and data. */
export interface PostcardSchemaIssue extends StandardSchemaIssue {
  /** The message in the schema's language (English: the 422 body's message). */
  readonly message: string
  /** The keys of the field: `['content', 'greeting']`, `['to', 'zip']`, `['flow_id']`. */
  readonly path: readonly string[]
  /** The field error's stable code (`required`, `fit`, `url`...). */
  readonly code: FieldErrorCode
  /** The rule that found it (`text-fit`...). */
  readonly rule: RuleId
  /** What the message says as data (the measured height, the limit...), when there is more. */
  readonly data?: Readonly<Record<string, unknown>> | undefined
}

/** A warning (never an issue: the service accepts the value), in the schema's language. */
export interface PostcardSchemaWarning {
  readonly message: string
  /** The keys of the field, as for issues. */
  readonly path: readonly string[]
  readonly code: WarningCode
  readonly rule: RuleId
  readonly data?: Readonly<Record<string, unknown>> | undefined
}

/** A body the service would accept: the value as given, and its warnings. */
export interface PostcardSchemaSuccess extends StandardSchemaSuccess<PostcardSubmission> {
  readonly warnings: readonly PostcardSchemaWarning[]
}

/** A body the service would refuse with 422: one issue per message of its `errors`. */
export interface PostcardSchemaFailure extends StandardSchemaFailure {
  readonly issues: readonly PostcardSchemaIssue[]
  readonly warnings: readonly PostcardSchemaWarning[]
}

/** The `~standard` member of a postcard schema: `validate` is synchronous. */
export interface PostcardSchemaProps extends StandardSchemaProps<
  PostcardSubmission,
  PostcardSubmission
> {
  readonly validate: (value: unknown) => PostcardSchemaSuccess | PostcardSchemaFailure
}

/** The schema of one design's postcards. */
export interface PostcardSchema extends StandardSchemaV1<PostcardSubmission, PostcardSubmission> {
  readonly '~standard': PostcardSchemaProps
  /** The `Preflight` it judges with: its fit meters and previews share the cache. */
  readonly preflight: Preflight
  /** The messages of its language, for the page's own texts (the fit meter...). */
  readonly messages: Messages
}

/** The top-level fields of spec 2.3: a finding's path splits after them, and only there. */
const TOP_FIELDS: ReadonlySet<string> = new Set(['flow_id', 'from', 'to', 'content', 'qr_codes'])

/**
 * The keys of a finding's path. Every path of a postcard finding is a field of spec 2.3 and at
 * most one key below it (`to.zip`, `content.greeting`); a key sent by a client may hold dots
 * (`content["a.b"]` is `content.a.b`), so the path splits once, after the field.
 *
 * @param path A finding's path.
 * @returns Its keys.
 */
export function pathKeys(path: string): readonly string[] {
  const dot = path.indexOf('.')
  const head = dot < 0 ? path : path.slice(0, dot)
  if (dot < 0 || !TOP_FIELDS.has(head)) return [path]
  return [head, path.slice(dot + 1)]
}

const OPTION_NAMES_OF_A_PREFLIGHT = ['fonts', 'emojiVersion', 'profile', 'cache'] as const

/**
 * Creates the Standard Schema of a design's postcards: `schema['~standard'].validate(body)`
 * gives `{ value }` when the service would accept the body and `{ issues }` when it would answer
 * 422, one issue per message of the 422 body's `errors`, in the same order, each with the keys
 * of its field as `path`, its stable `code` and `rule`, and its `data`. A text that does not fit
 * says by how much and what to cut. Warnings (an emoji newer than the pinned set, a character
 * the font cannot draw, a doubtful zip) never become issues: they are on every result as
 * `warnings` and go to `onWarnings`.
 *
 * It judges with a `Preflight` (its own, or `options.preflight`), so a form that validates on
 * every keystroke lays out only the texts that changed. `validate` is synchronous (fonts are
 * bytes, loaded before) and never throws on a value.
 *
 * @param design The flow's design, from `parseDesign`.
 * @param options The fonts (without them the fit and glyph rules are skipped), the locale of the
 *   messages, the emoji pin, the renderer profile, the cache, or a shared `preflight`.
 * @returns The schema.
 * @throws {PreflightOptionsError} For options that break the contract (a `preflight` of another
 *   design, or together with options of its own).
 * @throws {LocaleError} For a locale that is no BCP 47 tag.
 * @example
 * ```ts
 * const schema = postcardSchema(design, { fonts, locale: 'de' })
 * useForm({ resolver: standardSchemaResolver(schema) }) // react-hook-form
 * new FormApi({ defaultValues, validators: { onChange: schema } }) // TanStack Form
 * ```
 */
export function postcardSchema(
  design: Design,
  options: PostcardSchemaOptions = {}
): PostcardSchema {
  if (typeof options !== 'object' || options === null) {
    throw new PreflightOptionsError(
      `Unexpected options \`${String(options)}\`, expected an object such as \`{ fonts, locale }\``
    )
  }
  const { locale, onWarnings, preflight: shared } = options
  let preflight: Preflight
  if (shared !== undefined) {
    const own = OPTION_NAMES_OF_A_PREFLIGHT.filter((name) => options[name] !== undefined)
    if (own.length > 0) {
      throw new PreflightOptionsError(
        `Unexpected \`${own.join('`, `')}\` with \`preflight\`, expected the preflight to bring them`
      )
    }
    if (shared.design !== design) {
      throw new PreflightOptionsError(
        'Unexpected `preflight` of another design, expected one created with this `design`'
      )
    }
    preflight = shared
  } else {
    preflight = createPreflight({
      design,
      fonts: options.fonts,
      emojiVersion: options.emojiVersion,
      profile: options.profile,
      cache: options.cache,
    })
  }
  if (onWarnings !== undefined && typeof onWarnings !== 'function') {
    throw new PreflightOptionsError('Unexpected `onWarnings`, expected a function')
  }
  const messages = createMessages(locale)

  const warningOf = (warning: Warning): PostcardSchemaWarning =>
    Object.freeze({
      message: messages.message(warning),
      path: Object.freeze(pathKeys(warning.path)),
      code: warning.code,
      rule: warning.rule,
      ...(warning.data === undefined ? {} : { data: warning.data }),
    })

  const validate = (value: unknown): PostcardSchemaSuccess | PostcardSchemaFailure => {
    const findings = preflight.findings(value)
    const warnings = Object.freeze(findings.warnings.map(warningOf))
    onWarnings?.(warnings)
    if (findings.errors.length === 0) {
      return Object.freeze({ value: value as PostcardSubmission, warnings })
    }
    return Object.freeze({ issues: Object.freeze(issuesOf(findings.errors, messages)), warnings })
  }

  return Object.freeze({
    '~standard': Object.freeze({ version: 1, vendor: 'postcard-preflight', validate }),
    preflight,
    messages,
  })
}

/**
 * The issues of field errors, grouped by field in the order of the 422 body's `errors` (a
 * field's messages together, fields in the order of their first message), a message repeated
 * for one field kept once, as the body keeps it.
 */
function issuesOf(errors: readonly FieldError[], messages: Messages): PostcardSchemaIssue[] {
  const byPath = new Map<string, FieldError[]>()
  for (const error of errors) {
    const list = byPath.get(error.path)
    if (list === undefined) byPath.set(error.path, [error])
    else if (!list.some((other) => other.message === error.message)) list.push(error)
  }
  const issues: PostcardSchemaIssue[] = []
  for (const [path, list] of byPath) {
    const keys = Object.freeze(pathKeys(path))
    for (const error of list) {
      issues.push(
        Object.freeze({
          message: messages.message(error),
          path: keys,
          code: error.code,
          rule: error.rule,
          ...(error.data === undefined ? {} : { data: error.data }),
        })
      )
    }
  }
  return issues
}
