import { expect, test } from 'vitest'
import { loadTestFonts } from './helpers/fonts.ts'
test('should load fonts', async () => {
  const fonts = await loadTestFonts()
  expect(fonts['Inter']?.regular.byteLength).toBe(342408)
})
