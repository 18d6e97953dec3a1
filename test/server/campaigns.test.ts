import { describe, expect, test } from 'vitest'
import { validateCampaign } from '../../src/campaign/validate-campaign.ts'
import { campaignSlug } from '../../src/server/campaigns-route.ts'
import { campaign, read, sandbox, tokens } from './sandbox.ts'

const uuid = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/

describe('POST /api/v1/campaigns', () => {
  test('should create a campaign with 201: id, slug, status, then the fields sent', async () => {
    const { send, store } = sandbox()
    const response = await read(
      await send('POST', '/api/v1/campaigns', { token: tokens.acmeLive, body: campaign() })
    )
    expect(response.status).toBe(201)
    const id = response.json['id'] as string
    expect(id).toMatch(uuid)
    expect(response.text).toBe(
      JSON.stringify({
        id,
        slug: `spring-sale-2026-${id.slice(0, 8)}`,
        status: 'draft',
        ...campaign(),
      })
    )
    expect((await store.campaigns.get('acme', id))?.campaign).toEqual(response.json)
    expect(await store.campaigns.get('globex', id)).toBeUndefined()
  })

  test('should keep the service’s own id, slug and status over ones sent', async () => {
    const { send } = sandbox()
    const response = await read(
      await send('POST', '/api/v1/campaigns', {
        token: tokens.acmeLive,
        body: campaign({ id: 'mine', slug: 'mine', status: 'sent' }),
      })
    )
    expect(response.json['id']).toMatch(uuid)
    expect(response.json['status']).toBe('draft')
    expect(response.json['slug']).not.toBe('mine')
  })

  test('should refuse a test token with 403 and say a live token is required', async () => {
    const { send, store } = sandbox()
    const response = await read(await send('POST', '/api/v1/campaigns', { body: campaign() }))
    expect(response.status).toBe(403)
    expect(response.json).toEqual({
      message:
        'Creating campaigns requires a live token (`dm_live_...`); test tokens are rejected.',
    })
    expect(await store.logs.list('acme', 'test', 10)).toHaveLength(1)
  })

  test('should answer 401 without a known token', async () => {
    const { send } = sandbox()
    const response = await read(
      await send('POST', '/api/v1/campaigns', { token: 'dm_live_x', body: campaign() })
    )
    expect([response.status, response.text]).toEqual([401, '{"message":"Unauthenticated."}'])
  })

  test('should answer 422 with exactly the core verdict, marketing source included', async () => {
    const { send } = sandbox({ marketingSource: 'klaviyo' })
    const payloads = [
      campaign({ segment: { source: 'shopify', id: 'b2a0c6f4-2f7e-4f38-9a43-6c7a7f0b1c55' } }),
      campaign({ segment: { source: 'hubspot', id: 'b2a0c6f4-2f7e-4f38-9a43-6c7a7f0b1c55' } }),
      campaign({ processingType: 'weekly', delivery: { deliveryPeriodEndAt: '2026-02-30' } }),
      [],
    ]
    for (const payload of payloads) {
      const response = await read(
        await send('POST', '/api/v1/campaigns', { token: tokens.acmeLive, body: payload })
      )
      const verdict = validateCampaign(payload, { marketingSource: 'klaviyo' })
      expect(verdict.ok).toBe(false)
      expect(response.status).toBe(422)
      expect(response.text).toBe(JSON.stringify(!verdict.ok && verdict.body))
    }
    const accepted = await send('POST', '/api/v1/campaigns', {
      token: tokens.acmeLive,
      body: campaign({
        segment: { source: 'klaviyo', id: 'b2a0c6f4-2f7e-4f38-9a43-6c7a7f0b1c55' },
      }),
    })
    expect(accepted.status).toBe(201)
  })
})

describe('campaignSlug', () => {
  const id = '3f9a2c1d-0000-4000-8000-000000000000'
  test.each([
    ['Spring sale 2026', 'spring-sale-2026-3f9a2c1d'],
    ['  Größte Aktion — Café!  ', 'grosste-aktion-cafe-3f9a2c1d'],
    ['Łódź Ærø', 'lodz-aero-3f9a2c1d'],
    ['🌷🌷', 'campaign-3f9a2c1d'],
    [42, 'campaign-3f9a2c1d'],
    ['a'.repeat(60), `${'a'.repeat(48)}-3f9a2c1d`],
    [`${'a'.repeat(47)} b`, `${'a'.repeat(47)}-3f9a2c1d`],
  ])('should make %j into %s', (name, slug) => {
    expect(campaignSlug(name, id)).toBe(slug)
  })
})
