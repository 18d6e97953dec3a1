/** The demo's font loading: only the faces a design and its text need, each fetched once. */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import manifest from '../../fonts/fonts.json' with { type: 'json' }
import { faceNeeds, markdownFaces } from '../../demo/face-needs.ts'
import { createFontLoader, FontLoadError, type FaceNeeds } from '../../demo/font-loader.ts'
import { parseDesign } from '../../src/design/parse-design.ts'

/** A fetch over the repository's fonts/ folder that records what was asked. */
function fontServer(missing: readonly string[] = []) {
  const asked: string[] = []
  const fetchFont = async (input: string | URL | Request): Promise<Response> => {
    const file = String(input).replace('/assets/', '')
    asked.push(file)
    if (missing.includes(file)) return new Response('Not found', { status: 404 })
    return new Response(await readFile(new URL(`../../fonts/${file}`, import.meta.url)))
  }
  return { asked, fetch: fetchFont as typeof fetch }
}

const needs = (entries: Record<string, string[]>): FaceNeeds =>
  new Map(Object.entries(entries).map(([family, slots]) => [family, new Set(slots)])) as FaceNeeds

describe('markdownFaces', () => {
  it.each([
    ['plain text', ['regular']],
    ['2 * 3 * 4 and snake_case', ['regular']],
    ['Hello **Erika**', ['regular', 'bold']],
    ['**only bold**', ['regular', 'bold']],
    ['*a* and _b_', ['regular', 'italic']],
    ['***both***', ['regular', 'bold_italic']],
    ['*a **b** c*', ['regular', 'italic', 'bold_italic']],
    ['- **item**\n- *other*', ['regular', 'bold', 'italic']],
  ])('should find the faces of %j', (text, slots) => {
    expect([...markdownFaces(text)].sort()).toEqual([...slots].sort())
  })
})

describe('faceNeeds', () => {
  it('should ask regular faces for static text and addresses and what each Markdown text uses', async () => {
    const json = await readFile(new URL('../../designs/a6-greeting.json', import.meta.url), 'utf8')
    const design = parseDesign(JSON.parse(json))
    const texts: Record<string, string> = { greeting: 'Hi **you**', body: 'plain' }
    const result = faceNeeds(design, (key) => markdownFaces(texts[key] ?? ''))
    expect(
      Object.fromEntries([...result].map(([family, slots]) => [family, [...slots].sort()]))
    ).toEqual({
      Lora: ['regular'],
      Inter: ['bold', 'regular'],
      Roboto: ['regular'],
    })
  })
})

describe('createFontLoader', () => {
  it('should fetch only the needed faces, each once, and keep the registry until one arrives', async () => {
    const server = fontServer()
    const loader = createFontLoader({
      manifest,
      urlOf: (file) => `/assets/${file}`,
      fetch: server.fetch,
    })
    const first = needs({ Inter: ['regular'], Lora: ['regular'] })
    expect(loader.ready(first)).toBeUndefined()
    const registry = await loader.load(first)
    expect(server.asked.sort()).toEqual(['Inter-Regular.ttf', 'Lora-Regular.ttf'])
    expect(registry.families).toEqual(['Inter', 'Lora'])
    expect(loader.ready(first)).toBe(registry)
    expect(await loader.load(first)).toBe(registry)
    expect(server.asked).toHaveLength(2)

    const bold = needs({ Inter: ['bold'] })
    expect(loader.ready(bold)).toBeUndefined()
    const next = await loader.load(bold)
    expect(next).not.toBe(registry)
    expect(server.asked).toHaveLength(3)
    expect(next.face('Inter', { bold: true, italic: false }).style).toEqual({
      bold: true,
      italic: false,
    })
    expect(loader.files).toEqual(['Inter-Regular.ttf', 'Lora-Regular.ttf', 'Inter-Bold.ttf'])
  })

  it('should share one request between loads that overlap', async () => {
    const server = fontServer()
    const loader = createFontLoader({
      manifest,
      urlOf: (file) => `/assets/${file}`,
      fetch: server.fetch,
    })
    const wanted = needs({ Roboto: ['regular'] })
    const [a, b] = await Promise.all([loader.load(wanted), loader.load(wanted)])
    expect(a).toBe(b)
    expect(server.asked).toEqual(['Roboto-Regular.ttf'])
  })

  it('should refuse a family the manifest lacks, naming the families it has', () => {
    const loader = createFontLoader({ manifest, urlOf: () => undefined, fetch: fontServer().fetch })
    expect(() => loader.ready(needs({ Comic: ['regular'] }))).toThrow(
      new FontLoadError(
        'Unexpected font family `Comic`, expected one of the fonts manifest: `Inter`, `Roboto`, `Lora`'
      )
    )
  })

  it('should reject a file the server does not have, and fetch it again on the next load', async () => {
    const server = fontServer(['Lora-Regular.ttf'])
    const loader = createFontLoader({
      manifest,
      urlOf: (file) => `/assets/${file}`,
      fetch: server.fetch,
    })
    const wanted = needs({ Lora: ['regular'] })
    await expect(loader.load(wanted)).rejects.toThrow(
      new FontLoadError('Cannot load the font `Lora-Regular.ttf`: HTTP 404')
    )
    await expect(loader.load(wanted)).rejects.toThrow(FontLoadError)
    expect(server.asked).toEqual(['Lora-Regular.ttf', 'Lora-Regular.ttf'])
  })
})
