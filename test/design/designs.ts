/// <reference types="vite/client" />
/**
 * Designs for the tests of `src/design/`: a valid design with every element type, edits of it,
 * the sample designs, and a fast-check arbitrary of mutated designs.
 */
import fc from 'fast-check'
import { JPEG, PNG, SVG_BASE64, SVG_PERCENT } from './data-uris.ts'

/** The sample designs of `designs/`, by module path (`../../designs/a6-greeting.json`). */
export const samples = import.meta.glob<unknown>('../../designs/*.json', {
  eager: true,
  import: 'default',
})

/** A JSON object under construction. */
export type Json = Record<string, unknown>

/** A valid A6 design with every element type; a fresh copy on every call. */
export function base(): Json {
  return {
    id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
    name: 'Test card',
    format: { width_mm: 148, height_mm: 105, bleed_mm: 2 },
    sides: {
      front: {
        background: '#fdf6e3',
        elements: [
          {
            type: 'markdown',
            key: 'greeting',
            label: 'Greeting',
            x_mm: 10,
            y_mm: 10,
            width_mm: 80,
            height_mm: 40,
            font_family: 'Inter',
            font_size_pt: 11,
            line_height: 1.3,
          },
          {
            type: 'text',
            text: 'Hello',
            x_mm: 10,
            y_mm: 60,
            width_mm: 100,
            height_mm: 10,
            font_family: 'Lora',
            font_size_pt: 20,
            line_height: 1.2,
          },
          { type: 'image', href: PNG, x_mm: -2, y_mm: -2, width_mm: 30, height_mm: 30 },
          { type: 'rect', x_mm: 0, y_mm: 90, width_mm: 148, height_mm: 15, fill: '#336699' },
        ],
      },
      back: {
        background: '#ffffff',
        elements: [
          {
            type: 'markdown',
            key: 'body',
            label: 'Message',
            x_mm: 8,
            y_mm: 10,
            width_mm: 68,
            height_mm: 60,
            font_family: 'Inter',
            font_size_pt: 10,
            line_height: 1.3,
          },
          { type: 'qr', key: 'coupon_url', label: 'Coupon link', x_mm: 8, y_mm: 74, size_mm: 22 },
          {
            type: 'qr',
            url: 'https://example.com/spring',
            label: 'Spring collection',
            x_mm: 60,
            y_mm: 80,
            size_mm: 16,
          },
          {
            type: 'address',
            x_mm: 86,
            y_mm: 52,
            width_mm: 56,
            height_mm: 36,
            font_family: 'Roboto',
            font_size_pt: 10,
            line_height: 1.25,
          },
          { type: 'image', href: JPEG, x_mm: 120, y_mm: 5, width_mm: 20, height_mm: 20 },
          { type: 'image', href: SVG_BASE64, x_mm: 120, y_mm: 28, width_mm: 10, height_mm: 10 },
          { type: 'image', href: SVG_PERCENT, x_mm: 132, y_mm: 28, width_mm: 10, height_mm: 10 },
        ],
      },
    },
  }
}

/** A value for `edit` that deletes the field. */
export const DELETE = Symbol('delete')

/** `base()` with the values at some paths (`sides.front.elements[0].key`) replaced or deleted. */
export function edit(changes: Readonly<Record<string, unknown>>): Json {
  const design = base()
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.match(/[^.[\]]+/g) ?? []
    let target = design
    for (const key of keys.slice(0, -1)) target = target[key] as Json
    const last = keys.at(-1) ?? ''
    if (value === DELETE) Reflect.deleteProperty(target, last)
    else target[last] = value
  }
  return design
}

const interestingValues = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    -3,
    -1,
    0,
    0.1,
    3,
    4,
    1e9,
    '',
    ' ',
    'x',
    'greeting',
    'Greeting',
    '#12345g',
    '#abcdef',
    'Inter',
    'https://example.com/a',
    'ftp://example.com',
    'L',
    'qr',
    'markdown',
    'address',
    PNG,
    JPEG,
    SVG_BASE64,
    true,
    null
  )
)

/** Paths of every value in a JSON tree, as key lists. */
function pathsOf(value: unknown, prefix: readonly (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [[...prefix]]
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])))
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]))
  }
  return paths
}

/**
 * Valid designs with a few values replaced, deleted or added: the inputs most likely to reach
 * every branch of the checks, unlike random JSON which fails at the first field.
 */
export function mutatedDesign(): fc.Arbitrary<unknown> {
  const sources = [base(), ...Object.values(samples)]
  return fc
    .constantFrom(...sources)
    .chain((source) => {
      const paths = pathsOf(source).filter((path) => path.length > 0)
      const change = fc.record({
        path: fc.constantFrom(...paths),
        action: fc.constantFrom('set', 'delete', 'add'),
        value: interestingValues,
        name: fc.constantFrom('extra', 'colour', '__proto__', 'key', 'url', 'type'),
      })
      return fc.tuple(fc.constant(source), fc.array(change, { minLength: 1, maxLength: 3 }))
    })
    .map(([source, changes]) => {
      const json = structuredClone(source) as Json
      for (const { path, action, value, name } of changes) {
        let parent: unknown = json
        for (const key of path.slice(0, -1)) {
          parent = typeof parent === 'object' && parent !== null ? (parent as Json)[key] : undefined
        }
        if (typeof parent !== 'object' || parent === null) continue
        const target = parent as Json
        const last = String(path.at(-1))
        // Cloned: fast-check may replay the generated value while shrinking.
        if (action === 'set') target[last] = structuredClone(value)
        else if (action === 'delete') Reflect.deleteProperty(target, last)
        else {
          const child = target[last]
          if (typeof child === 'object' && child !== null && !Array.isArray(child)) {
            Object.defineProperty(child, name, {
              value: structuredClone(value),
              enumerable: true,
              writable: true,
              configurable: true,
            })
          }
        }
      }
      return json
    })
}
