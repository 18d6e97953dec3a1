/**
 * The sandbox's start page while the demo page is not built: one self-contained HTML page (no
 * script, no external resource) listing the endpoints, the tokens to use and the flow ids.
 *
 * @module
 */

/** A flow as the page lists it. */
export interface WelcomeFlow {
  readonly id: string
  /** The design's name, e.g. `Spring greeting A6`. */
  readonly designName: string
  readonly contentKeys: readonly string[]
  readonly qrKeys: readonly string[]
  readonly paused: boolean
  readonly batch: { readonly at: readonly string[]; readonly time_zone: string }
}

/** An account as the page lists it. */
export interface WelcomeAccount {
  readonly id: string
  readonly tokens: readonly string[]
  readonly flows: readonly WelcomeFlow[]
}

const escapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Escapes text for HTML content and attribute values.
 *
 * @param text Any text.
 * @returns The escaped text.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char)
}

const endpoints: readonly (readonly [string, string, string])[] = [
  ['POST', '/api/v1/postcards', 'Submit a recipient to a flow (spec 4.1). Test or live token.'],
  ['POST', '/api/v1/campaigns', 'Create a campaign (spec 4.2). Live token only.'],
  ['GET', '/api/v1/logs', 'Sandbox: the API logs of your account and token mode.'],
  ['POST', '/api/v1/logs/{request_id}/remove', 'Sandbox: remove an entry from its mailing.'],
  ['POST', '/api/v1/logs/{request_id}/resume', 'Sandbox: restore a removed entry.'],
  ['POST', '/api/v1/flows/{flow_id}/pause', 'Sandbox: pause a flow (entries get 202).'],
  ['POST', '/api/v1/flows/{flow_id}/resume', 'Sandbox: resume a flow.'],
  ['GET', '/api/v1/entries', 'Sandbox: the entries of your account and token mode.'],
  ['GET', '/openapi.json', 'The OpenAPI 3.1 document.'],
]

/**
 * Renders the start page.
 *
 * @param accounts The accounts with their tokens and flows.
 * @returns The HTML document.
 */
export function renderWelcomePage(accounts: readonly WelcomeAccount[]): string {
  const rows = endpoints
    .map(
      ([method, path, what]) =>
        `<tr><td><code>${method}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(what)}</td></tr>`
    )
    .join('\n')
  const sections = accounts
    .map((account) => {
      const tokens = account.tokens
        .map((token) => `<li><code>${escapeHtml(token)}</code></li>`)
        .join('')
      const flows = account.flows
        .map((flow) => {
          const keys = [
            flow.contentKeys.length > 0 ? `content: ${flow.contentKeys.join(', ')}` : '',
            flow.qrKeys.length > 0 ? `qr_codes: ${flow.qrKeys.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; ')
          const state = flow.paused
            ? 'paused (entries get 202)'
            : `active, batches ${flow.batch.at.join(', ')} ${flow.batch.time_zone}`
          return `<li><code>${escapeHtml(flow.id)}</code> ${escapeHtml(flow.designName)} (${escapeHtml(state)})${keys ? `<br><small>${escapeHtml(keys)}</small>` : ''}</li>`
        })
        .join('')
      return `<section><h2>Account <code>${escapeHtml(account.id)}</code></h2><h3>Tokens</h3><ul>${tokens}</ul><h3>Flows</h3><ul>${flows}</ul></section>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Direct-Mail API sandbox</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code{font:14px ui-monospace,monospace;background:#f3f3f3;padding:0 .2em;border-radius:3px}
table{border-collapse:collapse;width:100%}td{border-top:1px solid #ddd;padding:.3rem .5rem;vertical-align:top}
small{color:#555}
</style>
</head>
<body>
<h1>Direct-Mail API v1 sandbox</h1>
<p>postcard-preflight's sandbox answers like the Direct-Mail API: the same 422 bodies, <code>X-Request-Id</code> and <code>Idempotency-Key</code> idempotency, rate limits and API logs. Send <code>Authorization: Bearer &lt;token&gt;</code> with every API request.</p>
<table>
${rows}
</table>
${sections}
</body>
</html>
`
}
