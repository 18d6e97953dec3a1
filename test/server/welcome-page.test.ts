import { describe, expect, test } from 'vitest'
import { escapeHtml, renderWelcomePage } from '../../src/server/welcome-page.ts'

describe('renderWelcomePage', () => {
  test('should list endpoints, tokens and flows, escaped', () => {
    const html = renderWelcomePage([
      {
        id: 'acme <b>',
        tokens: ['dm_test_abc'],
        flows: [
          {
            id: 'f1',
            designName: 'Spring & Co',
            contentKeys: ['greeting'],
            qrKeys: ['coupon_url'],
            paused: false,
            batch: { at: ['08:00', '14:00'], time_zone: 'Europe/Berlin' },
          },
        ],
      },
    ])
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('<h2>Account <code>acme &lt;b&gt;</code></h2>')
    expect(html).toContain('<li><code>dm_test_abc</code></li>')
    expect(html).toContain(
      '<li><code>f1</code> Spring &amp; Co (active, batches 08:00, 14:00 Europe/Berlin)<br><small>content: greeting; qr_codes: coupon_url</small></li>'
    )
    expect(html).toContain('<code>/api/v1/logs/{request_id}/remove</code>')
    expect(html).not.toMatch(/<script|src=|href=/)
  })

  test('should escape the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;'
    )
  })
})
