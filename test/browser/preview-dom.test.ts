/**
 * Browser only: the previews through the browser's own XML parser (`DOMParser`), an oracle we
 * did not write. Every document must parse, hold only drawing elements, no event attributes, no
 * reference outside itself, and keep user text out of the markup.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { parseDesign } from '../../src/design/parse-design.ts'
import { renderPreview } from '../../src/preview/render-preview.ts'
import type { EmojiArtwork } from '../../src/emoji/types.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import {
  caseNames,
  fixtureUrl,
  loadArtworkFixture,
  loadCase,
  readText,
  testRegistry,
} from '../preview/preview-cases.ts'

const SVG = 'http://www.w3.org/2000/svg'
// What a preview draws with: structure, shapes, images, and the paint servers of emoji artwork.
const allowedElements = new Set(
  'svg title defs symbol g use path rect circle ellipse line polyline polygon image linearGradient radialGradient stop clipPath mask pattern'.split(
    ' '
  )
)
const safeHref = /^(?:#[\w-]+|data:image\/(?:png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2})$/

let fonts: FontRegistry
let artwork: ReadonlyMap<string, EmojiArtwork>

beforeAll(async () => {
  fonts = await testRegistry()
  artwork = await loadArtworkFixture()
})

function parse(svg: string): Document {
  const document = new DOMParser().parseFromString(svg, 'image/svg+xml')
  const error = document.querySelector('parsererror')
  if (error) throw new Error(`Not well-formed: ${error.textContent ?? ''}`)
  return document
}

/** Checks the structure every preview must have; returns the document. */
function checkDocument(svg: string): Document {
  const document = parse(svg)
  const root = document.documentElement
  expect(root.namespaceURI).toBe(SVG)
  expect(root.localName).toBe('svg')
  const ids = new Set<string>()
  for (const element of root.querySelectorAll('*')) {
    expect(element.namespaceURI).toBe(SVG)
    expect(allowedElements.has(element.localName), element.localName).toBe(true)
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i)
    }
    if (element.id) {
      expect(ids.has(element.id), `duplicate id ${element.id}`).toBe(false)
      ids.add(element.id)
    }
  }
  for (const element of root.querySelectorAll('[href]')) {
    const href = element.getAttribute('href') ?? ''
    expect(href).toMatch(safeHref)
    if (href.startsWith('#')) expect(ids.has(href.slice(1)), href).toBe(true)
  }
  return document
}

describe('renderPreview documents', () => {
  test.each(caseNames)('should parse `%s` as clean, self-contained SVG', async (name) => {
    for (const side of ['front', 'back'] as const) {
      const document = checkDocument(await readText(fixtureUrl(`${name}.${side}.svg`)))
      expect(document.querySelectorAll('text, script, foreignObject, style, a').length).toBe(0)
    }
  })

  test('should keep an injected design name as the exact title text', async () => {
    const { body } = await loadCase('a6-greeting')
    const json = JSON.parse(
      await readText(new URL('../../designs/dl-plain.json', location.href))
    ) as Record<string, unknown>
    const name = '</title><script>alert(1)</script> ]]> &amp; "\' \u0000\uD800'
    const design = parseDesign({ ...json, name })
    const preview = renderPreview(body, design, { fonts })
    const document = checkDocument(preview.front)
    expect(document.querySelector('title')?.textContent).toBe(
      '</title><script>alert(1)</script> ]]> &amp; "\' \uFFFD\uFFFD, front'
    )
  })

  test('should give the two sides distinct ids, so both can be inlined into one page', async () => {
    const { body, design } = await loadCase('a6-greeting')
    const preview = renderPreview(body, design, {
      fonts,
      emojiArtwork: artwork,
      idPrefix: 'card7-',
    })
    const page = new DOMParser().parseFromString(
      `<!doctype html><body>${preview.front}${preview.back}</body>`,
      'text/html'
    )
    const ids = [...page.querySelectorAll('[id]')].map((element) => element.id)
    expect(ids.length).toBeGreaterThan(50)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.every((id) => /^card7-[fb]-/.test(id))).toBe(true)
  })
})
