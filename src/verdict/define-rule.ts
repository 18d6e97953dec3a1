/**
 * One rule of the spec as data: a stable id, the spec section it implements, and a check that
 * reports findings stamped with that id (as remark-lint's `lintRule` does).
 *
 * @module
 */
import type { Collector, Report } from './create-report.ts'
import type { RuleId } from './types.ts'

/** A rule: a small unit that implements one part of the spec and never throws on user input. */
export interface Rule<Context> {
  /** Stable id, carried by every finding the rule makes, e.g. `content-keys`. */
  readonly id: RuleId
  /** The spec section(s) it implements, e.g. `2.5 rules 1-3, 8`. */
  readonly spec: string
  /** What it checks, in one sentence. */
  readonly summary: string
  /** Checks the context and reports into the rule's own report. */
  readonly run: (context: Context, report: Report) => void
}

/**
 * Defines a rule: freezes it, so the registry that lists it stays plain data.
 *
 * @param rule The id, spec section, summary and check.
 * @returns The same rule, frozen.
 * @example
 * ```ts
 * export const checkBilling = defineRule<CampaignContext>({
 *   id: 'billing',
 *   spec: '2.1',
 *   summary: 'Warns about payment methods the spec does not document.',
 *   run({ body }, report) { … },
 * })
 * ```
 */
export function defineRule<Context>(rule: Rule<Context>): Rule<Context> {
  return Object.freeze({ ...rule })
}

/**
 * Runs rules in order, each with its own report.
 *
 * @param rules The registry, in order.
 * @param context What the rules check.
 * @param collector Where their findings go.
 */
export function runRules<Context>(
  rules: readonly Rule<Context>[],
  context: Context,
  collector: Collector
): void {
  for (const rule of rules) rule.run(context, collector.as(rule.id))
}
