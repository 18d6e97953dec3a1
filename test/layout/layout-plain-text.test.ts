import { beforeAll, describe, expect, test } from 'vitest'
import { layoutPlainText } from '../../src/layout/layout-plain-text.ts'
import type { TextBox } from '../../src/layout/types.ts'
import { MM_PER_PT, PX_PER_MM } from '../../src/layout/units.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { testRegistry } from '../text/registry.ts'

let fonts: FontRegistry

beforeAll(async () => {
  fonts = await testRegistry()
})

const BOX: TextBox = {
  width_mm: 50,
  height_mm: 20,
  font_family: 'Roboto',
  font_size_pt: 9,
  line_height: 1.2,
}

describe('layoutPlainText', () => {
  test('should keep line feeds and empty lines, collapse spaces (white-space: pre-line)', () => {
    const layout = layoutPlainText('Anna Muster\n\nHauptstraße   12\n12345 Köln', BOX, fonts)
    expect(layout.lines.map((line) => line.text)).toEqual([
      'Anna Muster',
      '',
      'Hauptstraße 12',
      '12345 Köln',
    ])
    // 9 pt × 1.2 = 14.4 px: Chromium's line box is 14.390625 px (921 layout units).
    const line = 921 / 64 / PX_PER_MM
    expect(layout.metrics.line_height_mm).toBeCloseTo(line, 12)
    expect(
      layout.lines.map((line) => Math.round((line.top_mm / line.height_mm) * 1e9) / 1e9)
    ).toEqual([0, 1, 2, 3])
    const exact = layoutPlainText('a\n\nb', BOX, fonts, undefined, { profile: 'exact' })
    expect(exact.metrics.line_height_mm).toBeCloseTo(9 * MM_PER_PT * 1.2, 12)
    expect(layout.metrics.line_count).toBe(4)
    expect(layout.metrics.block_count).toBe(1)
    expect(layout.align).toBe('left')
    expect(layout.color).toBe('#000000')
  })

  test('should set the whole text in the face asked for', () => {
    const layout = layoutPlainText('Absender GmbH', { ...BOX, color: '#336699' }, fonts, {
      bold: true,
      italic: false,
    })
    const run = layout.lines[0]?.runs[0]
    expect(run?.kind === 'text' && run.face).toBe(
      fonts.face('Roboto', { bold: true, italic: false })
    )
    expect(run?.kind === 'text' && run.color).toBe('#336699')
  })

  test('should wrap long lines and report overflow below the box', () => {
    const layout = layoutPlainText(
      'Eine ziemlich lange Zeile, die in fünfzig Millimetern nicht Platz hat\nund noch eine\nund noch eine\nund noch eine',
      { ...BOX, height_mm: 12, align: 'right' },
      fonts
    )
    expect(layout.lines.length).toBe(5)
    expect(layout.metrics.fits).toBe(false)
    expect(layout.metrics.overflowing_lines).toEqual([3, 4])
    for (const line of layout.lines) expect(line.x_mm + line.width_mm).toBeCloseTo(50, 12)
  })
})
