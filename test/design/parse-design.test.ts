import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import manifest from '../../fonts/fonts.json' with { type: 'json' }
import { DesignError, type DesignProblem } from '../../src/design/design-error.ts'
import { parseDesign, type ParseDesignOptions } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import { JPEG, PNG } from './data-uris.ts'
import { base, DELETE, edit, mutatedDesign, samples, type Json } from './designs.ts'

/** The shipped families, in manifest order: Inter, Roboto, Lora. */
const FAMILIES = Object.keys(manifest.families)

/** The problems `parseDesign` reports; fails the test when it does not throw a DesignError. */
function problemsOf(json: unknown, options?: ParseDesignOptions): DesignProblem[] {
  try {
    parseDesign(json, options)
  } catch (error) {
    expect(error).toBeInstanceOf(DesignError)
    return [...(error as DesignError).problems]
  }
  return expect.unreachable('parseDesign accepted an invalid design')
}

const front = 'sides.front.elements'
const back = 'sides.back.elements'

describe('parseDesign', () => {
  test('should accept the test design and every sample design', () => {
    expect(() => parseDesign(base(), { families: FAMILIES })).not.toThrow()
    expect(Object.keys(samples).sort()).toEqual([
      '../../designs/a5-ten-areas.json',
      '../../designs/a6-greeting.json',
      '../../designs/dl-plain.json',
    ])
    for (const sample of Object.values(samples)) {
      expect(() => parseDesign(sample, { families: FAMILIES })).not.toThrow()
    }
  })

  test('should list the areas and QR codes of a6-greeting in document order', () => {
    const design = parseDesign(samples['../../designs/a6-greeting.json'], { families: FAMILIES })
    expect(design.format).toEqual({ width_mm: 148, height_mm: 105, bleed_mm: 2 })
    expect(design.markdownAreas.map(({ key, label }) => [key, label])).toEqual([
      ['greeting', 'Greeting'],
      ['body', 'Message'],
    ])
    expect(design.markdownAreas[0]).toMatchObject({
      font_family: 'Inter',
      font_size_pt: 11,
      line_height: 1.3,
      width_mm: 80,
    })
    expect(design.keyedQrCodes).toEqual([
      {
        type: 'qr',
        label: 'Coupon link',
        x_mm: 8,
        y_mm: 74,
        size_mm: 22,
        error_correction: 'M',
        min_module_mm: 0.4,
        quiet_zone_modules: 4,
        key: 'coupon_url',
      },
    ])
    expect(design.urlQrCodes.map((qr) => [qr.url, qr.size_mm])).toEqual([
      ['https://example.com/spring', 16],
    ])
    expect(design.sides.back.elements.filter((element) => element.type === 'address')).toHaveLength(
      1
    )
  })

  test('should find no Markdown and no keyed QR code in dl-plain', () => {
    const design = parseDesign(samples['../../designs/dl-plain.json'], { families: FAMILIES })
    expect(design.format).toEqual({ width_mm: 210, height_mm: 99, bleed_mm: 3 })
    expect(design.markdownAreas).toEqual([])
    expect(design.keyedQrCodes).toEqual([])
    expect(design.urlQrCodes.map((qr) => qr.url)).toEqual(['https://example.com/winter-sale'])
    expect(design.sides.back.background).toBe('#ffffff')
  })

  test('should find exactly ten areas line_1 to line_10 across both sides of a5-ten-areas', () => {
    const design = parseDesign(samples['../../designs/a5-ten-areas.json'], { families: FAMILIES })
    expect(design.markdownAreas.map((area) => area.key)).toEqual(
      Array.from({ length: 10 }, (_, index) => `line_${index + 1}`)
    )
    expect(design.keyedQrCodes.map((qr) => qr.key)).toEqual(['offer_url'])
  })

  test('should fill every default', () => {
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
              key: 'body',
              label: 'Message',
              x_mm: 0,
              y_mm: 0,
              width_mm: 60,
              height_mm: 40,
              font_family: 'Inter',
              font_size_pt: 10,
              line_height: 1.3,
            },
            {
              type: 'text',
              text: '',
              x_mm: 0,
              y_mm: 50,
              width_mm: 60,
              height_mm: 10,
              font_family: 'Inter',
              font_size_pt: 10,
              line_height: 1.3,
            },
            { type: 'qr', key: 'a', label: 'A', x_mm: 70, y_mm: 0, size_mm: 20 },
            { type: 'qr', url: 'http://example.com', label: 'B', x_mm: 70, y_mm: 30, size_mm: 20 },
            {
              type: 'address',
              x_mm: 90,
              y_mm: 60,
              width_mm: 50,
              height_mm: 30,
              font_family: 'Roboto',
              font_size_pt: 10,
              line_height: 1.25,
            },
          ],
        },
      },
    })
    expect(design).toEqual<Design>({
      id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
      name: 'Defaults',
      format: { width_mm: 148, height_mm: 105, bleed_mm: 0 },
      sides: {
        front: { background: '#ffffff', elements: [] },
        back: {
          background: '#ffffff',
          elements: [
            {
              type: 'markdown',
              key: 'body',
              label: 'Message',
              x_mm: 0,
              y_mm: 0,
              width_mm: 60,
              height_mm: 40,
              font_family: 'Inter',
              font_size_pt: 10,
              line_height: 1.3,
              color: '#000000',
              align: 'left',
            },
            {
              type: 'text',
              text: '',
              x_mm: 0,
              y_mm: 50,
              width_mm: 60,
              height_mm: 10,
              font_family: 'Inter',
              font_size_pt: 10,
              line_height: 1.3,
              color: '#000000',
              align: 'left',
            },
            {
              type: 'qr',
              key: 'a',
              label: 'A',
              x_mm: 70,
              y_mm: 0,
              size_mm: 20,
              error_correction: 'M',
              min_module_mm: 0.4,
              quiet_zone_modules: 4,
            },
            {
              type: 'qr',
              url: 'http://example.com',
              label: 'B',
              x_mm: 70,
              y_mm: 30,
              size_mm: 20,
              error_correction: 'M',
              min_module_mm: 0.4,
              quiet_zone_modules: 4,
            },
            {
              type: 'address',
              x_mm: 90,
              y_mm: 60,
              width_mm: 50,
              height_mm: 30,
              font_family: 'Roboto',
              font_size_pt: 10,
              line_height: 1.25,
              sender_line: true,
            },
          ],
        },
      },
      markdownAreas: [expect.objectContaining({ key: 'body' }) as never],
      keyedQrCodes: [expect.objectContaining({ key: 'a' }) as never],
      urlQrCodes: [expect.objectContaining({ url: 'http://example.com' }) as never],
    })
  })

  test('should share element objects between the sides and the lists, and freeze them all', () => {
    const design = parseDesign(base())
    expect(design.markdownAreas[0]).toBe(design.sides.front.elements[0])
    expect(design.markdownAreas[1]).toBe(design.sides.back.elements[0])
    expect(design.keyedQrCodes[0]).toBe(design.sides.back.elements[1])
    expect(design.urlQrCodes[0]).toBe(design.sides.back.elements[2])
    for (const value of [
      design,
      design.format,
      design.sides,
      design.sides.front,
      design.sides.front.elements,
      design.sides.front.elements[0],
      design.markdownAreas,
      design.keyedQrCodes,
      design.urlQrCodes,
    ]) {
      expect(Object.isFrozen(value)).toBe(true)
    }
  })

  test('should keep only known fields, in a stable order, and drop `$schema`', () => {
    const design = parseDesign({ $schema: '../schema/design.schema.json', ...base() })
    expect(Object.keys(design)).toEqual([
      'id',
      'name',
      'format',
      'sides',
      'markdownAreas',
      'keyedQrCodes',
      'urlQrCodes',
    ])
    expect(Object.keys(design.sides.front.elements[0] ?? {})).toEqual([
      'type',
      'key',
      'label',
      'x_mm',
      'y_mm',
      'width_mm',
      'height_mm',
      'font_family',
      'font_size_pt',
      'line_height',
      'color',
      'align',
    ])
  })

  test('should accept elements that touch the bleed edge exactly, despite binary rounding', () => {
    expect(() =>
      parseDesign(
        edit({
          [`${front}[3].x_mm`]: 10.1,
          [`${front}[3].width_mm`]: 139.9,
          [`${front}[3].y_mm`]: 0.7,
          [`${front}[3].height_mm`]: 106.3,
          [`${front}[2].x_mm`]: -2,
          [`${front}[2].width_mm`]: 152,
        })
      )
    ).not.toThrow()
  })

  test('should accept a Markdown key that is also a QR key (content and qr_codes are apart)', () => {
    const design = parseDesign(edit({ [`${back}[1].key`]: 'greeting' }))
    expect(design.keyedQrCodes.map((qr) => qr.key)).toEqual(['greeting'])
  })

  test('should accept any font family when no families are given', () => {
    expect(
      parseDesign(edit({ [`${front}[1].font_family`]: 'Helvetica' })).sides.front.elements[1]
    ).toMatchObject({ font_family: 'Helvetica' })
  })

  test('should accept exactly 10 Markdown areas', () => {
    expect(parseDesign(withAreas(8)).markdownAreas).toHaveLength(10)
  })
})

/** `base()` plus `count` more Markdown areas on the back (it already has 2). */
function withAreas(count: number): Json {
  const design = base()
  const elements = ((design['sides'] as Json)['back'] as Json)['elements'] as Json[]
  for (let index = 1; index <= count; index++) {
    elements.push({
      type: 'markdown',
      key: `line_${index}`,
      label: `Line ${index}`,
      x_mm: 80,
      y_mm: index * 5,
      width_mm: 60,
      height_mm: 5,
      font_family: 'Inter',
      font_size_pt: 8,
      line_height: 1.2,
    })
  }
  return design
}

interface Case {
  readonly name: string
  readonly json: unknown
  readonly options?: ParseDesignOptions
  readonly problems: readonly DesignProblem[]
}

const cases: readonly Case[] = [
  // The document itself.
  {
    name: 'null',
    json: null,
    problems: [{ path: '', message: 'Unexpected value `null`, expected a design `object`' }],
  },
  {
    name: 'an empty array',
    json: [],
    problems: [{ path: '', message: 'Unexpected value `[]`, expected a design `object`' }],
  },
  {
    name: 'an array of designs',
    json: [base()],
    problems: [{ path: '', message: 'Unexpected value `[…]`, expected a design `object`' }],
  },
  {
    name: 'a number',
    json: 42,
    problems: [{ path: '', message: 'Unexpected value `42`, expected a design `object`' }],
  },
  {
    name: 'undefined',
    json: undefined,
    problems: [{ path: '', message: 'Unexpected value `undefined`, expected a design `object`' }],
  },
  {
    name: 'JSON text instead of JSON',
    json: JSON.stringify(base()),
    problems: [
      {
        path: '',
        message:
          'Unexpected `string`, expected a design `object`, pass the parsed JSON (`JSON.parse`) instead of its text',
      },
    ],
  },
  {
    name: 'an empty object',
    json: {},
    problems: [
      { path: 'id', message: 'Unexpected missing field `id`, expected `string`' },
      { path: 'name', message: 'Unexpected missing field `name`, expected `string`' },
      { path: 'format', message: 'Unexpected missing field `format`, expected `object`' },
      { path: 'sides', message: 'Unexpected missing field `sides`, expected `object`' },
    ],
  },
  {
    name: 'an id that is not a UUID',
    json: edit({ id: 'spring-a6' }),
    problems: [
      {
        path: 'id',
        message:
          'Unexpected value `"spring-a6"` for `id`, expected a UUID such as `3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10`',
      },
    ],
  },
  {
    name: 'a blank name',
    json: edit({ name: '  ' }),
    problems: [
      {
        path: 'name',
        message: 'Unexpected value `"  "` for `name`, expected a non-empty `string`',
      },
    ],
  },
  {
    name: 'a name of the wrong type',
    json: edit({ name: 5 }),
    problems: [{ path: 'name', message: 'Unexpected value `5` for `name`, expected `string`' }],
  },
  {
    name: 'an unknown top-level field',
    json: edit({ title: 'x' }),
    problems: [
      {
        path: 'title',
        message:
          'Unexpected field `title`, expected one of `$schema`, `id`, `name`, `format`, `sides`, remove it',
      },
    ],
  },
  {
    name: 'a misspelt field, with a suggestion',
    json: edit({ name: DELETE, nmae: 'Test card' }),
    problems: [
      { path: 'name', message: 'Unexpected missing field `name`, expected `string`' },
      { path: 'nmae', message: 'Unexpected field `nmae`, expected `name`' },
    ],
  },
  {
    name: 'a `$schema` that is not a string',
    json: edit({ $schema: true }),
    problems: [
      { path: '$schema', message: 'Unexpected value `true` for `$schema`, expected `string`' },
    ],
  },

  // format
  {
    name: 'a zero width (and no geometry judged against a broken format)',
    json: edit({ 'format.width_mm': 0, [`${front}[3].x_mm`]: 500 }),
    problems: [
      {
        path: 'format.width_mm',
        message: 'Unexpected value `0` for `width_mm`, expected a `number` greater than `0`',
      },
    ],
  },
  {
    name: 'a height given as a string',
    json: edit({ 'format.height_mm': '105' }),
    problems: [
      {
        path: 'format.height_mm',
        message: 'Unexpected value `"105"` for `height_mm`, expected `number`',
      },
    ],
  },
  {
    name: 'a negative bleed',
    json: edit({ 'format.bleed_mm': -1 }),
    problems: [
      {
        path: 'format.bleed_mm',
        message: 'Unexpected value `-1` for `bleed_mm`, expected a `number` of at least `0`',
      },
    ],
  },
  {
    name: 'a non-finite number (JavaScript input)',
    json: edit({ 'format.width_mm': Number.POSITIVE_INFINITY }),
    problems: [
      {
        path: 'format.width_mm',
        message: 'Unexpected value `Infinity` for `width_mm`, expected a finite `number`',
      },
    ],
  },
  {
    name: 'a format that is an array',
    json: edit({ format: [] }),
    problems: [
      { path: 'format', message: 'Unexpected value `[]` for `format`, expected `object`' },
    ],
  },

  // sides
  {
    name: 'a missing back side',
    json: edit({ 'sides.back': DELETE }),
    problems: [
      { path: 'sides.back', message: 'Unexpected missing field `back`, expected `object`' },
    ],
  },
  {
    name: 'a third side',
    json: edit({ 'sides.inside': { elements: [] } }),
    problems: [
      {
        path: 'sides.inside',
        message: 'Unexpected field `inside`, expected one of `front`, `back`, remove it',
      },
    ],
  },
  {
    name: 'a named background colour',
    json: edit({ 'sides.front.background': 'white' }),
    problems: [
      {
        path: 'sides.front.background',
        message: 'Unexpected value `"white"` for `background`, expected a colour `#rrggbb`',
      },
    ],
  },
  {
    name: 'elements that are not an array',
    json: edit({ 'sides.front.elements': {} }),
    problems: [
      {
        path: 'sides.front.elements',
        message: 'Unexpected value `{}` for `elements`, expected `array`',
      },
    ],
  },
  {
    name: 'an element that is not an object',
    json: edit({ [`${front}[0]`]: 5 }),
    problems: [
      { path: `${front}[0]`, message: 'Unexpected value `5` for `elements[0]`, expected `object`' },
    ],
  },
  {
    name: 'an element without type (nothing else judged)',
    json: edit({ [`${front}[3].type`]: DELETE, [`${front}[3].fill`]: 'red' }),
    problems: [
      {
        path: `${front}[3].type`,
        message:
          'Unexpected missing field `type`, expected one of `markdown`, `qr`, `text`, `image`, `rect`, `address`',
      },
    ],
  },
  {
    name: 'an unknown element type',
    json: edit({ [`${front}[3].type`]: 'circle' }),
    problems: [
      {
        path: `${front}[3].type`,
        message:
          'Unexpected value `"circle"` for `type`, expected one of `markdown`, `qr`, `text`, `image`, `rect`, `address`',
      },
    ],
  },

  // markdown
  {
    name: 'a malformed key',
    json: edit({ [`${front}[0].key`]: 'Greeting' }),
    problems: [
      {
        path: `${front}[0].key`,
        message:
          'Unexpected value `"Greeting"` for `key`, expected a key matching `^[a-z][a-z0-9_]{0,63}$`',
      },
    ],
  },
  {
    name: 'a key of 65 characters (shown cut)',
    json: edit({ [`${front}[0].key`]: 'a'.repeat(65) }),
    problems: [
      {
        path: `${front}[0].key`,
        message: `Unexpected value \`"${'a'.repeat(39)}…"\` for \`key\`, expected a key matching \`^[a-z][a-z0-9_]{0,63}$\``,
      },
    ],
  },
  {
    name: 'an empty label',
    json: edit({ [`${front}[0].label`]: '' }),
    problems: [
      {
        path: `${front}[0].label`,
        message: 'Unexpected value `""` for `label`, expected a non-empty `string`',
      },
    ],
  },
  {
    name: 'a negative width',
    json: edit({ [`${front}[0].width_mm`]: -5 }),
    problems: [
      {
        path: `${front}[0].width_mm`,
        message: 'Unexpected value `-5` for `width_mm`, expected a `number` greater than `0`',
      },
    ],
  },
  {
    name: 'a zero height',
    json: edit({ [`${front}[0].height_mm`]: 0 }),
    problems: [
      {
        path: `${front}[0].height_mm`,
        message: 'Unexpected value `0` for `height_mm`, expected a `number` greater than `0`',
      },
    ],
  },
  {
    name: 'a coordinate given as a string',
    json: edit({ [`${front}[0].x_mm`]: '10' }),
    problems: [
      {
        path: `${front}[0].x_mm`,
        message: 'Unexpected value `"10"` for `x_mm`, expected `number`',
      },
    ],
  },
  {
    name: 'a coordinate that is null',
    json: edit({ [`${front}[0].y_mm`]: null }),
    problems: [
      {
        path: `${front}[0].y_mm`,
        message: 'Unexpected value `null` for `y_mm`, expected `number`',
      },
    ],
  },
  {
    name: 'a font size in millimetres',
    json: edit({ [`${front}[0].font_size_pt`]: 3.5 }),
    problems: [
      {
        path: `${front}[0].font_size_pt`,
        message:
          'Unexpected value `3.5` for `font_size_pt`, expected a `number` of at least `4`, font sizes are in points (1 pt = 0.353 mm)',
      },
    ],
  },
  {
    name: 'a line height in points',
    json: edit({ [`${front}[0].line_height`]: 14 }),
    problems: [
      {
        path: `${front}[0].line_height`,
        message:
          'Unexpected value `14` for `line_height`, expected a `number` from `0.5` to `5`, it is a multiplier of the font size such as `1.3`',
      },
    ],
  },
  {
    name: 'a line height of zero',
    json: edit({ [`${front}[0].line_height`]: 0 }),
    problems: [
      {
        path: `${front}[0].line_height`,
        message:
          'Unexpected value `0` for `line_height`, expected a `number` from `0.5` to `5`, it is a multiplier of the font size such as `1.3`',
      },
    ],
  },
  {
    name: 'a named text colour',
    json: edit({ [`${front}[0].color`]: 'red' }),
    problems: [
      {
        path: `${front}[0].color`,
        message: 'Unexpected value `"red"` for `color`, expected a colour `#rrggbb`',
      },
    ],
  },
  {
    name: 'a short hex colour',
    json: edit({ [`${front}[1].color`]: '#fff' }),
    problems: [
      {
        path: `${front}[1].color`,
        message: 'Unexpected value `"#fff"` for `color`, expected a colour `#rrggbb`',
      },
    ],
  },
  {
    name: 'justified text',
    json: edit({ [`${front}[0].align`]: 'justify' }),
    problems: [
      {
        path: `${front}[0].align`,
        message:
          'Unexpected value `"justify"` for `align`, expected one of `left`, `center`, `right`',
      },
    ],
  },
  {
    name: 'British spelling of a field',
    json: edit({ [`${front}[0].colour`]: '#ff0000' }),
    problems: [
      { path: `${front}[0].colour`, message: 'Unexpected field `colour`, expected `color`' },
    ],
  },
  {
    name: 'a field of another element type',
    json: edit({ [`${front}[0].size_mm`]: 20 }),
    problems: [
      {
        path: `${front}[0].size_mm`,
        message:
          'Unexpected field `size_mm`, expected one of `type`, `key`, `label`, `x_mm`, `y_mm`, `width_mm`, `height_mm`, `font_family`, `font_size_pt`, `line_height`, `color`, `align`, remove it',
      },
    ],
  },
  {
    name: 'an unknown font family',
    json: edit({ [`${front}[0].font_family`]: 'Helvetica' }),
    options: { families: FAMILIES },
    problems: [
      {
        path: `${front}[0].font_family`,
        message:
          'Unexpected value `"Helvetica"` for `font_family`, expected one of `Inter`, `Roboto`, `Lora`',
      },
    ],
  },
  {
    name: 'a family in the wrong case, on text and address elements',
    json: edit({ [`${front}[1].font_family`]: 'lora', [`${back}[3].font_family`]: 'Arial' }),
    options: { families: FAMILIES },
    problems: [
      {
        path: `${front}[1].font_family`,
        message:
          'Unexpected value `"lora"` for `font_family`, expected one of `Inter`, `Roboto`, `Lora`',
      },
      {
        path: `${back}[3].font_family`,
        message:
          'Unexpected value `"Arial"` for `font_family`, expected one of `Inter`, `Roboto`, `Lora`',
      },
    ],
  },
  {
    name: 'any family with an empty registry',
    json: edit({
      'sides.front.elements': [
        (base() as { sides: { front: { elements: unknown[] } } }).sides.front.elements[0],
      ],
      'sides.back.elements': [],
    }),
    options: { families: [] },
    problems: [
      {
        path: `${front}[0].font_family`,
        message:
          'Unexpected value `"Inter"` for `font_family`, expected a family of the font registry, which has none',
      },
    ],
  },
  {
    name: 'a blank font family',
    json: edit({ [`${front}[0].font_family`]: '' }),
    problems: [
      {
        path: `${front}[0].font_family`,
        message: 'Unexpected value `""` for `font_family`, expected a non-empty `string`',
      },
    ],
  },
  {
    name: 'a duplicate Markdown key across sides',
    json: edit({ [`${back}[0].key`]: 'greeting' }),
    problems: [
      {
        path: `${back}[0].key`,
        message:
          'Unexpected duplicate key `greeting`, expected keys unique among Markdown areas (first used at `sides.front.elements[0]`), rename one of them',
      },
    ],
  },
  {
    name: 'eleven Markdown areas',
    json: withAreas(9),
    problems: [
      {
        path: `${back}[15]`,
        message:
          'Unexpected Markdown area number `11`, expected at most `10` per design, remove the extra areas',
      },
    ],
  },
  {
    name: 'twelve Markdown areas (one problem)',
    json: withAreas(10),
    problems: [
      {
        path: `${back}[15]`,
        message:
          'Unexpected Markdown area number `11`, expected at most `10` per design, remove the extra areas',
      },
    ],
  },

  // qr
  {
    name: 'an unknown error-correction level',
    json: edit({ [`${back}[1].error_correction`]: 'X' }),
    problems: [
      {
        path: `${back}[1].error_correction`,
        message:
          'Unexpected value `"X"` for `error_correction`, expected one of `L`, `M`, `Q`, `H`',
      },
    ],
  },
  {
    name: 'a lower-case error-correction level',
    json: edit({ [`${back}[1].error_correction`]: 'm' }),
    problems: [
      {
        path: `${back}[1].error_correction`,
        message:
          'Unexpected value `"m"` for `error_correction`, expected one of `L`, `M`, `Q`, `H`',
      },
    ],
  },
  {
    name: 'a module too small to print',
    json: edit({ [`${back}[1].min_module_mm`]: 0.1 }),
    problems: [
      {
        path: `${back}[1].min_module_mm`,
        message:
          'Unexpected value `0.1` for `min_module_mm`, expected a `number` of at least `0.17`, smaller modules cannot be printed reliably (4 dots at 600 dpi)',
      },
    ],
  },
  {
    name: 'a fractional quiet zone',
    json: edit({ [`${back}[1].quiet_zone_modules`]: 2.5 }),
    problems: [
      {
        path: `${back}[1].quiet_zone_modules`,
        message:
          'Unexpected value `2.5` for `quiet_zone_modules`, expected an integer of at least `0`',
      },
    ],
  },
  {
    name: 'a negative quiet zone',
    json: edit({ [`${back}[2].quiet_zone_modules`]: -1 }),
    problems: [
      {
        path: `${back}[2].quiet_zone_modules`,
        message:
          'Unexpected value `-1` for `quiet_zone_modules`, expected an integer of at least `0`',
      },
    ],
  },
  {
    name: 'a QR area smaller than a version 1 symbol',
    json: edit({ [`${back}[1].size_mm`]: 10 }),
    problems: [
      {
        path: `${back}[1].size_mm`,
        message:
          'Unexpected size of `10` mm, expected at least `11.6` mm for the smallest QR code (21 + 2 × 4 modules of `0.4` mm), enlarge the QR code',
      },
    ],
  },
  {
    name: 'a QR area too small for its quiet zone of 2 modules of 0.5 mm',
    json: edit({
      [`${back}[2].size_mm`]: 12,
      [`${back}[2].min_module_mm`]: 0.5,
      [`${back}[2].quiet_zone_modules`]: 2,
    }),
    problems: [
      {
        path: `${back}[2].size_mm`,
        message:
          'Unexpected size of `12` mm, expected at least `12.5` mm for the smallest QR code (21 + 2 × 2 modules of `0.5` mm), enlarge the QR code',
      },
    ],
  },
  {
    name: 'nothing for a QR area of exactly a version 1 symbol without quiet zone',
    json: edit({
      [`${back}[2].size_mm`]: 8.4,
      [`${back}[2].min_module_mm`]: 0.4,
      [`${back}[2].quiet_zone_modules`]: 0,
    }),
    problems: [],
  },
  {
    name: 'a QR code with both key and url',
    json: edit({ [`${back}[1].url`]: 'https://example.com' }),
    problems: [
      {
        path: `${back}[1].url`,
        message:
          'Unexpected `url` next to `key`, expected either `key` (a QR code filled from `qr_codes`) or `url` (a QR code of the URL kind), remove one of them',
      },
    ],
  },
  {
    name: 'a QR code with neither key nor url',
    json: edit({ [`${back}[1].key`]: DELETE }),
    problems: [
      {
        path: `${back}[1].key`,
        message:
          'Unexpected missing field `key` or `url`, expected either `key` (a QR code filled from `qr_codes`) or `url` (a QR code of the URL kind)',
      },
    ],
  },
  {
    name: 'a misspelt url',
    json: edit({ [`${back}[2].url`]: DELETE, [`${back}[2].ulr`]: 'https://example.com' }),
    problems: [
      {
        path: `${back}[2].key`,
        message:
          'Unexpected missing field `key` or `url`, expected either `key` (a QR code filled from `qr_codes`) or `url` (a QR code of the URL kind)',
      },
      { path: `${back}[2].ulr`, message: 'Unexpected field `ulr`, expected `url`' },
    ],
  },
  {
    name: 'a duplicate QR key',
    json: edit({ [`${back}[2].url`]: DELETE, [`${back}[2].key`]: 'coupon_url' }),
    problems: [
      {
        path: `${back}[2].key`,
        message:
          'Unexpected duplicate key `coupon_url`, expected keys unique among keyed QR codes (first used at `sides.back.elements[1]`), rename one of them',
      },
    ],
  },
  ...[
    'ftp://example.com/spring',
    'example.com/spring',
    'https://',
    'https:///path',
    'https://exa mple.com',
    ' https://example.com',
    'https://example.com/\n',
    'mailto:hello@example.com',
  ].map((url): Case => ({
    name: `the url ${JSON.stringify(url)}`,
    json: edit({ [`${back}[2].url`]: url }),
    problems: [
      {
        path: `${back}[2].url`,
        message: `Unexpected value \`${JSON.stringify(url)}\` for \`url\`, expected a complete \`http\` or \`https\` URL`,
      },
    ],
  })),
  {
    name: 'a url over 2048 characters',
    json: edit({ [`${back}[2].url`]: `https://example.com/${'a'.repeat(2029)}` }),
    problems: [
      {
        path: `${back}[2].url`,
        message: 'Unexpected URL of `2049` characters, expected at most `2048`, shorten the URL',
      },
    ],
  },

  // text, rect, address
  {
    name: 'text that is not a string',
    json: edit({ [`${front}[1].text`]: ['Hello'] }),
    problems: [
      { path: `${front}[1].text`, message: 'Unexpected value `[…]` for `text`, expected `string`' },
    ],
  },
  {
    name: 'a rectangle without fill',
    json: edit({ [`${front}[3].fill`]: DELETE }),
    problems: [
      { path: `${front}[3].fill`, message: 'Unexpected missing field `fill`, expected `string`' },
    ],
  },
  {
    name: 'a sender line given as a string',
    json: edit({ [`${back}[3].sender_line`]: 'yes' }),
    problems: [
      {
        path: `${back}[3].sender_line`,
        message: 'Unexpected value `"yes"` for `sender_line`, expected `boolean`',
      },
    ],
  },

  // image
  {
    name: 'a network image',
    json: edit({ [`${front}[2].href`]: 'https://example.com/a.png' }),
    problems: [
      {
        path: `${front}[2].href`,
        message:
          'Unexpected value `"https://example.com/a.png"` for `href`, expected a `data:` URI of PNG, JPEG or SVG, embed the image instead of linking it',
      },
    ],
  },
  {
    name: 'a data URI without a comma',
    json: edit({ [`${front}[2].href`]: 'data:image/png;base64' }),
    problems: [
      {
        path: `${front}[2].href`,
        message:
          'Unexpected value `"data:image/png;base64"` for `href`, expected a `data:` URI of PNG, JPEG or SVG, embed the image instead of linking it',
      },
    ],
  },
  {
    name: 'a GIF',
    json: edit({ [`${front}[2].href`]: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }),
    problems: [
      {
        path: `${front}[2].href`,
        message:
          'Unexpected media type `image/gif` in `href`, expected `image/png`, `image/jpeg` or `image/svg+xml`',
      },
    ],
  },
  {
    name: 'the media type image/jpg',
    json: edit({ [`${front}[2].href`]: JPEG.replace('image/jpeg', 'image/jpg') }),
    problems: [
      {
        path: `${front}[2].href`,
        message:
          'Unexpected media type `image/jpg` in `href`, expected `image/png`, `image/jpeg` or `image/svg+xml`, use `image/jpeg`',
      },
    ],
  },
  {
    name: 'JPEG bytes declared as PNG',
    json: edit({ [`${front}[2].href`]: JPEG.replace('image/jpeg', 'image/png') }),
    problems: [
      {
        path: `${front}[2].href`,
        message:
          'Unexpected data in `href`, expected the bytes of a PNG image as declared by `image/png`, these are the bytes of a JPEG image: declare `image/jpeg`',
      },
    ],
  },
  {
    name: 'PNG bytes declared as JPEG',
    json: edit({ [`${front}[2].href`]: PNG.replace('image/png', 'image/jpeg') }),
    problems: [
      {
        path: `${front}[2].href`,
        message:
          'Unexpected data in `href`, expected the bytes of a JPEG image as declared by `image/jpeg`, these are the bytes of a PNG image: declare `image/png`',
      },
    ],
  },
  {
    name: 'invalid base64',
    json: edit({ [`${front}[2].href`]: 'data:image/png;base64,iVBORw0KGgo!!!!' }),
    problems: [
      {
        path: `${front}[2].href`,
        message:
          'Unexpected base64 data in `href`, expected canonical base64 (RFC 4648: letters, digits, `+` and `/`, padded with `=` to a multiple of 4 characters, no spaces or escapes)',
      },
    ],
  },
  {
    name: 'PNG data that is not base64',
    json: edit({ [`${front}[2].href`]: 'data:image/png,%89PNG' }),
    problems: [
      {
        path: `${front}[2].href`,
        message:
          'Unexpected `image/png` data without `;base64` in `href`, expected base64-encoded bytes',
      },
    ],
  },
  {
    name: 'an SVG with a raw #',
    json: edit({ [`${back}[5].href`]: 'data:image/svg+xml,<svg><rect fill="#369"/></svg>' }),
    problems: [
      {
        path: `${back}[5].href`,
        message: 'Unexpected `#` in the SVG data of `href`, expected `%23`, percent-encode it',
      },
    ],
  },
  {
    name: 'SVG data that is not SVG',
    json: edit({ [`${back}[5].href`]: `data:image/svg+xml;base64,${btoa('hello')}` }),
    problems: [
      {
        path: `${back}[5].href`,
        message:
          'Unexpected data in `href`, expected the bytes of an SVG image as declared by `image/svg+xml`',
      },
    ],
  },
  {
    name: 'percent-encoded SVG data that is not SVG',
    json: edit({ [`${back}[6].href`]: 'data:image/svg+xml,%3Chtml%3E' }),
    problems: [
      {
        path: `${back}[6].href`,
        message:
          'Unexpected data in `href`, expected the bytes of an SVG image as declared by `image/svg+xml`',
      },
    ],
  },
  // Browsers read this one (a bare `;utf8`, a literal `%`); RFC 2397 and RFC 3986 do not, and
  // neither does the preview: the one reader refuses it, naming the first thing to fix.
  {
    name: 'raw SVG with a bare parameter and a literal %',
    json: edit({
      [`${back}[6].href`]:
        'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="100%"><text>50%E0%A4%A</text></svg>',
    }),
    problems: [
      {
        path: `${back}[6].href`,
        message:
          'Unexpected parameter `utf8` in the `data:` URI of `href`, expected `name=value` such as `charset=utf-8` (RFC 2397), or none',
      },
    ],
  },
  {
    name: 'raw SVG with a literal %',
    json: edit({
      [`${back}[6].href`]:
        'data:image/svg+xml;charset=utf-8,<svg xmlns="http://www.w3.org/2000/svg" width="100%"/>',
    }),
    problems: [
      {
        path: `${back}[6].href`,
        message:
          'Unexpected `%` in the SVG data of `href`, expected `%` and two hex digits, write `%25` for a `%`',
      },
    ],
  },
  {
    name: 'nothing for raw SVG with `%25` and `%23`, as RFC 3986 escapes them',
    json: edit({
      [`${back}[6].href`]:
        'data:image/svg+xml;charset=utf-8,<svg xmlns="http://www.w3.org/2000/svg" width="100%25"><rect fill="%23369"/></svg>',
    }),
    problems: [],
  },
  // Geometry: within the trim box plus the bleed (2 mm here).
  {
    name: 'an element left of the bleed',
    json: edit({ [`${front}[3].x_mm`]: -3 }),
    problems: [
      {
        path: `${front}[3].x_mm`,
        message:
          'Unexpected left edge at `-3` mm, expected at least `-2` mm (the bleed edge), move the element right',
      },
    ],
  },
  {
    name: 'an element above the bleed',
    json: edit({ [`${front}[2].y_mm`]: -2.5 }),
    problems: [
      {
        path: `${front}[2].y_mm`,
        message:
          'Unexpected top edge at `-2.5` mm, expected at least `-2` mm (the bleed edge), move the element down',
      },
    ],
  },
  {
    name: 'an element starting beyond the right bleed edge',
    json: edit({ [`${front}[3].x_mm`]: 150 }),
    problems: [
      {
        path: `${front}[3].x_mm`,
        message:
          'Unexpected left edge at `150` mm, expected less than `150` mm (the bleed edge), move the element left',
      },
    ],
  },
  {
    name: 'an element starting below the bottom bleed edge',
    json: edit({ [`${back}[3].y_mm`]: 200 }),
    problems: [
      {
        path: `${back}[3].y_mm`,
        message:
          'Unexpected top edge at `200` mm, expected less than `107` mm (the bleed edge), move the element up',
      },
    ],
  },
  {
    name: 'an element too wide',
    json: edit({ [`${front}[3].width_mm`]: 151 }),
    problems: [
      {
        path: `${front}[3].width_mm`,
        message:
          'Unexpected right edge at `151` mm, expected at most `150` mm (the bleed edge), make the element narrower or move it left',
      },
    ],
  },
  {
    name: 'an element too tall',
    json: edit({ [`${front}[3].height_mm`]: 20 }),
    problems: [
      {
        path: `${front}[3].height_mm`,
        message:
          'Unexpected bottom edge at `110` mm, expected at most `107` mm (the bleed edge), make the element shorter or move it up',
      },
    ],
  },
  {
    name: 'a QR code beyond the right and bottom edges',
    json: edit({ [`${back}[1].x_mm`]: 140, [`${back}[1].y_mm`]: 90 }),
    problems: [
      {
        path: `${back}[1].size_mm`,
        message:
          'Unexpected right edge at `162` mm, expected at most `150` mm (the bleed edge), make the element narrower or move it left',
      },
      {
        path: `${back}[1].size_mm`,
        message:
          'Unexpected bottom edge at `112` mm, expected at most `107` mm (the bleed edge), make the element shorter or move it up',
      },
    ],
  },
  {
    name: 'a negative coordinate without bleed',
    json: edit({ 'format.bleed_mm': 0, [`${front}[2].x_mm`]: 0, [`${front}[2].y_mm`]: -0.5 }),
    problems: [
      {
        path: `${front}[2].y_mm`,
        message:
          'Unexpected top edge at `-0.5` mm, expected at least `0` mm (the bleed edge), move the element down',
      },
    ],
  },
  {
    name: 'a Markdown area in the bleed of a card without bleed',
    json: edit({
      'format.bleed_mm': 0,
      [`${front}[2].x_mm`]: 0,
      [`${front}[2].y_mm`]: 0,
      [`${front}[0].width_mm`]: 139,
    }),
    problems: [
      {
        path: `${front}[0].width_mm`,
        message:
          'Unexpected right edge at `149` mm, expected at most `148` mm (the bleed edge), make the element narrower or move it left',
      },
    ],
  },
]

describe('parseDesign problems', () => {
  test.each(cases)('should report $name', ({ json, options, problems }) => {
    if (problems.length === 0) {
      expect(() => parseDesign(json, options)).not.toThrow()
      return
    }
    expect(problemsOf(json, options)).toEqual(problems)
  })

  test('should report every problem at once, in document order', () => {
    const json = edit({
      id: 42,
      'format.bleed_mm': 'none',
      'sides.front.background': '#GGGGGG',
      [`${front}[0].key`]: 'Greeting',
      [`${front}[0].font_size_pt`]: 0,
      [`${front}[1].type`]: 'textbox',
      [`${back}[1].error_correction`]: 'Z',
      [`${back}[1].size_mm`]: -22,
      [`${back}[2].url`]: 'www.example.com',
      [`${back}[4].href`]: 'file:///logo.jpg',
      extra: true,
    })
    expect(problemsOf(json)).toEqual([
      {
        path: 'id',
        message: 'Unexpected value `42` for `id`, expected `string`',
      },
      {
        path: 'format.bleed_mm',
        message: 'Unexpected value `"none"` for `bleed_mm`, expected `number`',
      },
      {
        path: 'sides.front.background',
        message: 'Unexpected value `"#GGGGGG"` for `background`, expected a colour `#rrggbb`',
      },
      {
        path: `${front}[0].key`,
        message:
          'Unexpected value `"Greeting"` for `key`, expected a key matching `^[a-z][a-z0-9_]{0,63}$`',
      },
      {
        path: `${front}[0].font_size_pt`,
        message:
          'Unexpected value `0` for `font_size_pt`, expected a `number` of at least `4`, font sizes are in points (1 pt = 0.353 mm)',
      },
      {
        path: `${front}[1].type`,
        message:
          'Unexpected value `"textbox"` for `type`, expected one of `markdown`, `qr`, `text`, `image`, `rect`, `address`',
      },
      {
        path: `${back}[1].size_mm`,
        message: 'Unexpected value `-22` for `size_mm`, expected a `number` greater than `0`',
      },
      {
        path: `${back}[1].error_correction`,
        message:
          'Unexpected value `"Z"` for `error_correction`, expected one of `L`, `M`, `Q`, `H`',
      },
      {
        path: `${back}[2].url`,
        message:
          'Unexpected value `"www.example.com"` for `url`, expected a complete `http` or `https` URL',
      },
      {
        path: `${back}[4].href`,
        message:
          'Unexpected value `"file:///logo.jpg"` for `href`, expected a `data:` URI of PNG, JPEG or SVG, embed the image instead of linking it',
      },
      {
        path: 'extra',
        message:
          'Unexpected field `extra`, expected one of `$schema`, `id`, `name`, `format`, `sides`, remove it',
      },
    ])
  })

  test('should say everything in the error message, and name the error', () => {
    const error = (() => {
      try {
        parseDesign(edit({ name: '', [`${front}[3].fill`]: 'blue' }))
      } catch (caught) {
        return caught as DesignError
      }
      return expect.unreachable()
    })()
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('DesignError')
    expect(error.source).toBeUndefined()
    expect(error.message).toBe(
      [
        'Invalid design (2 problems):',
        '  - name: Unexpected value `""` for `name`, expected a non-empty `string`',
        '  - sides.front.elements[3].fill: Unexpected value `"blue"` for `fill`, expected a colour `#rrggbb`',
      ].join('\n')
    )
  })

  test('should cap the message at 100 problems but keep every problem', () => {
    const json = edit({ 'sides.front.elements': Array.from({ length: 250 }, () => null) })
    const error = (() => {
      try {
        parseDesign(json)
      } catch (caught) {
        return caught as DesignError
      }
      return expect.unreachable()
    })()
    expect(error.problems).toHaveLength(250)
    expect(error.problems[249]).toEqual({
      path: `${front}[249]`,
      message: 'Unexpected value `null` for `elements[249]`, expected `object`',
    })
    const lines = error.message.split('\n')
    expect(lines[0]).toBe('Invalid design (250 problems):')
    expect(lines).toHaveLength(102)
    expect(lines.at(-1)).toBe('  (and 150 more problems)')
  })
})

describe('parseDesign on hostile input', () => {
  test('should treat a `__proto__` key of JSON as an unknown field', () => {
    const json: unknown = JSON.parse(
      JSON.stringify(base()).replace('{', '{"__proto__": {"polluted": true},')
    )
    expect(problemsOf(json)).toEqual([
      {
        path: '__proto__',
        message:
          'Unexpected field `__proto__`, expected one of `$schema`, `id`, `name`, `format`, `sides`, remove it',
      },
    ])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  test('should not read inherited fields', () => {
    const json: unknown = Object.create(base())
    expect(problemsOf(json).map((problem) => problem.path)).toEqual([
      'id',
      'name',
      'format',
      'sides',
    ])
  })

  test('should turn a getter that throws into a DesignError', () => {
    const json = base()
    Object.defineProperty(json, 'name', {
      enumerable: true,
      get() {
        throw new RangeError('boom')
      },
    })
    expect(problemsOf(json)).toEqual([
      {
        path: '',
        message:
          'Unexpected exception `RangeError: boom` while reading the design, expected plain JSON data',
      },
    ])
  })

  test('should not descend into deeply nested garbage', () => {
    let nested: unknown = []
    for (let depth = 0; depth < 100_000; depth++) nested = [nested]
    expect(problemsOf(nested)).toHaveLength(1)
    expect(problemsOf(edit({ [`${front}[0].key`]: nested }))).toEqual([
      { path: `${front}[0].key`, message: 'Unexpected value `[…]` for `key`, expected `string`' },
    ])
    expect(problemsOf(edit({ 'sides.front.elements': nested })).map((p) => p.path)).toEqual([
      `${front}[0]`,
    ])
  })

  test('should only ever return a design or throw a DesignError on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expectDesignOrError(json)
      }),
      { numRuns: 500 }
    )
  })

  test('should only ever return a design or throw a DesignError on mutated designs', () => {
    fc.assert(
      fc.property(mutatedDesign(), (json) => {
        expectDesignOrError(json)
      }),
      { numRuns: 500 }
    )
  })
})

/** Asserts the contract of `parseDesign`: a Design, or a DesignError with plain problems. */
function expectDesignOrError(json: unknown): void {
  let design: Design
  try {
    design = parseDesign(json)
  } catch (error) {
    expect(error).toBeInstanceOf(DesignError)
    const { problems } = error as DesignError
    expect(problems.length).toBeGreaterThan(0)
    for (const problem of problems) {
      expect(typeof problem.path).toBe('string')
      expect(problem.message).toMatch(/^Unexpected /)
      expect(problem.message).not.toMatch(/^Unexpected exception/)
    }
    return
  }
  expect(design.markdownAreas.length).toBeLessThanOrEqual(10)
}

const fixtures = import.meta.glob<unknown>('../fixtures/designs/*.json', {
  eager: true,
  import: 'default',
})

/** The problems of each broken design under `test/fixtures/designs/`, with the shipped families. */
const fixtureProblems: Readonly<Record<string, readonly DesignProblem[]>> = {
  'eleven-areas': [
    {
      path: `${back}[10]`,
      message:
        'Unexpected Markdown area number `11`, expected at most `10` per design, remove the extra areas',
    },
  ],
  'eleven-areas-two-sides': [
    {
      path: `${back}[4]`,
      message:
        'Unexpected Markdown area number `11`, expected at most `10` per design, remove the extra areas',
    },
  ],
  'duplicate-keys': [
    {
      path: `${back}[0].key`,
      message:
        'Unexpected duplicate key `message`, expected keys unique among Markdown areas (first used at `sides.front.elements[0]`), rename one of them',
    },
    {
      path: `${back}[2].key`,
      message:
        'Unexpected duplicate key `link`, expected keys unique among keyed QR codes (first used at `sides.back.elements[1]`), rename one of them',
    },
  ],
  'outside-bleed': [
    {
      path: `${front}[0].x_mm`,
      message:
        'Unexpected left edge at `-5` mm, expected at least `-2` mm (the bleed edge), move the element right',
    },
    {
      path: `${front}[1].width_mm`,
      message:
        'Unexpected right edge at `160` mm, expected at most `150` mm (the bleed edge), make the element narrower or move it left',
    },
    {
      path: `${back}[0].size_mm`,
      message:
        'Unexpected bottom edge at `110` mm, expected at most `107` mm (the bleed edge), make the element shorter or move it up',
    },
  ],
  'wrong-types': [
    { path: 'name', message: 'Unexpected value `[…]` for `name`, expected `string`' },
    {
      path: 'format.width_mm',
      message: 'Unexpected value `"148mm"` for `width_mm`, expected `number`',
    },
    {
      path: 'sides.front.background',
      message: 'Unexpected value `"white"` for `background`, expected a colour `#rrggbb`',
    },
    { path: `${front}[0].text`, message: 'Unexpected value `42` for `text`, expected `string`' },
    {
      path: `${front}[0].font_size_pt`,
      message: 'Unexpected value `"12pt"` for `font_size_pt`, expected `number`',
    },
    {
      path: 'sides.back.elements',
      message: 'Unexpected value `"none"` for `elements`, expected `array`',
    },
  ],
  'bad-qr': [
    {
      path: `${back}[0].url`,
      message:
        'Unexpected `url` next to `key`, expected either `key` (a QR code filled from `qr_codes`) or `url` (a QR code of the URL kind), remove one of them',
    },
    {
      path: `${back}[1].error_correction`,
      message: 'Unexpected value `"X"` for `error_correction`, expected one of `L`, `M`, `Q`, `H`',
    },
    {
      path: `${back}[1].min_module_mm`,
      message:
        'Unexpected value `0.05` for `min_module_mm`, expected a `number` of at least `0.17`, smaller modules cannot be printed reliably (4 dots at 600 dpi)',
    },
    {
      path: `${back}[1].quiet_zone_modules`,
      message:
        'Unexpected value `1.5` for `quiet_zone_modules`, expected an integer of at least `0`',
    },
    {
      path: `${back}[2].url`,
      message:
        'Unexpected value `"ftp://example.com/file"` for `url`, expected a complete `http` or `https` URL',
    },
  ],
  'network-image': [
    {
      path: `${front}[0].href`,
      message:
        'Unexpected value `"https://example.com/photo.jpg"` for `href`, expected a `data:` URI of PNG, JPEG or SVG, embed the image instead of linking it',
    },
  ],
  'unknown-family': [
    {
      path: `${front}[0].font_family`,
      message:
        'Unexpected value `"Comic Sans MS"` for `font_family`, expected one of `Inter`, `Roboto`, `Lora`',
    },
  ],
  'not-a-design': [{ path: '', message: 'Unexpected value `[…]`, expected a design `object`' }],
}

describe('parseDesign on the broken fixtures', () => {
  test('should have a table row for every fixture', () => {
    expect(Object.keys(fixtures).map(fixtureName).sort()).toEqual(
      Object.keys(fixtureProblems).sort()
    )
  })

  test.each(Object.entries(fixtureProblems))('should reject %s', (name, problems) => {
    const json = fixtures[`../fixtures/designs/${name}.json`]
    expect(problemsOf(json, { families: FAMILIES })).toEqual(problems)
  })

  test('should accept an unknown family when no families are given', () => {
    expect(() => parseDesign(fixtures['../fixtures/designs/unknown-family.json'])).not.toThrow()
  })
})

function fixtureName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length)
}
