/**
 * The demo's emoji artwork over HTTP: read back exactly what the sandbox serves at
 * `GET /emoji/<key>.svg` (the server's handler and Twemoji set are the oracle).
 */
import { describe, expect, it } from 'vitest'
import { createEmojiArtworkSource } from '../../src/node/emoji-artwork.ts'
import { handlerOptionsOf, loadServerConfig } from '../../src/node/server-config.ts'
import { createApiHandler } from '../../src/server/create-api-handler.ts'
import { artworkToSvg } from '../../src/emoji/artwork-to-svg.ts'
import { createHttpEmojiArtwork, parseArtworkSvg } from '../../demo/emoji-artwork-source.ts'

const twemoji = createEmojiArtworkSource()
const handler = createApiHandler({
  ...handlerOptionsOf(await loadServerConfig()),
  emojiArtwork: twemoji,
})

/** The sandbox's handler as `fetch`, recording the URLs asked. */
function sandboxFetch(asked: string[]): typeof fetch {
  return (async (input: string | URL | Request) => {
    asked.push(String(input))
    return handler(new Request(new URL(String(input), 'http://localhost/')))
  }) as typeof fetch
}

describe('parseArtworkSvg', () => {
  it('should read back the artwork the core wrote with artworkToSvg', async () => {
    const keys = ['1f337', '1f469-1f3fd-200d-1f4bb', '2764-fe0f', '1f1e9-1f1ea']
    const artwork = await twemoji(keys)
    expect(artwork.size).toBeGreaterThan(0)
    for (const [key, original] of artwork) {
      expect(parseArtworkSvg(key, artworkToSvg(original))).toEqual(original)
    }
  })

  it.each([
    '',
    '<g/>',
    '<svg width="36" height="36"><g/>',
    '<svg width="x" height="36"></svg>',
    '<svg width="36" height="36"></svg><script/>',
  ])('should refuse %j', (text) => {
    expect(parseArtworkSvg('1f337', text)).toBeUndefined()
  })

  it('should sanitise what it reads, whoever answered', () => {
    const artwork = parseArtworkSvg(
      'x',
      '<svg width="36" height="36" viewBox="0 0 36 36"><path d="M0 0h1" onclick="alert(1)"/><script>alert(1)</script></svg>'
    )
    expect(artwork?.body).toBe('<path d="M0 0h1"/>')
  })
})

describe('createHttpEmojiArtwork', () => {
  it('should fetch each emoji once, from the sandbox route, and remember emoji without artwork', async () => {
    const asked: string[] = []
    const source = createHttpEmojiArtwork('/emoji/', sandboxFetch(asked))
    expect(source.has(['1f337'])).toBe(false)
    const loaded = await source.load(['1f337', 'ffff'])
    expect(loaded.get('1f337')).toEqual((await twemoji(['1f337'])).get('1f337'))
    expect(loaded.has('ffff')).toBe(false)
    expect(source.has(['1f337', 'ffff'])).toBe(true)
    await source.load(['1f337', 'ffff'])
    expect(asked).toEqual(['/emoji/1f337.svg', '/emoji/ffff.svg'])
  })

  it('should ask again for an emoji whose request failed', async () => {
    let calls = 0
    const flaky = (async () => {
      calls++
      if (calls === 1) throw new TypeError('Failed to fetch')
      return handler(new Request('http://localhost/emoji/1f337.svg'))
    }) as typeof fetch
    const source = createHttpEmojiArtwork('/emoji/', flaky)
    expect((await source.load(['1f337'])).has('1f337')).toBe(false)
    expect(source.has(['1f337'])).toBe(false)
    expect((await source.load(['1f337'])).has('1f337')).toBe(true)
    expect(calls).toBe(2)
  })
})
