/**
 * The OpenAPI 3.1 document of the sandbox API, served at `GET /openapi.json`. The request bodies
 * are the package's own JSON Schemas (`src/schema/*.schema.json`, the ones the validators are
 * generated from), so the document cannot drift from what the handler checks; the 422 body is
 * spec 7.1's. Routes of the sandbox only carry the tag `sandbox`.
 *
 * @module
 */
import { SPEC_LIMITS } from '../spec/limits.ts'
import postcardSchema from '../schema/postcard.schema.json' with { type: 'json' }
import campaignSchema from '../schema/campaign.schema.json' with { type: 'json' }
import { defaultMaxBodyBytes } from './api-options.ts'

/** Options of {@link createOpenApiDocument}; they only change descriptions and examples. */
export interface OpenApiOptions {
  /** The token prefix, `<svc>` of spec 5 (default: `dm`). */
  readonly tokenPrefix?: string
  /** Postcard requests per minute and token (default: `600`). */
  readonly postcardsPerMinute?: number
  /** Campaign requests per minute and token (default: `60`). */
  readonly campaignsPerMinute?: number
  /** Largest request body in bytes (default: `1048576`). */
  readonly maxBodyBytes?: number
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json }
type JsonObject = Record<string, Json>

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

/**
 * Moves a draft-07 schema into `components.schemas`: drops `$schema`, lifts `definitions` into
 * components of their own and points every `#/definitions/x` reference at them.
 *
 * @param schema The JSON Schema document.
 * @param schemas The components map, filled here.
 * @param name The component name of the document.
 */
function embed(schema: JsonObject, schemas: JsonObject, name: string): void {
  const { $schema: _dialect, definitions, ...rest } = schema
  const renamed = new Map<string, string>()
  for (const key of Object.keys((definitions ?? {}) as JsonObject)) {
    renamed.set(`#/definitions/${key}`, `#/components/schemas/${capitalise(key)}`)
  }
  const rewrite = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (value === null || typeof value !== 'object') return value
    const object = value as JsonObject
    return Object.fromEntries(
      Object.entries(object).map(([key, child]) => [
        key,
        key === '$ref' && typeof child === 'string'
          ? (renamed.get(child) ?? child)
          : rewrite(child),
      ])
    )
  }
  schemas[name] = rewrite(rest)
  for (const [key, definition] of Object.entries((definitions ?? {}) as JsonObject)) {
    schemas[capitalise(key)] = rewrite(definition)
  }
}

const message = (description: string): JsonObject => ({
  description,
  content: { 'application/json': { schema: ref('Message') } },
})

/**
 * Builds the OpenAPI 3.1 document.
 *
 * @param options Numbers and prefix shown in descriptions.
 * @returns A JSON-serialisable object.
 * @example
 *   const document = createOpenApiDocument({ tokenPrefix: 'dm' })
 *   await writeFile('openapi.json', JSON.stringify(document, null, 2))
 */
export function createOpenApiDocument(options: OpenApiOptions = {}): JsonObject {
  const prefix = options.tokenPrefix ?? 'dm'
  const postcardsPerMinute = options.postcardsPerMinute ?? SPEC_LIMITS.postcardsPerMinute
  const campaignsPerMinute = options.campaignsPerMinute ?? SPEC_LIMITS.campaignsPerMinute
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes

  const schemas: JsonObject = {}
  embed(postcardSchema as JsonObject, schemas, 'PostcardSubmission')
  embed(campaignSchema as JsonObject, schemas, 'Campaign')
  Object.assign(schemas, {
    PostcardResponse: {
      description:
        'The body of 201, 202 and 409 (spec 2.4); a 409 replays the first answer byte for byte.',
      type: 'object',
      required: ['request_id', 'flow_id', 'status', 'queued_for'],
      properties: {
        request_id: { type: 'string', description: 'The `X-Request-Id` sent, else generated.' },
        flow_id: { type: 'string', format: 'uuid' },
        status: { type: 'string', enum: ['queued', 'accepted'] },
        queued_for: {
          type: ['string', 'null'],
          format: 'date-time',
          description: "The flow's next batch, `YYYY-MM-DDTHH:mm:ssZ`; null while it is paused.",
        },
      },
    },
    CampaignCreated: {
      description:
        'The campaign object (spec 2.2): `id`, `slug` and `status`, then the fields sent.',
      type: 'object',
      required: ['id', 'slug', 'status'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        slug: { type: 'string' },
        status: { type: 'string', description: 'Always `draft` in the sandbox.' },
      },
    },
    Message: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string' } },
    },
    IdempotencyConflict: {
      type: 'object',
      required: ['message', 'code'],
      properties: {
        message: { type: 'string' },
        code: {
          type: 'string',
          enum: ['idempotency_key_reused', 'request_in_progress'],
          description:
            '`request_in_progress` (with `Retry-After`) is the only conflict worth retrying.',
        },
      },
    },
    UnprocessableBody: {
      description: 'The 422 body (spec 7.1).',
      type: 'object',
      required: ['message', 'errors'],
      properties: {
        message: {
          type: 'string',
          description: 'The first error, then `(and N more errors)` when there are more.',
        },
        errors: {
          type: 'object',
          description: 'Field path (`to.zip`, `content.greeting`) to its messages.',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
        meta: ref('UnprocessableMeta'),
      },
    },
    UnprocessableMeta: {
      type: 'object',
      properties: {
        expected_content_keys: { type: 'array', items: { type: 'string' } },
        allowed_markdown: {
          type: 'array',
          items: {
            type: 'string',
            enum: ['paragraphs', 'line_breaks', 'bold', 'italic', 'bullet_lists', 'numbered_lists'],
          },
        },
        markdown_fit_errors: { type: 'array', items: ref('MarkdownFitError') },
        expected_qr_keys: { type: 'array', items: { type: 'string' } },
        qr_fit_errors: { type: 'array', items: ref('QrFitError') },
      },
    },
    MarkdownFitError: {
      type: 'object',
      required: [
        'key',
        'label',
        'available_width_mm',
        'available_height_mm',
        'measured_height_mm',
        'overflow_mm',
        'font_size_pt',
        'line_height',
        'block_count',
        'line_count',
        'suggested_action',
      ],
      properties: {
        key: { type: 'string' },
        label: { type: 'string' },
        available_width_mm: { type: 'number' },
        available_height_mm: { type: 'number' },
        measured_height_mm: { type: 'number' },
        overflow_mm: { type: 'number' },
        font_size_pt: { type: 'number' },
        line_height: { type: 'number' },
        block_count: { type: 'integer' },
        line_count: { type: 'integer' },
        suggested_action: { type: 'string' },
      },
    },
    QrFitError: {
      type: 'object',
      required: ['key', 'label', 'resolved_url_length', 'suggested_action'],
      properties: {
        key: { type: 'string' },
        label: { type: 'string' },
        resolved_url_length: { type: 'integer' },
        suggested_action: { type: 'string' },
      },
    },
    Warning: {
      type: 'object',
      required: ['code', 'path', 'message'],
      properties: {
        code: { type: 'string' },
        path: { type: 'string' },
        message: { type: 'string' },
        data: { type: 'object' },
      },
    },
    Entry: {
      description: 'A postcard entry (sandbox).',
      type: 'object',
      required: [
        'id',
        'account_id',
        'mode',
        'flow_id',
        'request_id',
        'status',
        'queued_for',
        'created_at',
        'updated_at',
        'postcard',
        'warnings',
      ],
      properties: {
        id: { type: 'string', format: 'uuid' },
        account_id: { type: 'string' },
        mode: { type: 'string', enum: ['test', 'live'] },
        flow_id: { type: 'string', format: 'uuid' },
        request_id: { type: 'string' },
        status: { type: 'string', enum: ['queued', 'accepted', 'removed'] },
        queued_for: { type: ['string', 'null'], format: 'date-time' },
        created_at: { type: 'string', format: 'date-time' },
        updated_at: { type: 'string', format: 'date-time' },
        postcard: ref('PostcardSubmission'),
        warnings: { type: 'array', items: ref('Warning') },
      },
    },
    LogRecord: {
      description: 'One request of the API logs (sandbox).',
      type: 'object',
      required: [
        'id',
        'time',
        'account_id',
        'mode',
        'method',
        'path',
        'status',
        'request_id',
        'request_bytes',
        'request_body',
        'response_body',
        'entry_id',
      ],
      properties: {
        id: { type: 'string', format: 'uuid' },
        time: { type: 'string', format: 'date-time' },
        account_id: { type: 'string' },
        mode: { type: 'string', enum: ['test', 'live'] },
        method: { type: 'string' },
        path: { type: 'string' },
        status: { type: 'integer' },
        request_id: { type: 'string' },
        request_bytes: { type: 'integer' },
        request_body: { description: 'Parsed JSON, else the text; null when absent or large.' },
        response_body: {},
        entry_id: { type: ['string', 'null'], format: 'uuid' },
      },
    },
    FlowState: {
      type: 'object',
      required: ['id', 'paused', 'next_batch'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        paused: { type: 'boolean' },
        next_batch: { type: ['string', 'null'], format: 'date-time' },
      },
    },
  })
  const dataOf = (schema: JsonObject): JsonObject => ({
    type: 'object',
    required: ['data'],
    properties: { data: schema },
  })

  const rateHeaders = {
    'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
    'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  }
  const withRate = (response: JsonObject): JsonObject => ({ ...response, headers: rateHeaders })
  const json = (schema: JsonObject, example?: Json): JsonObject => ({
    'application/json': example === undefined ? { schema } : { schema, example },
  })

  const exampleFlow = '3f0c2a9e-6c1b-4d2f-9b7a-5e8d4c3b2a10'
  const postcardAnswer = (status: 'queued' | 'accepted'): Json => ({
    request_id: 'order-10023',
    flow_id: exampleFlow,
    status,
    queued_for: status === 'queued' ? '2026-03-02T07:00:00Z' : null,
  })
  const sandboxOperation = (
    operationId: string,
    summary: string,
    schema: JsonObject,
    parameters: readonly Json[] = []
  ): JsonObject => ({
    tags: ['sandbox'],
    operationId,
    summary,
    parameters,
    responses: {
      '200': { description: 'OK', content: json(schema) },
      '400': message('A malformed query parameter.'),
      '401': { $ref: '#/components/responses/Unauthenticated' },
      '404': message('Nothing of that id in this account.'),
      '503': { $ref: '#/components/responses/StoreUnavailable' },
    },
  })
  const limitParameter: Json = {
    name: 'limit',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  }
  /** `OPTIONS` of an API path: `Allow`, and the CORS preflight of a page on another origin. */
  const preflight = (operationId: string, methods: string): JsonObject => ({
    tags: ['cors'],
    operationId,
    summary: `CORS preflight and OPTIONS: a page on another origin may send ${methods}.`,
    security: [],
    parameters: [
      { $ref: '#/components/parameters/Origin' },
      { $ref: '#/components/parameters/Access-Control-Request-Method' },
      { $ref: '#/components/parameters/Access-Control-Request-Headers' },
    ],
    responses: {
      '204': {
        description:
          'The methods and headers allowed. The CORS headers are sent for a preflight ' +
          '(`Origin` and `Access-Control-Request-Method`) of an allowed origin; `Allow` always.',
        headers: {
          Allow: { schema: { type: 'string', example: `OPTIONS, ${methods}` } },
          'Access-Control-Allow-Origin': {
            $ref: '#/components/headers/Access-Control-Allow-Origin',
          },
          'Access-Control-Allow-Methods': { schema: { type: 'string', example: methods } },
          'Access-Control-Allow-Headers': {
            schema: {
              type: 'string',
              const: 'Authorization, Content-Type, X-Request-Id, Idempotency-Key',
            },
          },
          'Access-Control-Max-Age': { schema: { type: 'integer', const: 600 } },
        },
      },
      '403': message('A preflight of an origin the sandbox does not allow.'),
      '404': message('No such route.'),
    },
  })
  const pathParameter = (name: string, description: string): Json => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string' },
  })

  return {
    openapi: '3.1.0',
    info: {
      title: 'Direct-Mail API v1 (postcard-preflight sandbox)',
      version: '1.0.0',
      description:
        'The Direct-Mail Service API v1 as the postcard-preflight sandbox implements it: the same ' +
        '422 bodies as the service, idempotency, rate limits and API logs. Routes tagged ' +
        '`sandbox` are not part of the service. CORS: pages of the allowed origins (any by ' +
        'default) may call every route; answers expose `Retry-After`, `X-RateLimit-*`, ' +
        '`X-Request-Id` and `Idempotent-Replayed` (`Access-Control-Expose-Headers`).',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'postcards', description: 'Spec 4.1.' },
      { name: 'campaigns', description: 'Spec 4.2.' },
      {
        name: 'sandbox',
        description:
          'Sandbox only: the dashboard actions of the service (API logs, remove, resume, pause) ' +
          'as routes. Not part of the Direct-Mail API; not rate-limited; not logged.',
      },
      {
        name: 'cors',
        description:
          'OPTIONS of every API route: `Allow`, and the CORS preflight of a page on another ' +
          'origin. No token; not rate-limited; not logged.',
      },
    ],
    security: [{ bearerAuth: [] }],
    paths: {
      '/api/v1/postcards': {
        options: preflight('cors.postcards', 'POST'),
        post: {
          tags: ['postcards'],
          operationId: 'v1.postcards.store',
          summary: 'Submit one recipient to an API flow (spec 4.1).',
          parameters: [{ $ref: '#/components/parameters/X-Request-Id' }],
          requestBody: { required: true, content: json(ref('PostcardSubmission')) },
          responses: {
            '201': withRate({
              description: 'Accepted; the flow is active and the entry is queued.',
              content: json(ref('PostcardResponse'), postcardAnswer('queued')),
            }),
            '202': withRate({
              description: 'Accepted; the flow is paused.',
              content: json(ref('PostcardResponse'), postcardAnswer('accepted')),
            }),
            '400': withRate(message('The body is not JSON.')),
            '401': { $ref: '#/components/responses/Unauthenticated' },
            '404': withRate(message('The flow does not exist or belongs to another account.')),
            '409': withRate({
              description:
                'The X-Request-Id was already used: the first answer, replayed byte for byte. ' +
                'While the first request still runs: `request_in_progress`.',
              content: json({ oneOf: [ref('PostcardResponse'), ref('IdempotencyConflict')] }),
            }),
            '413': withRate(message(`The body is larger than ${maxBodyBytes} bytes.`)),
            '422': withRate({
              description: 'Validation failed (spec 7.1).',
              content: json(ref('UnprocessableBody')),
            }),
            '429': { $ref: '#/components/responses/TooManyRequests' },
            '503': { $ref: '#/components/responses/StoreUnavailable' },
          },
          'x-rate-limit': `${postcardsPerMinute} requests per minute and token`,
        },
      },
      '/api/v1/campaigns': {
        options: preflight('cors.campaigns', 'POST'),
        post: {
          tags: ['campaigns'],
          operationId: 'v1.campaigns.store',
          summary: 'Create a campaign (spec 4.2); live tokens only.',
          parameters: [{ $ref: '#/components/parameters/Idempotency-Key' }],
          requestBody: { required: true, content: json(ref('Campaign')) },
          responses: {
            '201': withRate({
              description:
                'Created; a retry with the same key and payload returns the original campaign ' +
                'with `Idempotent-Replayed: true`.',
              content: json(ref('CampaignCreated')),
            }),
            '400': withRate(message('The body is not JSON.')),
            '401': { $ref: '#/components/responses/Unauthenticated' },
            '403': withRate(message(`A test token (\`${prefix}_test_...\`) was sent.`)),
            '409': withRate({
              description: 'The Idempotency-Key was used with another payload.',
              content: json(ref('IdempotencyConflict')),
            }),
            '413': withRate(message(`The body is larger than ${maxBodyBytes} bytes.`)),
            '422': withRate({
              description: 'Validation failed (spec 7.1).',
              content: json(ref('UnprocessableBody')),
            }),
            '429': { $ref: '#/components/responses/TooManyRequests' },
            '503': { $ref: '#/components/responses/StoreUnavailable' },
          },
          'x-rate-limit': `${campaignsPerMinute} requests per minute and token`,
        },
      },
      '/api/v1/logs': {
        options: preflight('cors.logs.index', 'GET'),
        get: sandboxOperation(
          'sandbox.logs.index',
          'The API logs, newest first.',
          dataOf({
            type: 'array',
            items: ref('LogRecord'),
          }),
          [limitParameter]
        ),
      },
      '/api/v1/logs/{request_id}/remove': {
        options: preflight('cors.logs.remove', 'POST'),
        post: sandboxOperation(
          'sandbox.logs.remove',
          'Remove the entry a request created from its mailing (spec 3).',
          dataOf(ref('Entry')),
          [pathParameter('request_id', 'The request id of the log record.')]
        ),
      },
      '/api/v1/logs/{request_id}/resume': {
        options: preflight('cors.logs.resume', 'POST'),
        post: sandboxOperation(
          'sandbox.logs.resume',
          'Restore a removed entry (spec 3, spec 4.1 rule 3).',
          dataOf(ref('Entry')),
          [pathParameter('request_id', 'The request id of the log record.')]
        ),
      },
      '/api/v1/flows/{flow_id}/pause': {
        options: preflight('cors.flows.pause', 'POST'),
        post: sandboxOperation(
          'sandbox.flows.pause',
          'Pause a flow: new entries get 202, queued ones are held.',
          dataOf(ref('FlowState')),
          [pathParameter('flow_id', 'The flow.')]
        ),
      },
      '/api/v1/flows/{flow_id}/resume': {
        options: preflight('cors.flows.resume', 'POST'),
        post: sandboxOperation(
          'sandbox.flows.resume',
          'Resume a flow: held entries are queued for the next batch.',
          dataOf(ref('FlowState')),
          [pathParameter('flow_id', 'The flow.')]
        ),
      },
      '/api/v1/entries': {
        options: preflight('cors.entries.index', 'GET'),
        get: sandboxOperation(
          'sandbox.entries.index',
          'The entries, newest first.',
          dataOf({
            type: 'array',
            items: ref('Entry'),
          }),
          [
            limitParameter,
            { name: 'flow_id', in: 'query', required: false, schema: { type: 'string' } },
          ]
        ),
      },
      '/api/v1/entries/{request_id}/proof.pdf': {
        options: preflight('cors.entries.proof', 'GET'),
        get: {
          tags: ['sandbox'],
          operationId: 'sandbox.entries.proof',
          summary:
            'The PDF print proof of the entry a request created: front and back as two pages, ' +
            'TrimBox the card, BleedBox the card and its bleed, texts as outlines, sRGB.',
          parameters: [pathParameter('request_id', 'The request id that created the entry.')],
          responses: {
            '200': {
              description: 'The proof; the same bytes for the same entry.',
              content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
            },
            '401': { $ref: '#/components/responses/Unauthenticated' },
            '404': message('No entry of that request id in this account and mode.'),
            '503': message(
              'The store is unavailable, or the sandbox has no fonts to set the texts in.'
            ),
          },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            `Account API tokens (spec 5): \`${prefix}_test_...\` records entries without ` +
            `mailings, \`${prefix}_live_...\` is required for campaigns.`,
        },
      },
      parameters: {
        'X-Request-Id': {
          name: 'X-Request-Id',
          in: 'header',
          required: false,
          description:
            'Idempotency key of the submission (spec 4.1): a repeated id gets 409 with the ' +
            'first answer.',
          schema: { type: 'string', minLength: 1 },
        },
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Should always be sent (spec 4.2).',
          schema: { type: 'string', minLength: 1 },
        },
        Origin: {
          name: 'Origin',
          in: 'header',
          required: false,
          description: 'The origin of the calling page, sent by the browser.',
          schema: { type: 'string' },
        },
        'Access-Control-Request-Method': {
          name: 'Access-Control-Request-Method',
          in: 'header',
          required: false,
          description: 'The method the page wants to send (a preflight).',
          schema: { type: 'string' },
        },
        'Access-Control-Request-Headers': {
          name: 'Access-Control-Request-Headers',
          in: 'header',
          required: false,
          description: 'The headers the page wants to send (a preflight).',
          schema: { type: 'string' },
        },
      },
      headers: {
        'X-RateLimit-Limit': {
          description: 'Requests allowed per minute and token (spec 8).',
          schema: { type: 'integer' },
        },
        'X-RateLimit-Remaining': {
          description: 'Requests left in the current minute.',
          schema: { type: 'integer' },
        },
        'Retry-After': {
          description: 'Seconds to wait before retrying (spec 8).',
          schema: { type: 'integer' },
        },
        'Access-Control-Allow-Origin': {
          description:
            '`*` when any origin is allowed (the default), else the allowed `Origin` sent ' +
            '(with `Vary: Origin`). On every answer to an allowed origin, with ' +
            '`Access-Control-Expose-Headers: Retry-After, X-RateLimit-Limit, ' +
            'X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id, Idempotent-Replayed`.',
          schema: { type: 'string' },
        },
      },
      responses: {
        Unauthenticated: message('Missing or invalid token (spec 5).'),
        TooManyRequests: {
          description: 'Rate limit exceeded (spec 8).',
          headers: {
            ...rateHeaders,
            'Retry-After': { $ref: '#/components/headers/Retry-After' },
          },
          content: json(ref('Message')),
        },
        StoreUnavailable: {
          description:
            "The sandbox's store (Redis) cannot be reached: retry after `Retry-After`. A retry " +
            'with the same `X-Request-Id` never creates a second entry.',
          headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
          content: json({
            type: 'object',
            required: ['message', 'code'],
            properties: {
              message: { type: 'string' },
              code: { type: 'string', const: 'store_unavailable' },
            },
          }),
        },
      },
    },
  }
}
