/// <reference types="vite/client" />
import { expect, test } from 'vitest'
import { validateCampaign } from '../../src/campaign/validate-campaign.ts'
import type { CampaignOptions } from '../../src/campaign/types.ts'
import type { Verdict } from '../../src/verdict/types.ts'

interface Fixture {
  readonly description: string
  readonly options: CampaignOptions
  readonly body: unknown
  readonly verdict: Verdict
}

const fixtures = import.meta.glob<Fixture>('../fixtures/campaigns/*.json', {
  eager: true,
  import: 'default',
})

test('should find the fixtures', () => {
  expect(Object.keys(fixtures).length).toBeGreaterThanOrEqual(2)
})

test.each(
  Object.entries(fixtures).map(([path, fixture]) => ({ name: path.split('/').at(-1), fixture }))
)('should judge the whole body of $name', ({ fixture }) => {
  const verdict = validateCampaign(fixture.body, fixture.options)
  expect(verdict).toEqual(fixture.verdict)
  expect(JSON.stringify(verdict)).toBe(JSON.stringify(fixture.verdict))
})
