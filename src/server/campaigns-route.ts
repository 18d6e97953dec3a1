/**
 * `POST /api/v1/campaigns` (spec 4.2): creates a campaign; live tokens only.
 *
 * Order of the steps: token (401), rate limit (429), live token (403), body (413, 400),
 * `Idempotency-Key` (replay, 409), the core's verdict (422), then 201.
 *
 * `Idempotency-Key`: the same key with the same payload (equal JSON, see `fingerprint.ts`)
 * returns the original campaign, byte for byte with its original status 201 and the header
 * `Idempotent-Replayed: true` (Stripe's marker, so a client can tell); the same key with another
 * payload gets 409 with the code `idempotency_key_reused`. Only a created campaign is
 * remembered: a refused payload (422) leaves the key free, so the corrected payload can be sent
 * with the same key (Stripe: "no idempotent result is saved" when validation fails).
 *
 * @module
 */
import { validateCampaign } from '../campaign/validate-campaign.ts'
import { isObject } from '../schema/read-field.ts'
import type { CallRequest } from './direct-call.ts'
import type { Exchange, HandlerContext } from './handler-context.ts'
import { HttpError } from './http-error.ts'
import { fingerprint } from './fingerprint.ts'
import { readIdHeader } from './id-header.ts'
import { completeOrRelease, idempotencyKey, reserveKey } from './idempotency.ts'
import { applyRateLimit } from './rate-limit.ts'
import { randomUuid } from './random-uuid.ts'
import { readJsonBody } from './read-json-body.ts'
import { jsonReply, type JsonReply, type Reply } from './reply.ts'

/**
 * The status of a new campaign. The spec shows no campaign status values (spec 3); the sandbox
 * says `draft`: created, nothing mailed yet.
 */
export const newCampaignStatus = 'draft'

const letterSpellings: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  þ: 'th',
}

/**
 * A readable slug: the name in lower-case ASCII words joined by `-`, at most 48 characters,
 * then the first 8 hex digits of the id so that two campaigns of one name differ.
 *
 * @param name The campaign's name (anything; a non-string gives `campaign`).
 * @param id The campaign's UUID.
 * @returns E.g. `spring-sale-2026-3f9a2c1d`.
 */
export function campaignSlug(name: unknown, id: string): string {
  const words =
    typeof name === 'string'
      ? name
          .toLowerCase()
          // Letters NFKD does not decompose into a base letter and a mark.
          .replace(/[ßæœøłđþ]/g, (letter) => letterSpellings[letter] ?? letter)
          .normalize('NFKD')
          .replace(/[\u0300-\u036f]/g, '')
          .replace(/[^a-z\d]+/g, '-')
          .slice(0, 48)
          .replace(/^-/, '')
          .replace(/-$/, '')
      : ''
  return `${words || 'campaign'}-${id.slice(0, 8)}`
}

/**
 * The `Idempotency-Key`: any non-empty value of printable ASCII (`id-header.ts`); an RFC 8941
 * string (`"abc"`, as the IETF draft writes it) means the same key as its bare content.
 *
 * @throws {HttpError} 400 for a key beyond printable ASCII.
 */
function readKey(request: CallRequest): string | undefined {
  const value = readIdHeader(request.headers, 'Idempotency-Key')
  if (value instanceof HttpError) throw value
  if (value === undefined) return undefined
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1)
  return value
}

/**
 * Handles `POST /api/v1/campaigns`.
 *
 * @param context The handler.
 * @param exchange The request.
 * @returns The reply.
 */
export async function createCampaign(context: HandlerContext, exchange: Exchange): Promise<Reply> {
  const principal = context.authenticate(exchange.request.headers.get('authorization'))
  exchange.principal = principal
  await applyRateLimit(context, exchange, 'campaigns', context.options.campaignsPerMinute)
  if (principal.mode !== 'live') {
    // spec 4.2 and 5: a test token is rejected for campaign creation; the spec leaves the
    // status open (spec 7), the sandbox answers 403 like any authorization failure.
    throw new HttpError(
      403,
      `Creating campaigns requires a live token (\`${context.options.tokenPrefix}_live_...\`); test tokens are rejected.`
    )
  }
  const body = await readJsonBody(exchange.request, context.options.maxBodyBytes, (received) => {
    exchange.received = received
  })
  exchange.body = body

  const header = readKey(exchange.request)
  if (header === undefined) return create(context, exchange)

  const key = idempotencyKey(principal, 'campaigns', header)
  const payload = fingerprint(body.value, body.text)
  const owner = randomUuid()
  const found = await reserveKey(context, key, payload, owner, 'Idempotency-Key')
  if (found.state !== 'reserved') {
    if (found.fingerprint !== payload) {
      throw new HttpError(
        409,
        `The Idempotency-Key \`${header}\` was already used with a different payload; use a new key for a new campaign.`,
        { body: { code: 'idempotency_key_reused' } }
      )
    }
    if (found.state === 'completed') {
      exchange.headers = { ...exchange.headers, 'idempotent-replayed': 'true' }
      return {
        status: found.response.status,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: found.response.body,
      }
    }
  }
  return completeOrRelease(context, key, owner, [201], () => create(context, exchange))
}

/**
 * Judges and records a campaign.
 *
 * @param context The handler.
 * @param exchange The request, with its body read.
 * @returns 201 or 422.
 */
async function create(context: HandlerContext, exchange: Exchange): Promise<JsonReply> {
  const payload = exchange.body?.value
  const principal = exchange.principal
  if (!principal) throw new Error('create needs an authenticated exchange')
  const verdict = validateCampaign(
    payload,
    context.marketingSource === undefined ? {} : { marketingSource: context.marketingSource }
  )
  if (!verdict.ok) return jsonReply(422, verdict.body)
  // An accepted campaign is an object (its fields are required); a list never is one here.
  const fields = isObject(payload) ? payload : {}
  const id = randomUuid()
  // spec 2.2: id, slug and status, then the fields sent (the three are the service's own).
  const { id: _id, slug: _slug, status: _status, ...sent } = fields
  const campaign = {
    id,
    slug: campaignSlug(fields['name'], id),
    status: newCampaignStatus,
    ...sent,
  }
  await context.store.campaigns.put({
    id,
    account_id: principal.accountId,
    created_at: context.formatDateTime(exchange.time),
    campaign,
  })
  return jsonReply(201, campaign)
}
