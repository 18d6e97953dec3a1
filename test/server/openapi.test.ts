import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, test } from 'vitest'
import postcardSchema from '../../src/schema/postcard.schema.json' with { type: 'json' }
import campaignSchema from '../../src/schema/campaign.schema.json' with { type: 'json' }
import { createOpenApiDocument } from '../../src/server/openapi-document.ts'
import { a6Postcard, campaign, dlPostcard, flows, read, sandbox, tokens } from './sandbox.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** A browser's preflight before a POST with a token and a request id. */
const corsPreflight = {
  origin: 'http://localhost:5173',
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'authorization, content-type, x-request-id',
}

describe('GET /openapi.json', () => {
  test('should serve the OpenAPI 3.1 document, sandbox routes tagged as such', async () => {
    const { send } = sandbox()
    const response = await read(await send('GET', '/openapi.json', { token: null }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const document = response.json as Json
    expect(document['openapi']).toBe('3.1.0')
    const operations = Object.entries(document['paths'] as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).map(([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        (operation as Json)['tags'],
      ])
    )
    expect(operations).toEqual([
      ['OPTIONS /api/v1/postcards', ['cors']],
      ['POST /api/v1/postcards', ['postcards']],
      ['OPTIONS /api/v1/campaigns', ['cors']],
      ['POST /api/v1/campaigns', ['campaigns']],
      ['OPTIONS /api/v1/logs', ['cors']],
      ['GET /api/v1/logs', ['sandbox']],
      ['OPTIONS /api/v1/logs/{request_id}/remove', ['cors']],
      ['POST /api/v1/logs/{request_id}/remove', ['sandbox']],
      ['OPTIONS /api/v1/logs/{request_id}/resume', ['cors']],
      ['POST /api/v1/logs/{request_id}/resume', ['sandbox']],
      ['OPTIONS /api/v1/flows/{flow_id}/pause', ['cors']],
      ['POST /api/v1/flows/{flow_id}/pause', ['sandbox']],
      ['OPTIONS /api/v1/flows/{flow_id}/resume', ['cors']],
      ['POST /api/v1/flows/{flow_id}/resume', ['sandbox']],
      ['OPTIONS /api/v1/entries', ['cors']],
      ['GET /api/v1/entries', ['sandbox']],
      ['OPTIONS /api/v1/entries/{request_id}/proof.pdf', ['cors']],
      ['GET /api/v1/entries/{request_id}/proof.pdf', ['sandbox']],
    ])
    expect(document['paths']['/api/v1/postcards']['post']['operationId']).toBe('v1.postcards.store')
    expect(document['paths']['/api/v1/campaigns']['post']['operationId']).toBe('v1.campaigns.store')
  })

  test('should embed the package schemas of the request bodies unchanged', () => {
    const document = createOpenApiDocument() as Json
    const schemas = document['components']['schemas']
    const { $schema: _a, definitions, ...postcard } = postcardSchema as Json
    expect(schemas['Address']).toEqual(definitions['address'])
    expect(schemas['PostcardSubmission']).toEqual({
      ...postcard,
      properties: {
        ...postcard['properties'],
        from: { ...postcard['properties']['from'], $ref: '#/components/schemas/Address' },
        to: { ...postcard['properties']['to'], $ref: '#/components/schemas/Address' },
      },
    })
    const { $schema: _b, ...campaignBody } = campaignSchema as Json
    expect(schemas['Campaign']).toEqual(campaignBody)
    expect(JSON.stringify(document)).not.toContain('#/definitions/')
  })

  test('should describe every answer the handler gives (checked with ajv)', async () => {
    const document = createOpenApiDocument() as Json
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
    ajv.addSchema({ ...document, $id: 'openapi' })
    const { send, sendWithHeaders } = sandbox({ limits: { postcardsPerMinute: 12 } })
    const calls: [string, string, Parameters<typeof send>[2]][] = [
      ['POST', '/api/v1/postcards', { body: a6Postcard(), headers: { 'x-request-id': 'a' } }],
      ['POST', '/api/v1/postcards', { body: a6Postcard(), headers: { 'x-request-id': 'a' } }],
      ['POST', '/api/v1/postcards', { body: dlPostcard() }],
      ['POST', '/api/v1/postcards', { body: a6Postcard({ content: {} }) }],
      ['POST', '/api/v1/postcards', { raw: '[' }],
      ['POST', '/api/v1/postcards', { token: null }],
      ['POST', '/api/v1/postcards', { body: a6Postcard({ flow_id: flows.a5 }) }],
      ['POST', '/api/v1/campaigns', { body: campaign() }],
      [
        'POST',
        '/api/v1/campaigns',
        { token: tokens.acmeLive, body: campaign(), headers: { 'idempotency-key': 'k' } },
      ],
      [
        'POST',
        '/api/v1/campaigns',
        {
          token: tokens.acmeLive,
          body: campaign({ name: 'B' }),
          headers: { 'idempotency-key': 'k' },
        },
      ],
      [
        'POST',
        '/api/v1/campaigns',
        { token: tokens.acmeLive, body: campaign({ processingType: 'weekly' }) },
      ],
      ['GET', '/api/v1/logs', {}],
      ['POST', '/api/v1/logs/a/remove', {}],
      ['POST', '/api/v1/logs/a/resume', {}],
      ['POST', '/api/v1/logs/zzz/resume', {}],
      ['POST', `/api/v1/flows/${flows.a6}/pause`, {}],
      ['POST', `/api/v1/flows/${flows.a6}/resume`, {}],
      ['GET', '/api/v1/entries', {}],
      ['GET', '/api/v1/entries?limit=0', {}],
      // This sandbox has no fonts: 503 (the 200 of a proof is tested in sandbox-routes).
      ['GET', '/api/v1/entries/a/proof.pdf', {}],
      ['GET', '/api/v1/entries/zzz/proof.pdf', {}],
    ]
    for (let index = 0; index < 9; index++)
      calls.push(['POST', '/api/v1/postcards', { body: dlPostcard() }])
    const seen = new Set<string>()
    // Preflights through plain `Headers` (a browser's `Request` drops `Origin`).
    const preflights = ['/api/v1/postcards', '/api/v1/entries'].map(
      (path) => ['OPTIONS', path, undefined] as const
    )
    for (const [method, path, init] of [...calls, ...preflights]) {
      const response = await read(
        init === undefined
          ? await sendWithHeaders(method, path, corsPreflight)
          : await send(method, path, init)
      )
      const template = Object.keys(document['paths']).find((candidate) =>
        new RegExp(
          `^${candidate
            .split('/')
            .map((segment) => (segment.startsWith('{') ? '[^/]+' : segment))
            .join('/')}$`
        ).test(path.split('?')[0] ?? '')
      ) as string
      const described =
        document['paths'][template][method.toLowerCase()]['responses'][String(response.status)]
      expect(described, `${method} ${path} ${response.status}`).toBeDefined()
      const pointer = (...parts: string[]) =>
        parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
      const [base, resolved] =
        '$ref' in described
          ? [
              pointer(
                'components',
                'responses',
                (described['$ref'] as string).split('/').pop() as string
              ),
              document['components']['responses'][
                (described['$ref'] as string).split('/').pop() as string
              ],
            ]
          : [
              pointer(
                'paths',
                template,
                method.toLowerCase(),
                'responses',
                String(response.status)
              ),
              described,
            ]
      if (response.status === 204) {
        expect(response.text).toBe('')
      } else {
        const valid = ajv.validate(
          { $ref: `openapi#/${base}/content/application~1json/schema` },
          response.json
        )
        expect(valid, `${method} ${path} ${response.status}: ${ajv.errorsText()}`).toBe(true)
      }
      for (const header of Object.keys(resolved['headers'] ?? {})) {
        if (header === 'Retry-After' && response.status !== 429) continue
        expect(response.headers.get(header), `${header} of ${method} ${path}`).not.toBeNull()
      }
      seen.add(`${method} ${template} ${response.status}`)
    }
    expect([...seen].sort()).toEqual([
      'GET /api/v1/entries 200',
      'GET /api/v1/entries 400',
      'GET /api/v1/entries/{request_id}/proof.pdf 404',
      'GET /api/v1/entries/{request_id}/proof.pdf 503',
      'GET /api/v1/logs 200',
      'OPTIONS /api/v1/entries 204',
      'OPTIONS /api/v1/postcards 204',
      'POST /api/v1/campaigns 201',
      'POST /api/v1/campaigns 403',
      'POST /api/v1/campaigns 409',
      'POST /api/v1/campaigns 422',
      'POST /api/v1/flows/{flow_id}/pause 200',
      'POST /api/v1/flows/{flow_id}/resume 200',
      'POST /api/v1/logs/{request_id}/remove 200',
      'POST /api/v1/logs/{request_id}/resume 200',
      'POST /api/v1/logs/{request_id}/resume 404',
      'POST /api/v1/postcards 201',
      'POST /api/v1/postcards 202',
      'POST /api/v1/postcards 400',
      'POST /api/v1/postcards 401',
      'POST /api/v1/postcards 404',
      'POST /api/v1/postcards 409',
      'POST /api/v1/postcards 422',
      'POST /api/v1/postcards 429',
    ])
  })
})
