/**
 * Oracle test: Chromium's own table of line breaks between two printable ASCII characters,
 * read back from the live browser (`x` + pair in a 0 px box), must equal the table the line
 * breaker uses (`ASCII_BREAKS_AFTER`), so a Chromium update that changes it is noticed.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { ASCII_BREAKS_AFTER } from '../../src/text/line-break.ts'
import { loadFontFile } from '../helpers/fonts.ts'

let box: HTMLDivElement

beforeAll(async () => {
  const face = new FontFace(
    'Oracle ASCII',
    (await loadFontFile('Inter-Regular.ttf')).slice().buffer
  )
  await face.load()
  document.fonts.add(face)
  box = document.createElement('div')
  document.body.appendChild(box)
})

describe('ASCII line breaks against Chromium', () => {
  test('should read the ASCII break table back from Chromium unchanged', () => {
    box.style.cssText = "font-family:'Oracle ASCII';font-size:15px;width:0;overflow-wrap:normal"
    const range = document.createRange()
    const found: Record<string, string> = {}
    for (let left = 0x21; left < 0x7f; left++) {
      let rights = ''
      for (let right = 0x21; right < 0x7f; right++) {
        box.textContent = `x${String.fromCharCode(left)}${String.fromCharCode(right)}`
        const node = box.firstChild as Text
        range.setStart(node, 1)
        range.setEnd(node, 2)
        const first = range.getBoundingClientRect().top
        range.setStart(node, 2)
        range.setEnd(node, 3)
        if (range.getBoundingClientRect().top > first + 1) rights += String.fromCharCode(right)
      }
      if (rights !== '') found[String.fromCharCode(left)] = rights
    }
    expect(found).toEqual(ASCII_BREAKS_AFTER)
  })
})
