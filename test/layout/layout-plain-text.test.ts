import { beforeAll, describe, expect, test } from 'vitest'
import { layoutPlainText } from '../../src/layout/layout-plain-text.ts'
import type { TextBox } from '../../src/layout/types.ts'
import { MM_PER_PT } from '../../src/layout/units.ts'
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
    expect(
      layout.lines.map((line) => Math.round((line.top_mm / (9 * MM_PER_PT * 1.2)) * 1e9) / 1e9)
    ).toEqual([0, 1, 2, 3])
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
