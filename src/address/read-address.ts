/**
 * Reading an address object of a body (spec 2.3) once, whatever the body holds.
 *
 * @module
 */
import { ADDRESS_FIELDS } from '../postcard/address-fields.ts'
import { childOf } from '../schema/read-field.ts'
import type { AddressParts } from './types.ts'

// Any line break or tab inside a part becomes a space: an address part is one line.
const LINE_BREAKS = /[\t\n\v\f\r\u2028\u2029]+/g
const LINE_BREAK = /[\t\n\v\f\r\u2028\u2029]/

/** The fields in a plain array: V8 walks a frozen one (`ADDRESS_FIELDS`) five times slower. */
const FIELDS: readonly string[] = [...ADDRESS_FIELDS]

/** Every field `''`: the shape each reading starts from (one object shape for all of them). */
const NO_PARTS: Readonly<Record<string, string>> = Object.fromEntries(
  FIELDS.map((name) => [name, ''])
)

/**
 * The string fields of an address, each trimmed and on one line; fields that are missing, null
 * or not strings read as `''` (the verdict reports them), so a bad body still shows what it has.
 * Reads members as the service does (`childOf`: a list reads as an object keyed by index).
 *
 * @param value The body's `to` or `from` value (anything).
 * @returns The parts.
 */
export function readAddress(value: unknown): AddressParts {
  const parts: Record<string, string> = { ...NO_PARTS }
  for (const name of FIELDS) {
    const field = childOf(value, name)
    if (typeof field === 'string') parts[name] = oneLine(field)
  }
  return parts as unknown as AddressParts
}

function oneLine(value: string): string {
  const line = LINE_BREAK.test(value) ? value.replace(LINE_BREAKS, ' ') : value
  return line.trim()
}
