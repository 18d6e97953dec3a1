import { describe, expect, test } from 'vitest'
import { artworkToSvg } from '../../src/emoji/artwork-to-svg.ts'

const flag =
  '<defs><path id="a" fill="#8899a6" d="M5 36V3"/></defs><use href="#a"/>' +
  '<clipPath id="c"><path d="M0 0h36v36H0z"/></clipPath><g clip-path="url(#c)" fill="url(#c)"/>'

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

  test('should leave the document empty for a body the sanitiser refuses', () => {
    const artwork = {
      key: 'x',
      viewBox: '0 0 36 36',
      width: 36,
      height: 36,
      body: '<g><circle r="1"/>',
    }
    expect(artworkToSvg(artwork)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="36" height="36" viewBox="0 0 36 36"></svg>'
    )
  })
})
