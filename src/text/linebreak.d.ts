/** Types of the `linebreak` package (UAX #14), which ships none. */
declare module 'linebreak' {
  /** One break opportunity: a break is allowed before `position` (a UTF-16 offset). */
  export interface Break {
    readonly position: number
    /** A mandatory break (after a line feed, paragraph separator …). */
    readonly required: boolean
  }

  /** Iterates the UAX #14 break opportunities of a string. */
  export default class LineBreaker {
    constructor(text: string)
    /** The next opportunity, or `null` after the end of the text. */
    nextBreak(): Break | null
  }
}
