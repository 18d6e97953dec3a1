/**
 * The oracle for CSV: Python's `csv` module (and its codecs) reads a list, and tells each
 * record's first line and fields, skipping blank records as `check-list` does.
 */
import { execFileSync } from 'node:child_process'

/** A record as Python reads it. */
export interface PythonRecord {
  readonly line: number
  readonly fields: string[]
}

const SCRIPT = `
import csv, io, json, sys
path, encoding, delimiter = sys.argv[1:4]
source = open(path, encoding=encoding, newline='') if path else io.StringIO(sys.stdin.read(), newline='')
reader = csv.reader(source, delimiter=delimiter)
out, last = [], 0
for fields in reader:
    if any(field.strip() for field in fields):
        out.append({'line': last + 1, 'fields': fields})
    last = reader.line_num
print(json.dumps(out))
`

/**
 * Reads CSV with Python.
 *
 * @param source A file (with its encoding, a Python codec name) or text.
 * @param delimiter The delimiter.
 * @returns The records.
 */
export function pythonCsv(
  source: { readonly path: string; readonly encoding: string } | { readonly text: string },
  delimiter: string
): PythonRecord[] {
  const args =
    'path' in source ? [source.path, source.encoding, delimiter] : ['', 'utf-8', delimiter]
  const input = 'text' in source ? source.text : ''
  return JSON.parse(
    execFileSync('python3', ['-c', SCRIPT, ...args], { input, encoding: 'utf8' })
  ) as PythonRecord[]
}
