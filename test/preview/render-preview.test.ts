import { beforeAll, describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { parseDesign } from '../../src/design/parse-design.ts'
import type { Design } from '../../src/design/types.ts'
import type { EmojiArtwork } from '../../src/emoji/types.ts'
import { renderPreview, PreviewOptionsError } from '../../src/preview/render-preview.ts'
import { previewEmojiKeys } from '../../src/preview/preview-emoji-keys.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import {
  fixtureUrl,
  loadArtworkFixture,
  loadCase,
  readText,
  testRegistry,
} from './preview-cases.ts'
import { injectionCorpus } from './injection-corpus.ts'

let fonts: FontRegistry
let artwork: ReadonlyMap<string, EmojiArtwork>
let a6: Design
let a6Body: Record<string, unknown>

beforeAll(async () => {
  fonts = await testRegistry()
  artwork = await loadArtworkFixture()
  const greeting = await loadCase('a6-greeting')
  a6 = greeting.design
  a6Body = greeting.body as Record<string, unknown>
})

function count(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length
}

/** A design of one side with the given elements, the other side empty. */
function designWith(elements: readonly unknown[]): Design {
  return parseDesign({
    id: '3b9d6a52-4c1e-4f7e-9a51-0b6f1f2d8c10',
    name: 'Test',
    format: { width_mm: 100, height_mm: 60, bleed_mm: 2 },
    sides: { front: { elements }, back: { elements: [] } },
  })
}

const body = {
  flow_id: '5f0c7a52-8a8e-4d4b-9d3e-2f7f6f3b1c01',
  from: { address_line1: 'Weg 2', zip: '8001', city: 'Zürich', country: 'CH' },
  to: { first_name: 'Ana', address_line1: 'Ring 1', zip: '1010', city: 'Wien', country: 'AT' },
}

describe('renderPreview', () => {
  test('should write one standalone SVG per side at trim size in mm', () => {
    const { front, back } = renderPreview(a6Body, a6, { fonts, emojiArtwork: artwork })
    for (const svg of [front, back]) {
      expect(
        svg.startsWith(
          '<svg xmlns="http://www.w3.org/2000/svg" width="148mm" height="105mm" viewBox="0 0 148 105" role="img">'
        )
      ).toBe(true)
      expect(svg.endsWith('</svg>')).toBe(true)
      expect(svg).not.toMatch(
        /<text|<script|<foreignObject|<style|\son\w+=|https?:\/\/(?!www\.w3\.org\/2000\/svg")/
      )
    }
    expect(front).toContain('<title>Spring greeting A6, front</title>')
    expect(back).toContain('<title>Spring greeting A6, back</title>')
  })

  test('should define each glyph once and place it with <use>', () => {
    const { back } = renderPreview(a6Body, a6, { fonts, emojiArtwork: artwork })
    const defined = [...back.matchAll(/<path id="(pp-b-g\d+-\d+)"/g)].map((match) => match[1])
    expect(defined.length).toBeGreaterThan(40)
    expect(new Set(defined).size).toBe(defined.length)
    const used = new Set(
      [...back.matchAll(/<use href="#(pp-b-g\d+-\d+)"/g)].map((match) => match[1])
    )
    expect([...used].sort()).toEqual([...defined].sort())
    // Far more glyphs are drawn than defined: each outline is reused.
    expect(count(back, /<use href="#pp-b-g/g)).toBeGreaterThan(defined.length * 2)
  })

  test('should inline each emoji once as a symbol with prefixed inner ids', () => {
    const { front, back } = renderPreview(a6Body, a6, { fonts, emojiArtwork: artwork })
    // 🌷 appears in `body` and in `to.first_name` on the back, in `greeting` on the front.
    expect(count(back, /<symbol id="pp-b-e-1f337"/g)).toBe(1)
    expect(count(back, /<use href="#pp-b-e-1f337"/g)).toBe(2)
    expect(count(back, /<symbol id="pp-b-e-1f469-1f3fd-200d-1f33e"/g)).toBe(1)
    expect(count(front, /<use href="#pp-f-e-1f337"/g)).toBe(1)
    expect(front + back).not.toContain('missing-emoji')
  })

  test('should draw emoji outside the pinned set or without artwork as the missing marker', async () => {
    const { body: overflowBody, design } = await loadCase('a6-overflow')
    const preview = renderPreview(overflowBody, design, { fonts, emojiArtwork: artwork })
    // 🫌 (Emoji 18.0 draft) is newer than the default pin (17.0): in `greeting` and `to`.
    expect(count(preview.front, /<use href="#pp-f-missing-emoji"/g)).toBe(1)
    expect(count(preview.back, /<use href="#pp-b-missing-emoji"/g)).toBe(1)
    expect(preview.verdict.warnings.filter((w) => w.code === 'emoji-artwork-missing')).toEqual([])

    const pinned = renderPreview(overflowBody, design, {
      fonts,
      emojiArtwork: artwork,
      emojiVersion: '16.0',
    })
    // 🫪 is Emoji 17.0: outside a 16.0 pin it is missing too, and needs no artwork.
    expect(count(pinned.front, /<use href="#pp-f-missing-emoji"/g)).toBe(2)
  })

  test('should warn once per field about emoji whose artwork was not passed in', () => {
    const { back, verdict } = renderPreview(a6Body, a6, { fonts })
    expect(count(back, /<use href="#pp-b-missing-emoji"/g)).toBe(3)
    expect(count(back, /<symbol id="pp-b-missing-emoji"/g)).toBe(1)
    expect(verdict.warnings.filter((w) => w.code === 'emoji-artwork-missing')).toEqual([
      {
        code: 'emoji-artwork-missing',
        rule: 'emoji-artwork',
        path: 'content.greeting',
        message:
          'Unexpected emoji `🌷` without artwork, expected artwork for key `1f337` in `emojiArtwork`, load the keys of `previewEmojiKeys`',
        data: { grapheme: '🌷', key: '1f337' },
      },
      {
        code: 'emoji-artwork-missing',
        rule: 'emoji-artwork',
        path: 'content.body',
        message:
          'Unexpected emoji `🌷` without artwork, expected artwork for key `1f337` in `emojiArtwork`, load the keys of `previewEmojiKeys`',
        data: { grapheme: '🌷', key: '1f337' },
      },
      {
        code: 'emoji-artwork-missing',
        rule: 'emoji-artwork',
        path: 'content.body',
        message:
          'Unexpected emoji `👩🏽‍🌾` without artwork, expected artwork for key `1f469-1f3fd-200d-1f33e` in `emojiArtwork`, load the keys of `previewEmojiKeys`',
        data: { grapheme: '👩🏽‍🌾', key: '1f469-1f3fd-200d-1f33e' },
      },
      {
        code: 'emoji-artwork-missing',
        rule: 'emoji-artwork',
        path: 'to',
        message:
          'Unexpected emoji `🌷` without artwork, expected artwork for key `1f337` in `emojiArtwork`, load the keys of `previewEmojiKeys`',
        data: { grapheme: '🌷', key: '1f337' },
      },
    ])
  })

  test('should sanitise emoji artwork handed in by the host', () => {
    const hostile: EmojiArtwork = {
      key: '1f337',
      viewBox: '0 0 36 36" onload="alert(1)',
      width: 36,
      height: 36,
      body: '<script>alert(1)</script><path id="a" d="M0 0h36v36z" onclick="x()" fill="url(https://e.com/#a)"/><use href="#a"/>',
    }
    const { back } = renderPreview(a6Body, a6, {
      fonts,
      emojiArtwork: new Map([['1f337', hostile]]),
    })
    expect(back).toContain(
      '<symbol id="pp-b-e-1f337" viewBox="0 0 36 36"><path id="pp-b-e-1f337-a" d="M0 0h36v36z"/><use href="#pp-b-e-1f337-a"/></symbol>'
    )
    expect(back).not.toMatch(/<script|onclick|onload|e\.com/)
  })

  test('should draw a QR code as one path in module units, quiet zone included', () => {
    const { back } = renderPreview(a6Body, a6, { fonts, emojiArtwork: artwork })
    const paths = [
      ...back.matchAll(
        /<g class="qr"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="[\d.]+" fill="#ffffff"\/><path d="([^"]+)" fill="#000000" transform="matrix\(([\d.]+) 0 0 [\d.]+ [\d.]+ [\d.]+\)"\/><\/g>/g
      ),
    ]
    expect(paths.map((match) => [match[1], match[2], match[3]])).toEqual([
      ['8', '74', '22'],
      ['60', '80', '16'],
    ])
    for (const match of paths) {
      // Quiet zone of 4 modules: no run starts left of or above module 4.
      const starts = [...(match[4] ?? '').matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => [
        Number(x),
        Number(y),
      ])
      expect(Math.min(...starts.map(([x]) => x ?? 0))).toBe(4)
      expect(Math.min(...starts.map(([, y]) => y ?? 0))).toBe(4)
      const size = Number(match[3]) / Number(match[5])
      expect(Math.max(...starts.map(([, y]) => y ?? 0))).toBe(Math.round(size) - 5)
    }
  })

  test('should draw a placeholder for a QR value that is missing or no complete URL', () => {
    for (const value of [undefined, 'SPRING15', 'javascript:alert(1)', 42]) {
      const { back } = renderPreview({ ...a6Body, qr_codes: { coupon_url: value } }, a6, {
        fonts,
        emojiArtwork: artwork,
      })
      expect(back).toContain('<g class="placeholder" aria-label="qr_codes.coupon_url">')
      expect(count(back, /<g class="qr">/g)).toBe(1)
    }
  })

  test('should mark a QR code whose modules are smaller than the design allows', async () => {
    const { body: overflowBody, design } = await loadCase('a6-overflow')
    const { back } = renderPreview(overflowBody, design, { fonts, emojiArtwork: artwork })
    expect(back).toContain('<g class="qr-too-small" aria-label="module 0.32 mm &lt; 0.4 mm">')
  })

  test('should draw overflowing lines faded over the card, with the edge and overflow_mm marked', async () => {
    const { body: overflowBody, design } = await loadCase('a6-overflow')
    const { back } = renderPreview(overflowBody, design, { fonts, emojiArtwork: artwork })
    // Clipped around the QR codes, the lines of text and the labels (issue 13 item 15).
    expect(
      count(back, /<g class="overflowing" opacity="0.35" clip-path="url\(#pp-b-clip0\)">/g)
    ).toBe(1)
    expect(back).toMatch(
      /<clipPath id="pp-b-clip0"><path d="M0 0h148v105h-148z(?:M[^"]+z)+" clip-rule="evenodd"\/><\/clipPath>/
    )
    expect(back).toMatch(
      /<g class="overflow" aria-label="overflow \d+\.\d\d? mm"><path d="M8 70H76" fill="none" stroke="#d0021b"/
    )
    // The annotations come after every element, so nothing drawn later hides them.
    expect(back.indexOf('class="overflowing"')).toBeGreaterThan(
      back.lastIndexOf('<g class="address">')
    )
    const fitting = renderPreview(a6Body, a6, { fonts, emojiArtwork: artwork })
    expect(fitting.back).not.toMatch(/class="overflow/)
  })

  test('should leave out overflowing lines that start below the card', () => {
    const long = Array.from(
      { length: 400 },
      (_, index) => `Line ${index} of a very long text.`
    ).join('\n')
    const { back } = renderPreview({ ...a6Body, content: { greeting: 'Hi', body: long } }, a6, {
      fonts,
      emojiArtwork: artwork,
    })
    const baselines = [
      ...back.matchAll(
        /<g fill="#000000" transform="matrix\([\d.]+ 0 0 -[\d.]+ [\d.]+ ([\d.]+)\)"/g
      ),
    ].map((match) => Number(match[1]))
    // 60 mm of area from y = 10 at 10 pt × 1.3 (4.59 mm a line): lines down to the card's edge.
    expect(Math.max(...baselines)).toBeLessThan(105 + 4.6)
    expect(Math.max(...baselines)).toBeGreaterThan(105 - 4.6)
    expect(back.length).toBeLessThan(60_000)
  })

  test('should show the bleed and the safe zone when asked', () => {
    const { front } = renderPreview(a6Body, a6, {
      fonts,
      emojiArtwork: artwork,
      bleed: true,
      safeZoneMm: 5,
    })
    expect(
      front.startsWith(
        '<svg xmlns="http://www.w3.org/2000/svg" width="152mm" height="109mm" viewBox="-2 -2 152 109" role="img">'
      )
    ).toBe(true)
    expect(front).toContain('<rect x="-2" y="-2" width="152" height="109" fill="#fdf6e3"/>')
    expect(front).toContain(
      '<rect class="guide-trim" x="0" y="0" width="148" height="105" fill="none" stroke="#00a0e0"'
    )
    expect(front).toContain(
      '<rect class="guide-safe-zone" x="5" y="5" width="138" height="95" fill="none" stroke="#e0008a"'
    )
  })

  test('should draw images as checked data URIs and reject others with a warning', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
    const design = designWith([
      { type: 'image', href: png, x_mm: 1, y_mm: 2, width_mm: 3, height_mm: 4 },
      { type: 'rect', x_mm: 0, y_mm: 0, width_mm: 10, height_mm: 5, fill: '#112233' },
    ])
    const { front, verdict } = renderPreview(body, design, { fonts })
    expect(front).toContain(`<image x="1" y="2" width="3" height="4" href="${png}"/>`)
    expect(front).toContain('<rect x="0" y="0" width="10" height="5" fill="#112233"/>')
    // Drawn, not rejected: its one pixel over 3 × 4 mm is only too coarse to print sharp.
    expect(verdict.warnings.map((warning) => [warning.code, warning.data?.['dpi']])).toEqual([
      ['image-resolution', 6],
    ])

    // parseDesign already refuses network URLs; a design object built by hand is still checked.
    const forged = {
      ...design,
      sides: {
        ...design.sides,
        front: {
          ...design.sides.front,
          elements: [
            {
              type: 'image',
              href: 'https://e.com/x.png',
              x_mm: 1,
              y_mm: 2,
              width_mm: 3,
              height_mm: 4,
            },
          ],
        },
      },
    } as unknown as Design
    const rejected = renderPreview(body, forged, { fonts })
    expect(rejected.front).toContain('<g class="placeholder" aria-label="image">')
    expect(rejected.front).not.toContain('e.com')
    expect(rejected.verdict.warnings).toEqual([
      {
        code: 'image-rejected',
        rule: 'design-image',
        path: 'sides.front.elements[0].href',
        message:
          'Unexpected value `"https://e.com/x.png"` for `href`, expected a `data:` URI of PNG, JPEG or SVG, embed the image instead of linking it',
      },
    ])
  })

  test('should inline an SVG image as a nested svg, styles resolved and ids prefixed', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20mm" height="10mm" fill="#123456"><style>.a{fill:url(#g)}</style><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect class="a" width="10" height="5"/><use xlink:href="#g"/></svg>'
    const href = `data:image/svg+xml;base64,${btoa(svg)}`
    const design = designWith([
      { type: 'image', href, x_mm: 1, y_mm: 2, width_mm: 30, height_mm: 15 },
      { type: 'image', href, x_mm: 40, y_mm: 2, width_mm: 30, height_mm: 15 },
    ])
    const { front } = renderPreview(body, design, { fonts })
    // No viewBox: its width and height in CSS px (20 mm = 75.59 px) become one, centred.
    expect(front).toContain(
      '<svg x="1" y="2" width="30" height="15" viewBox="0 0 75.590551 37.795276" preserveAspectRatio="xMidYMid meet" fill="#123456"><defs><linearGradient id="pp-f-i0-g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect class="a" width="10" height="5" style="fill:url(#pp-f-i0-g)"/><use href="#pp-f-i0-g"/></svg>'
    )
    expect(front).toContain('<linearGradient id="pp-f-i1-g">')
    expect(front).not.toMatch(/<image|<style|xlink/)
  })

  test('should print the recipient and the sender line of the address element', () => {
    const design = designWith([
      {
        type: 'address',
        x_mm: 5,
        y_mm: 5,
        width_mm: 60,
        height_mm: 40,
        font_family: 'Roboto',
        font_size_pt: 10,
        line_height: 1.25,
      },
    ])
    const withSender = renderPreview(body, design, { fonts })
    const noSender = renderPreview(
      body,
      designWith([
        {
          type: 'address',
          x_mm: 5,
          y_mm: 5,
          width_mm: 60,
          height_mm: 40,
          font_family: 'Roboto',
          font_size_pt: 10,
          line_height: 1.25,
          sender_line: false,
        },
      ]),
      { fonts }
    )
    const groups = (svg: string): number => count(svg, /<g fill="#000000" transform="matrix/g)
    // Sender line + 4 recipient lines (`Ana`, `Ring 1`, `1010 Wien`, `AT`), one run each.
    expect(groups(withSender.front)).toBe(5)
    expect(groups(noSender.front)).toBe(4)
  })

  test('should be deterministic: same input, same bytes, also with a freshly parsed registry', async () => {
    const first = renderPreview(a6Body, a6, { fonts, emojiArtwork: artwork })
    const second = renderPreview(structuredClone(a6Body), a6, { fonts, emojiArtwork: artwork })
    const fresh = createFontRegistry(await loadTestFonts())
    const third = renderPreview(a6Body, a6, { fonts: fresh, emojiArtwork: artwork })
    expect(second).toEqual(first)
    expect(third.front).toBe(first.front)
    expect(third.back).toBe(first.back)
    expect(first.back).toBe(await readText(fixtureUrl('a6-greeting.back.svg')))
  })

  test('should prefix every id with idPrefix and the side', () => {
    const { front, back } = renderPreview(a6Body, a6, {
      fonts,
      emojiArtwork: artwork,
      idPrefix: 'card_7-',
    })
    for (const [svg, side] of [
      [front, 'f'],
      [back, 'b'],
    ] as const) {
      const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1] ?? '')
      expect(ids.length).toBeGreaterThan(10)
      expect(ids.every((id) => id.startsWith(`card_7-${side}-`))).toBe(true)
    }
  })

  test('should never throw on any body, and always return the verdict', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            content: fc.dictionary(
              fc.constantFrom('greeting', 'body', 'x'),
              fc.oneof(fc.string(), fc.jsonValue())
            ),
            qr_codes: fc.dictionary(
              fc.constantFrom('coupon_url', 'y'),
              fc.oneof(fc.webUrl(), fc.string(), fc.jsonValue())
            ),
            to: fc.dictionary(
              fc.constantFrom('first_name', 'city', 'zip', 'company'),
              fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue())
            ),
            from: fc.jsonValue(),
          })
        ),
        (value) => {
          const preview = renderPreview(value, a6, { fonts, emojiArtwork: artwork })
          expect(preview.front.startsWith('<svg')).toBe(true)
          expect(preview.back.endsWith('</svg>')).toBe(true)
          expect(typeof preview.verdict.ok).toBe('boolean')
        }
      ),
      { numRuns: 40 }
    )
  })

  test.each([
    [
      { fonts: undefined },
      'Unexpected `options.fonts`, expected a font registry from `createFontRegistry`',
    ],
    [
      { fonts: 'Inter' },
      'Unexpected `options.fonts`, expected a font registry from `createFontRegistry`',
    ],
    [
      { idPrefix: '1a' },
      'Unexpected `options.idPrefix` `1a`, expected a letter followed by at most 31 letters, digits, `-` or `_`',
    ],
    [
      { idPrefix: 'a"b' },
      'Unexpected `options.idPrefix` `a"b`, expected a letter followed by at most 31 letters, digits, `-` or `_`',
    ],
    [
      { safeZoneMm: -1 },
      'Unexpected `options.safeZoneMm` `-1`, expected a number of mm of at least `0`',
    ],
    [
      { safeZoneMm: Number.NaN },
      'Unexpected `options.safeZoneMm` `NaN`, expected a number of mm of at least `0`',
    ],
  ])('should throw PreviewOptionsError for the misuse %j', (options, message) => {
    const call = (): unknown => renderPreview(a6Body, a6, { fonts, ...options } as never)
    expect(call).toThrow(PreviewOptionsError)
    expect(call).toThrow(message)
  })
})

describe('previewEmojiKeys', () => {
  test('should list the artwork keys a preview draws, sorted, each once', () => {
    expect(previewEmojiKeys(a6Body, a6)).toEqual(['1f337', '1f469-1f3fd-200d-1f33e'])
  })

  test('should skip emoji outside the pin, and the sender unless an address prints it', async () => {
    const { body: overflowBody, design } = await loadCase('a6-overflow')
    expect(previewEmojiKeys(overflowBody, design)).toEqual(['1faea'])
    expect(previewEmojiKeys(overflowBody, design, { emojiVersion: '16.0' })).toEqual([])
    const withSender = { ...body, from: { ...body.from, company: 'Tea ☕' } }
    const address = {
      type: 'address',
      x_mm: 5,
      y_mm: 5,
      width_mm: 60,
      height_mm: 40,
      font_family: 'Roboto',
      font_size_pt: 10,
      line_height: 1.25,
    }
    expect(previewEmojiKeys(withSender, designWith([address]))).toEqual(['2615'])
    expect(previewEmojiKeys(withSender, designWith([{ ...address, sender_line: false }]))).toEqual(
      []
    )
  })

  test('should read emoji of the design static texts, and nothing from a broken body', () => {
    const design = designWith([
      {
        type: 'text',
        text: 'Sale 🎉',
        x_mm: 0,
        y_mm: 0,
        width_mm: 50,
        height_mm: 10,
        font_family: 'Inter',
        font_size_pt: 10,
        line_height: 1.2,
      },
    ])
    expect(previewEmojiKeys(null, design)).toEqual(['1f389'])
    expect(previewEmojiKeys({ content: { greeting: 7 }, to: '🌷' }, a6)).toEqual([])
  })
})

describe('renderPreview with hostile text', () => {
  test('should never let user text become markup', () => {
    for (const [input] of injectionCorpus) {
      const hostile = {
        flow_id: input,
        from: { company: input, address_line1: input, zip: input, city: input, country: input },
        to: {
          first_name: input,
          last_name: input,
          address_line1: input,
          zip: input,
          city: input,
          country: input,
        },
        content: { greeting: input, body: `${input}\n\n- ${input}` },
        qr_codes: { coupon_url: `https://example.com/${input}` },
      }
      const { front, back } = renderPreview(hostile, a6, { fonts, emojiArtwork: artwork })
      for (const svg of [front, back]) {
        expect(svg).not.toMatch(
          /<script|<img|<!ENTITY|<!\[CDATA|<\?xml|<foreignObject|<x\/>|\son\w+=/i
        )
        // eslint-disable-next-line no-control-regex -- control characters must not get through
        expect(svg).not.toMatch(/[\0-\x08\v\f\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/u)
        // Every `<` opens one of the preview's own elements.
        expect(
          svg
            .match(/<\/?([a-z]+)/gi)
            ?.every((tag) =>
              /^<\/?(?:svg|title|defs|path|symbol|g|use|rect|image|circle|ellipse|linearGradient|radialGradient|stop|clipPath|mask)$/.test(
                tag
              )
            )
        ).toBe(true)
      }
    }
  })
})
