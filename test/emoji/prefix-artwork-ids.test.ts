import { describe, expect, test } from 'vitest'
import { ArtworkIdPrefixError, prefixArtworkIds } from '../../src/emoji/prefix-artwork-ids.ts'
import { sanitizeArtworkBody } from '../../src/emoji/sanitize-artwork.ts'
import { artworkToSvg } from '../../src/emoji/artwork-to-svg.ts'

const flag =
  '<defs><path id="a" fill="#8899a6" d="M5 36V3"/></defs><use href="#a"/>' +
  '<clipPath id="c"><path d="M0 0h36v36H0z"/></clipPath><g clip-path="url(#c)" fill="url(#c)"/>'

describe('prefixArtworkIds', () => {
  test('should prefix every id and every reference to it', () => {
    expect(prefixArtworkIds(flag, 'e1f3f4-')).toBe(
      '<defs><path id="e1f3f4-a" fill="#8899a6" d="M5 36V3"/></defs><use href="#e1f3f4-a"/>' +
        '<clipPath id="e1f3f4-c"><path d="M0 0h36v36H0z"/></clipPath>' +
        '<g clip-path="url(#e1f3f4-c)" fill="url(#e1f3f4-c)"/>'
    )
  })

  test('should keep two emoji with the same ids apart', () => {
    const one = prefixArtworkIds(flag, 'e1-')
    const two = prefixArtworkIds(flag, 'e2-')
    const ids = (body: string) => [...body.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1])
    expect(ids(one).filter((id) => ids(two).includes(id))).toEqual([])
  })

  test('should leave markup without ids alone', () => {
    const body = '<path fill="#f00" d="M0 0h36v36H0z"/>'
    expect(prefixArtworkIds(body, 'x')).toBe(body)
  })

  test('should prefix what the sanitiser wrote, xlink:href included', () => {
    const clean = sanitizeArtworkBody('<g id="a"/><use xlink:href="#a"/>')
    expect(prefixArtworkIds(clean, 'p_')).toBe('<g id="p_a"/><use href="#p_a"/>')
  })

  test.each(['', '1a', '-a', 'a b', 'a"', 'a$1', 'ä'])('should reject the prefix %j', (prefix) => {
    expect(() => prefixArtworkIds(flag, prefix)).toThrow(ArtworkIdPrefixError)
    expect(() => prefixArtworkIds(flag, prefix)).toThrow(
      `Unexpected id prefix \`${prefix}\`, expected a letter or \`_\` followed by letters, digits, \`_\`, \`.\` or \`-\`.`
    )
  })
})

describe('artworkToSvg', () => {
  test('should wrap artwork into a standalone SVG document', () => {
    const artwork = { key: '1f600', viewBox: '0 0 36 36', width: 36, height: 36, body: flag }
    expect(artworkToSvg(artwork)).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="36" viewBox="0 0 36 36">${flag}</svg>`
    )
  })

  test('should sanitise the body and repair a bad box', () => {
    const artwork = {
      key: 'x',
      viewBox: '0 0 36 36"><script>',
      width: Number.NaN,
      height: 24,
      body: '<script>alert(1)</script><circle r="1"/>',
    }
    expect(artworkToSvg(artwork)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="36" height="24" viewBox="0 0 36 24"><circle r="1"/></svg>'
    )
  })
})
