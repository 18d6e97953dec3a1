import Ajv2020 from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import schema from '../../schema/design.schema.json' with { type: 'json' }
import { DesignError } from '../../src/design/design-error.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import { base, edit, mutatedDesign, samples } from './designs.ts'

// ajv is the oracle here: the schema is published for editors and other languages, while the
// core checks by hand (CSP-safe). Strict mode catches keywords ajv would silently ignore.
const ajv = new Ajv2020.default({ allErrors: true, strict: true })
const validate = ajv.compile(schema)

const fixtures = import.meta.glob<unknown>('../fixtures/designs/*.json', {
  eager: true,
  import: 'default',
})

/** Messages of checks no JSON Schema can express: they relate two values or decode one. */
const beyondSchema = [
  /^Unexpected (left|right|top|bottom) edge at /,
  /^Unexpected duplicate key /,
  /^Unexpected Markdown area number /,
  /for the smallest QR code/,
  /^Unexpected data in `href`/,
  /^Unexpected `#` in the SVG data of `href`/,
  /for `url`, expected a complete `http` or `https` URL$/,
]

type SchemaNode = Record<string, unknown>

function resolve(node: SchemaNode): SchemaNode {
  const ref = node['$ref']
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return node
  return { ...(schema.$defs as Record<string, SchemaNode>)[ref.slice('#/$defs/'.length)], ...node }
}

describe('schema/design.schema.json', () => {
  test('should be a valid draft 2020-12 schema that compiles in strict mode', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(ajv.validateSchema(schema)).toBe(true)
    expect(typeof validate).toBe('function')
  })

  test('should accept the test design and every sample design', () => {
    for (const json of [base(), ...Object.values(samples)]) {
      expect(validate(json), JSON.stringify(validate.errors)).toBe(true)
    }
  })

  test.each([
    ['eleven-areas', '/sides/back/elements', 'contains'],
    ['wrong-types', '/name', 'type'],
    ['bad-qr', '/sides/back/elements/1/error_correction', 'enum'],
    ['network-image', '/sides/front/elements/0/href', 'pattern'],
    ['not-a-design', '', 'type'],
  ])('should reject the fixture %s at %s (%s)', (name, instancePath, keyword) => {
    expect(validate(fixtures[`../fixtures/designs/${name}.json`])).toBe(false)
    expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath, keyword }))
  })

  test.each(['eleven-areas-two-sides', 'duplicate-keys', 'outside-bleed', 'unknown-family'])(
    'should accept the fixture %s, whose problems no JSON Schema can express',
    (name) => {
      expect(validate(fixtures[`../fixtures/designs/${name}.json`])).toBe(true)
    }
  )

  test.each([
    ['a malformed key', { 'sides.front.elements[0].key': 'Greeting' }],
    ['an unknown field', { 'sides.front.elements[0].colour': '#ff0000' }],
    ['a font size under 4 pt', { 'sides.front.elements[0].font_size_pt': 3.5 }],
    ['a line height over 5', { 'sides.front.elements[0].line_height': 14 }],
    ['a QR code with key and url', { 'sides.back.elements[1].url': 'https://example.com' }],
    ['a fractional quiet zone', { 'sides.back.elements[1].quiet_zone_modules': 2.5 }],
    ['an FTP url', { 'sides.back.elements[2].url': 'ftp://example.com' }],
    ['an empty authority', { 'sides.back.elements[2].url': 'https:///path' }],
    ['a GIF', { 'sides.front.elements[2].href': 'data:image/gif;base64,R0lGODlh' }],
    ['PNG data without base64', { 'sides.front.elements[2].href': 'data:image/png,%89PNG' }],
    ['a zero size', { 'sides.front.elements[3].width_mm': 0 }],
    ['an id that is not a UUID', { id: 'spring' }],
  ])('should reject %s, as parseDesign does', (_name, changes) => {
    const json = edit(changes)
    expect(validate(json)).toBe(false)
    expect(() => parseDesign(json)).toThrow(DesignError)
  })

  test('should document exactly the defaults parseDesign fills', () => {
    const design = parseDesign({
      id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
      name: 'Defaults',
      format: { width_mm: 148, height_mm: 105 },
      sides: {
        front: {},
        back: {
          elements: [
            {
              type: 'markdown',
              key: 'a',
              label: 'A',
              x_mm: 0,
              y_mm: 0,
              width_mm: 50,
              height_mm: 20,
              font_family: 'Inter',
              font_size_pt: 10,
              line_height: 1.3,
            },
            {
              type: 'text',
              text: 'T',
              x_mm: 0,
              y_mm: 30,
              width_mm: 50,
              height_mm: 20,
              font_family: 'Inter',
              font_size_pt: 10,
              line_height: 1.3,
            },
            { type: 'qr', key: 'b', label: 'B', x_mm: 60, y_mm: 0, size_mm: 20 },
            {
              type: 'address',
              x_mm: 60,
              y_mm: 30,
              width_mm: 60,
              height_mm: 30,
              font_family: 'Inter',
              font_size_pt: 10,
              line_height: 1.3,
            },
          ],
        },
      },
    })
    const [markdown, text, qr, address] = design.sides.back.elements
    const parsed: Record<string, unknown> = {
      format: design.format,
      side: design.sides.front,
      markdown,
      text,
      qrOptions: qr,
      address,
    }
    const defs = schema.$defs as Record<string, SchemaNode>
    const nodes: Record<string, SchemaNode> = {
      format: schema.properties.format,
      side: defs['side'] ?? {},
      markdown: defs['markdown'] ?? {},
      text: defs['text'] ?? {},
      qrOptions: defs['qrOptions'] ?? {},
      address: defs['address'] ?? {},
    }
    let checked = 0
    for (const [name, node] of Object.entries(nodes)) {
      const required = new Set((node['required'] as string[] | undefined) ?? [])
      const properties = node['properties'] as Record<string, SchemaNode>
      for (const [field, property] of Object.entries(properties)) {
        if (required.has(field)) continue
        const documented = resolve(property)['default']
        expect(documented, `${name}.${field} documents no default`).not.toBeUndefined()
        expect((parsed[name] as Record<string, unknown>)[field], `${name}.${field}`).toEqual(
          documented
        )
        checked++
      }
    }
    // bleed, background, elements, 2 × (color, align), 3 QR options, sender_line
    expect(checked).toBe(11)
  })

  test('should accept every design parseDesign accepts, and reject only for checks beyond a schema otherwise', () => {
    let accepted = 0
    fc.assert(
      fc.property(mutatedDesign(), (json) => {
        let design: Design | undefined
        let problems: readonly { message: string }[] = []
        try {
          design = parseDesign(json)
        } catch (error) {
          problems = (error as DesignError).problems
        }
        const valid = validate(json)
        if (design !== undefined) {
          accepted++
          expect(valid, JSON.stringify(validate.errors)).toBe(true)
        } else if (valid) {
          for (const { message } of problems) {
            expect(
              beyondSchema.some((pattern) => pattern.test(message)),
              message
            ).toBe(true)
          }
        }
      }),
      { numRuns: 400 }
    )
    expect(accepted).toBeGreaterThan(0)
  })
})
