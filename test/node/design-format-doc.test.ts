/**
 * docs/design-format.md stays true and complete: every example in it is a valid design (or part
 * of one) for `parseDesign`, every field of the published JSON Schema is documented under its
 * element, and every default it states is the schema's and the one `parseDesign` fills in.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import fontsManifest from '../../fonts/fonts.json' with { type: 'json' }
import schema from '../../schema/design.schema.json' with { type: 'json' }
import { parseDesign } from '../../src/design/parse-design.ts'

const doc = await readFile(new URL('../../docs/design-format.md', import.meta.url), 'utf8')

/** The JSON code blocks of a text. */
function jsonBlocks(text: string): unknown[] {
  return [...text.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((match) =>
    JSON.parse(match[1] ?? '')
  )
}

/** The text of the section under a `### ` heading, up to the next heading. */
function section(heading: string): string {
  const start = doc.indexOf(`\n### ${heading}\n`)
  expect(start, `section ${heading}`).toBeGreaterThan(0)
  const end = doc.slice(start + 1).search(/\n##/)
  return doc.slice(start, end < 0 ? undefined : start + 1 + end)
}

/** Documented defaults of a section's tables (the column headed `default`): field → default text. */
function documentedDefaults(text: string): Map<string, string> {
  const defaults = new Map<string, string>()
  let column = -1
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      column = -1
      continue
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    if (column < 0) {
      column = cells.indexOf('default')
      continue
    }
    const literal = /^`([^`]+)`$/.exec(cells[column] ?? '')?.[1]
    if (literal === undefined) continue
    for (const [, field] of (cells[0] ?? '').matchAll(/`(?:….)?([a-z_$][\w$.<>]*)`/g)) {
      if (field) defaults.set(field, literal)
    }
  }
  return defaults
}

interface SchemaProperty {
  readonly default?: unknown
  readonly $ref?: string
}
interface SchemaDef {
  readonly properties?: Record<string, SchemaProperty>
  readonly $ref?: string
  readonly default?: unknown
}
const defs = schema.$defs as unknown as Record<string, SchemaDef>

/** Every property of a schema definition, following a `$ref` to shared fields. */
function properties(name: string): Record<string, SchemaProperty> {
  const def = defs[name] ?? {}
  const shared = def.$ref ? properties(def.$ref.replace('#/$defs/', '')) : {}
  return { ...shared, ...def.properties }
}

/** A design with one element on its front, to parse an example element. */
function designWith(element: unknown): unknown {
  return {
    id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
    name: 'Example',
    format: { width_mm: 148, height_mm: 105, bleed_mm: 2 },
    sides: { front: { elements: [element] }, back: {} },
  }
}

const elementSections = [
  { heading: '`markdown`', def: 'markdown', defaults: ['color', 'align'] },
  {
    heading: '`qr` with `key`',
    def: 'keyedQr',
    defaults: ['error_correction', 'min_module_mm', 'quiet_zone_modules'],
  },
  { heading: '`qr` with `url`', def: 'urlQr', defaults: [] },
  { heading: '`text`', def: 'text', defaults: ['color', 'align'] },
  { heading: '`image`', def: 'image', defaults: [] },
  { heading: '`rect`', def: 'rect', defaults: [] },
  { heading: '`address`', def: 'address', defaults: ['sender_line'] },
]
/** The introduction of the elements: `type`, and the fields of every element with text. */
const textFields = doc.slice(doc.indexOf('## Elements'), doc.indexOf('\n### '))

describe('docs/design-format.md', () => {
  test('should show a document example that parses', () => {
    const [document] = jsonBlocks(doc)
    expect(() => parseDesign(document)).not.toThrow()
  })

  test.each(elementSections)('should document every field of $heading', ({ heading, def }) => {
    // A URL QR code shares the fields of a keyed one, documented in that section.
    const text = section(heading) + (def === 'urlQr' ? section('`qr` with `key`') : '') + textFields
    for (const field of Object.keys(properties(def))) {
      expect(text, `${def}.${field}`).toContain(`\`${field}\``)
    }
  })

  test.each(elementSections)(
    'should state the defaults of $heading as the schema and parseDesign do',
    ({ heading, def, defaults }) => {
      const text = section(heading)
      expect([...documentedDefaults(text).keys()]).toEqual(defaults)
      const [example] = jsonBlocks(text)
      const design = parseDesign(designWith(example))
      const parsed = design.sides.front.elements[0] as unknown as Record<string, unknown>
      const fields = properties(def)
      for (const [field, value] of documentedDefaults(text)) {
        const property = fields[field]
        const declared =
          property?.default ?? defs[property?.$ref?.replace('#/$defs/', '') ?? '']?.default
        expect(declared, `${def}.${field} in the schema`).toBeDefined()
        expect(String(declared), `${def}.${field} in the schema`).toBe(value)
        // Drop the field from the example: parseDesign fills the documented default.
        const { [field]: _dropped, ...without } = example as Record<string, unknown>
        const filled = parseDesign(designWith(without)).sides.front
          .elements[0] as unknown as Record<string, unknown>
        expect(String(filled[field]), `${def}.${field} filled by parseDesign`).toBe(value)
      }
      expect(parsed['type']).toBe(def === 'keyedQr' || def === 'urlQr' ? 'qr' : def)
    }
  )

  test('should state the defaults of the document as the schema and parseDesign do', () => {
    const defaults = documentedDefaults(
      doc.slice(doc.indexOf('## The document'), doc.indexOf('## Elements'))
    )
    expect(Object.fromEntries(defaults)).toEqual({
      'format.bleed_mm': '0',
      background: '#ffffff',
      elements: '[]',
    })
    const design = parseDesign({
      id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
      name: 'Defaults',
      format: { width_mm: 148, height_mm: 105 },
      sides: { front: {}, back: {} },
    })
    expect(String(design.format.bleed_mm)).toBe(defaults.get('format.bleed_mm'))
    expect(design.sides.back.background).toBe(defaults.get('background'))
    expect(JSON.stringify(design.sides.back.elements)).toBe(defaults.get('elements'))
    expect(String(defs['side']?.properties?.['background']?.default)).toBe(
      defaults.get('background')
    )
  })

  test('should show the shipped fonts manifest as it is', () => {
    const manifest = jsonBlocks(doc).find(
      (block) => typeof block === 'object' && block !== null && 'families' in block
    )
    expect(manifest).toEqual({ families: { Inter: fontsManifest.families.Inter } })
  })
})
