/**
 * The text of an `address` element: the recipient block from `to` and the one-line sender from
 * `from` (spec 2.3 address object), built from whatever the body holds.
 *
 * @module
 */

type Fields = Readonly<Record<string, unknown>>

/**
 * The recipient block, one line per part, in the order of a postal address: company, name,
 * street lines, `zip city`, country. Fields that are missing, null, empty or not strings are
 * left out (the verdict reports them), so a bad body still shows what it has.
 *
 * @param to The body's `to` value (anything).
 * @returns Lines joined by `\n`, or `''` when there is nothing to print.
 */
export function recipientText(to: unknown): string {
  const fields = asFields(to)
  const name = join([field(fields, 'first_name'), field(fields, 'last_name')], ' ')
  const city = join([field(fields, 'zip'), field(fields, 'city')], ' ')
  return join(
    [
      field(fields, 'company'),
      name,
      field(fields, 'address_line1'),
      field(fields, 'address_line2'),
      city,
      field(fields, 'country'),
    ],
    '\n'
  )
}

/**
 * The sender line printed above the recipient: `company, name, street, zip city, country` on one
 * line, parts separated by `, `.
 *
 * @param from The body's `from` value (anything).
 * @returns The line, or `''` when there is nothing to print.
 */
export function senderLine(from: unknown): string {
  const fields = asFields(from)
  return join(
    [
      field(fields, 'company'),
      join([field(fields, 'first_name'), field(fields, 'last_name')], ' '),
      field(fields, 'address_line1'),
      field(fields, 'address_line2'),
      join([field(fields, 'zip'), field(fields, 'city')], ' '),
      field(fields, 'country'),
    ],
    ', '
  )
}

function asFields(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : {}
}

// An address part is one line: any line break or tab inside it becomes a space.
function field(fields: Fields, name: string): string {
  if (!Object.hasOwn(fields, name)) return ''
  const value = fields[name]
  return typeof value === 'string' ? value.replace(/[\t\n\v\f\r\u2028\u2029]+/g, ' ').trim() : ''
}

function join(parts: readonly string[], separator: string): string {
  return parts.filter((part) => part !== '').join(separator)
}
