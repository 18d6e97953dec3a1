import { describe, expect, test } from 'vitest'
import { createReport } from '../../src/verdict/create-report.ts'
import type { MarkdownFitError, QrFitError, Warning } from '../../src/verdict/types.ts'

const fit = (key: string): MarkdownFitError => ({
  key,
  label: key,
  available_width_mm: 10,
  available_height_mm: 10,
  measured_height_mm: 12,
  overflow_mm: 2,
  font_size_pt: 10,
  line_height: 1.2,
  block_count: 1,
  line_count: 3,
  suggested_action: 'Shorten the text.',
})

const warning: Warning = {
  code: 'zip-format',
  path: 'to.zip',
  message: 'Unexpected zip `123` for Germany, expected 5 digits such as `10115`',
}

describe('createReport', () => {
  test('should give an ok verdict with the warnings when there is no error', () => {
    const report = createReport()
    report.warn(warning)
    report.meta({ expected_content_keys: ['greeting'] })
    expect(report.toVerdict()).toEqual({ ok: true, warnings: [warning] })
  })

  test('should give a 422 verdict with every error, meta and warnings', () => {
    const report = createReport()
    report.error('content.hello', 'The content.hello field is prohibited.', 'prohibited')
    report.meta({ expected_content_keys: ['greeting'] })
    report.warn(warning)
    expect(report.toVerdict()).toEqual({
      ok: false,
      status: 422,
      body: {
        message: 'The content.hello field is prohibited.',
        errors: { 'content.hello': ['The content.hello field is prohibited.'] },
        meta: { expected_content_keys: ['greeting'] },
      },
      warnings: [warning],
    })
  })

  test('should append fit errors and let the last expected keys win', () => {
    const report = createReport()
    report.error('content.a', 'too long', 'markdown-fit')
    report.meta({ markdown_fit_errors: [fit('a')], expected_qr_keys: ['x'] })
    report.meta({ markdown_fit_errors: [fit('b')], expected_qr_keys: ['y'] })
    const qr: QrFitError = {
      key: 'y',
      label: 'Y',
      resolved_url_length: 3000,
      suggested_action: 'Shorten the URL.',
    }
    report.meta({ qr_fit_errors: [qr] })
    const verdict = report.toVerdict()
    expect(verdict.ok).toBe(false)
    if (verdict.ok) return
    expect(verdict.body.meta).toEqual({
      markdown_fit_errors: [fit('a'), fit('b')],
      expected_qr_keys: ['y'],
      qr_fit_errors: [qr],
    })
  })

  test.each([
    { path: 'content', found: ['content'], expected: true },
    { path: 'content', found: ['content.body'], expected: true },
    { path: 'content.body', found: ['content'], expected: false },
    { path: 'content', found: ['contents'], expected: false },
    { path: 'to', found: ['to.zip', 'from'], expected: true },
    { path: 'to.zip', found: [], expected: false },
  ])('should answer hasError($path) after $found with $expected', ({ path, found, expected }) => {
    const report = createReport()
    for (const where of found) report.error(where, 'x', 'x')
    expect(report.hasError(path)).toBe(expected)
  })

  test('should order errors with the given function and keep the found order otherwise', () => {
    const report = createReport()
    report.errorsFrom([
      { path: 'b', code: 'x', message: 'B' },
      { path: 'a', code: 'x', message: 'A' },
    ])
    const unordered = report.toVerdict()
    const ordered = report.toVerdict((errors) => [...errors].reverse())
    expect(unordered.ok ? undefined : unordered.body.message).toBe('B (and 1 more error)')
    expect(ordered.ok ? undefined : ordered.body.message).toBe('A (and 1 more error)')
    expect(report.errors.map((error) => error.path)).toEqual(['b', 'a'])
  })
})
