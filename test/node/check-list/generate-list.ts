/**
 * Generated recipient lists as campaigns send them: a different name, street and text per row,
 * every seventh text long enough to overflow the A6 design's message area.
 */
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'

/** The columns of a generated list (body paths, so no `--map` is needed). */
export const COLUMNS = [
  'to.first_name',
  'to.last_name',
  'to.address_line1',
  'to.zip',
  'to.city',
  'to.country',
  'content.greeting',
  'content.body',
  'qr_codes.coupon_url',
] as const

const FIRST = ['Anna', 'Jörg', 'Marie-Luise', 'Zoë', 'Ahmet', 'Friederike', 'Kai', 'Małgorzata']
const WORDS =
  'Frühling Garten Blumen Rabatt Sonntag neue Kollektion Tulpen Rosen Angebot nur heute bei uns im Laden'.split(
    ' '
  )

/**
 * The cells of row `index` (1-based).
 *
 * @param index The row.
 * @param words Words of the message (every seventh row gets 120 more).
 * @returns The cells, in {@link COLUMNS} order.
 */
export function rowCells(index: number, words = 20): string[] {
  const name = `${FIRST[index % FIRST.length] ?? 'Anna'}${index}`
  const count = words + (index % 7 === 0 ? 120 : 0)
  const text = Array.from({ length: count }, (_, k) => WORDS[(index * 7 + k * 3) % WORDS.length])
  return [
    name,
    'Müller',
    `Hauptstraße ${index % 300}`,
    String(10_000 + (index % 89_999)),
    'Berlin',
    'DE',
    `Hallo **${name}**!`,
    `${text.join(' ')}\n\n- 20 % auf alles\n- nur bis *Sonntag*`,
    `https://bloom.example/c/SPRING-2026?r=${index.toString(36)}`,
  ]
}

/** A CSV field, quoted when it must be (RFC 4180). */
export function csvField(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value)
    ? `"${value.replace(/"/g, '""')}"`
    : value
}

/**
 * Writes a generated list.
 *
 * @param path Where.
 * @param rows How many rows.
 * @param options Delimiter and words per message.
 */
export async function writeList(
  path: string,
  rows: number,
  options: { delimiter?: string; words?: number } = {}
): Promise<void> {
  const delimiter = options.delimiter ?? ';'
  const out = createWriteStream(path)
  out.write(`${COLUMNS.join(delimiter)}\r\n`)
  for (let index = 1; index <= rows; index++) {
    const line = rowCells(index, options.words).map((cell) => csvField(cell, delimiter))
    if (!out.write(`${line.join(delimiter)}\r\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'close')
}
