import { describe, expect, test } from 'vitest'
import type { EmojiArtworkSource } from '../../src/emoji/types.ts'
import { assetPath } from '../../src/server/static-routes.ts'
import { read, sandbox } from './sandbox.ts'

const asked: string[][] = []
const artwork: EmojiArtworkSource = async (keys) => {
  asked.push([...keys])
  return new Map(
    keys
      .filter((key) => key === '1f600')
      .map((key) => [
        key,
        {
          key,
          viewBox: '0 0 36 36',
          width: 36,
          height: 36,
          body: '<circle cx="18" cy="18" r="18" fill="#fc3"/>',
        },
      ])
  )
}

describe('GET /emoji/<key>.svg', () => {
  test('should serve artwork as a standalone SVG file', async () => {
    const { send, store } = sandbox({ emojiArtwork: artwork })
    const response = await read(await send('GET', '/emoji/1f600.svg', { token: null }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'"
    )
    expect(response.text).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="36" height="36" viewBox="0 0 36 36"><circle cx="18" cy="18" r="18" fill="#fc3"/></svg>'
    )
    expect(await store.logs.list('acme', 'test', 10)).toEqual([])
  })

  test('should answer 404 for an unknown or malformed key without asking the source for the latter', async () => {
    const { send } = sandbox({ emojiArtwork: artwork })
    asked.length = 0
    for (const path of [
      '/emoji/1f601.svg',
      '/emoji/..%2F1f600.svg',
      '/emoji/1F600.svg',
      '/emoji/1f600.png',
    ]) {
      const response = await read(await send('GET', path))
      expect(response.status).toBe(404)
    }
    expect(asked).toEqual([['1f601']])
  })

  test('should not exist without an artwork source', async () => {
    const { send } = sandbox()
    expect((await send('GET', '/emoji/1f600.svg')).status).toBe(404)
  })
})

describe('static files (assets)', () => {
  const files: Record<string, string> = {
    '/': '<!doctype html><title>demo</title>',
    '/app.js': 'export {}',
  }
  const assets = (path: string) =>
    path in files
      ? {
          body: files[path] as string,
          contentType: path === '/' ? 'text/html; charset=utf-8' : 'text/javascript',
        }
      : undefined

  test('should serve the files of the asset source, HEAD without body', async () => {
    const { send } = sandbox({ assets })
    const page = await read(await send('GET', '/'))
    expect([page.status, page.headers.get('content-type'), page.text]).toEqual([
      200,
      'text/html; charset=utf-8',
      files['/'],
    ])
    const head = await read(await send('HEAD', '/app.js'))
    expect([head.status, head.headers.get('content-type'), head.text]).toEqual([
      200,
      'text/javascript',
      '',
    ])
    expect((await send('GET', '/missing.js')).status).toBe(404)
  })

  test.each([
    ['/a/b.js', '/a/b.js'],
    ['/caf%C3%A9.css', '/café.css'],
    ['/%2e%2e/secret', undefined],
    ['/a/%2E%2E/%2E%2E/secret', undefined],
    ['/a%5Cb', undefined],
    ['/a%00', undefined],
    ['/%E0%A4%A', undefined],
  ])('should decode %s to %s', (path, decoded) => {
    expect(assetPath(path)).toBe(decoded)
  })
})

describe('methods outside the API', () => {
  test('should answer 404 for a path with nothing behind it, whatever the method', async () => {
    const { send } = sandbox()
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const answer = await read(await send(method, '/nothing/here', { token: null }))
      expect([answer.status, answer.json]).toEqual([
        404,
        { message: 'The route `/nothing/here` could not be found.' },
      ])
    }
  })

  test('should answer 405 with Allow for a file that exists', async () => {
    const { send } = sandbox()
    const answer = await read(await send('POST', '/openapi.json', { token: null }))
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, HEAD')
    expect(answer.json).toEqual({
      message:
        'The POST method is not supported for route `/openapi.json`. Supported methods: GET, HEAD.',
    })
  })
})
