/**
 * The error `parseDesign` and `loadDesign` throw for a document that is not a valid design.
 *
 * @module
 */

/** One problem of a design document: where it is and what is wrong. */
export interface DesignProblem {
  /**
   * Path of the offending value, e.g. `sides.front.elements[2].width_mm`; `''` for the
   * document itself.
   */
  readonly path: string
  /** One sentence following ``Unexpected `X`, expected `Y`[, fix]``. */
  readonly message: string
}

/** Options of {@link DesignError}. */
export interface DesignErrorOptions {
  /** Where the document came from (a file path or URL), named in the message. */
  readonly source?: string | undefined
  /** The underlying error, e.g. the `SyntaxError` of `JSON.parse` or a file-system error. */
  readonly cause?: unknown
}

/** Most problems listed in the message; all of them stay in `problems`. */
const MAX_LISTED = 100

/**
 * Thrown when a design document is invalid. A design is written by the host (or its designers),
 * not sent by end users, so an invalid one is a misuse to fix before any postcard is checked;
 * every problem is reported at once so that one round of fixes is enough.
 */
export class DesignError extends Error {
  override readonly name = 'DesignError'
  /** Every problem found, in document order; never empty. */
  readonly problems: readonly DesignProblem[]
  /** Where the document came from, when known. */
  readonly source: string | undefined

  /**
   * @param problems The problems found (at least one).
   * @param options Source of the document and the underlying cause.
   */
  constructor(problems: readonly DesignProblem[], options: DesignErrorOptions = {}) {
    super(formatMessage(problems, options.source), { cause: options.cause })
    this.problems = Object.freeze([...problems])
    this.source = options.source
  }
}

/** `Invalid design (2 problems):` followed by one `path: message` line per problem. */
function formatMessage(problems: readonly DesignProblem[], source: string | undefined): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  const where = source === undefined ? '' : ` \`${source}\``
  const lines = problems
    .slice(0, MAX_LISTED)
    .map(
      (problem) => `  - ${problem.path === '' ? '(document)' : problem.path}: ${problem.message}`
    )
  if (problems.length > MAX_LISTED) {
    lines.push(`  (and ${problems.length - MAX_LISTED} more problems)`)
  }
  return [`Invalid design${where} (${count}):`, ...lines].join('\n')
}
