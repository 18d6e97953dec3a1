import { describe, expect, test } from 'vitest'
import { createCollector, verdictOf } from '../../src/verdict/create-report.ts'
import type { MarkdownFitError, QrFitError, WarningDraft } from '../../src/verdict/types.ts'

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

const warning: WarningDraft = {
  code: 'zip-format',
  path: 'to.zip',
  message: 'Unexpected zip `123` for Germany, expected 5 digits such as `10115`',
}

describe('createCollector', () => {
  test('should give an ok verdict with the warnings, each stamped with its rule', () => {
    const collector = createCollector()
    const report = collector.as('address-postal-code')
    report.warn(warning)
    report.meta({ expected_content_keys: ['greeting'] })
    expect(verdictOf(collector.findings())).toEqual({
      ok: true,
      warnings: [{ ...warning, rule: 'address-postal-code' }],
    })
  })

  test('should give a 422 verdict with every error, meta and warnings', () => {
    const collector = createCollector()
    const report = collector.as('content-keys')
    report.error('content.hello', 'The content.hello field is prohibited.', 'prohibited')
    report.meta({ expected_content_keys: ['greeting'] })
    collector.as('address-postal-code').warn(warning)
    const findings = collector.findings()
    expect(findings.errors).toEqual([
      {
        path: 'content.hello',
        message: 'The content.hello field is prohibited.',
        code: 'prohibited',
        rule: 'content-keys',
      },
    ])
    expect(verdictOf(findings)).toEqual({
      ok: false,
      status: 422,
      body: {
        message: 'The content.hello field is prohibited.',
        errors: { 'content.hello': ['The content.hello field is prohibited.'] },
        meta: { expected_content_keys: ['greeting'] },
      },
      warnings: [{ ...warning, rule: 'address-postal-code' }],
    })
  })

  test('should append fit errors and let the last expected keys win', () => {
    const collector = createCollector()
    const report = collector.as('text-fit')
    report.error('content.a', 'too long', 'markdown-fit')
    report.meta({ markdown_fit_errors: [fit('a')], expected_qr_keys: ['x'] })
    report.meta({ markdown_fit_errors: [fit('b')], expected_qr_keys: ['y'] })
    const qr: QrFitError = {
      key: 'y',
      label: 'Y',
      resolved_url_length: 3000,
      suggested_action: 'Shorten the URL.',
    }
    collector.as('qr-urls').meta({ qr_fit_errors: [qr] })
    const verdict = verdictOf(collector.findings())
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
    const collector = createCollector()
    const report = collector.as('postcard-structure')
    for (const where of found) report.error(where, 'x', 'x')
    expect(report.hasError(path)).toBe(expected)
    expect(collector.as('content-keys').hasError(path)).toBe(expected)
  })

  test('should order errors with the given function and keep the found order otherwise', () => {
    const collector = createCollector()
    collector.as('postcard-structure').errorsFrom([
      { path: 'b', code: 'x', message: 'B' },
      { path: 'a', code: 'x', message: 'A' },
    ])
    const unordered = verdictOf(collector.findings())
    const ordered = verdictOf(collector.findings((errors) => [...errors].reverse()))
    expect(unordered.ok ? undefined : unordered.body.message).toBe('B (and 1 more error)')
    expect(ordered.ok ? undefined : ordered.body.message).toBe('A (and 1 more error)')
    expect(collector.errors.map((error) => [error.path, error.rule])).toEqual([
      ['b', 'postcard-structure'],
      ['a', 'postcard-structure'],
    ])
  })

  test('should freeze the findings', () => {
    const collector = createCollector()
    collector.as('content-keys').error('content', 'x', 'x')
    const findings = collector.findings()
    expect(Object.isFrozen(findings)).toBe(true)
    expect(Object.isFrozen(findings.errors)).toBe(true)
    expect(Object.isFrozen(findings.warnings)).toBe(true)
  })
})
