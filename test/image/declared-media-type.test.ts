/**
 * `declaredMediaType` reads the type a `data:` URI declares without its data: the type
 * `readDataUri` judges the URI as, which the image-resolution rule reads to skip SVG images.
 */
import { describe, expect, test } from 'vitest'
import { declaredMediaType, readDataUri } from '../../src/image/read-data-uri.ts'
import { JPEG, PNG, SVG_BASE64, SVG_PERCENT } from '../design/data-uris.ts'

describe('declaredMediaType', () => {
  test.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [SVG_BASE64, 'image/svg+xml'],
    [SVG_PERCENT, 'image/svg+xml'],
    [PNG.replace('data:image/png', 'DATA:IMAGE/PNG'), 'image/png'],
    ['data:image/svg+xml,%3Csvg%3E', 'image/svg+xml'],
    ['data:image/svg+xmlx,%3Csvg%3E', 'image/svg+xmlx'],
    ['data:,hello', ''],
    ['https://example.com/logo.svg', undefined],
  ])('should read %s as %s', (uri, type) => {
    expect(declaredMediaType(uri)).toBe(type)
  })

  test('should agree with readDataUri on every URI it accepts', () => {
    for (const uri of [PNG, JPEG, SVG_BASE64, SVG_PERCENT]) {
      const read = readDataUri(uri)
      expect(read.ok && read.mediaType).toBe(declaredMediaType(uri))
    }
  })
})
