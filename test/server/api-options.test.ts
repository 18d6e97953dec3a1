import { describe, expect, test } from 'vitest'
import { ApiOptionsError, type ApiHandlerOptions } from '../../src/server/api-options.ts'
import { createApiHandler } from '../../src/server/create-api-handler.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import { loadTestFonts } from '../helpers/fonts.ts'
import { designs, flows } from './sandbox.ts'

function problemsOf(options: unknown): readonly string[] {
  try {
    createApiHandler(options as ApiHandlerOptions)
  } catch (error) {
    expect(error).toBeInstanceOf(ApiOptionsError)
    return (error as ApiOptionsError).problems
  }
  throw new Error('expected an ApiOptionsError')
}

const flow = { id: flows.a6, design: designs.a6, batch: { at: ['08:00'], time_zone: 'UTC' } }

describe('createApiHandler options', () => {
  test('should list every problem at once, with paths', () => {
    expect(
      problemsOf({
        tokenPrefix: 'dm',
        limits: { postcardsPerMinute: 1.5, campaignsPerMinute: -1 },
        maxBodyBytes: 0,
        accounts: [
          {
            id: '',
            tokens: ['dm_test_ok1', 'dm_test_ok1', 'sk_test_x', 5],
            flows: [
              { ...flow, paused: 'no', batch: { at: [], time_zone: 'Nowhere/Else' } },
              { ...flow, id: flows.a6.toUpperCase(), design: { id: 'raw JSON' } },
              'flow',
            ],
          },
        ],
      })
    ).toEqual([
      'Unexpected `1.5` for `limits.postcardsPerMinute`, expected a positive integer',
      'Unexpected `-1` for `limits.campaignsPerMinute`, expected a positive integer',
      'Unexpected `0` for `maxBodyBytes`, expected a positive integer',
      'Unexpected `` for `accounts[0].id`, expected a non-empty string',
      'Unexpected `dm_test_ok1` for `accounts[0].tokens[1]`, expected a token used once',
      'Unexpected `sk_test_x` for `accounts[0].tokens[2]`, expected `dm_test_` or `dm_live_` followed by letters and digits',
      'Unexpected `5` for `accounts[0].tokens[3]`, expected `dm_test_` or `dm_live_` followed by letters and digits',
      'Unexpected `no` for `accounts[0].flows[0].paused`, expected a boolean',
      'Unexpected `[]` for `accounts[0].flows[0].batch.at`, expected at least one time `HH:mm`',
      'Unexpected `Nowhere/Else` for `accounts[0].flows[0].batch.time_zone`, expected an IANA time zone, e.g. `Europe/Berlin`',
      `Unexpected \`${flows.a6.toUpperCase()}\` for \`accounts[0].flows[1].id\`, expected a flow id no other flow has`,
      'Unexpected `{"id":"raw JSON"}` for `accounts[0].flows[1].design`, expected a design returned by `parseDesign`',
      'Unexpected `flow` for `accounts[0].flows[2]`, expected an object',
    ])
  })

  test('should refuse no accounts, a bad prefix and a marketing source the core refuses', () => {
    expect(problemsOf({ accounts: [], tokenPrefix: 'DM' })).toEqual([
      'Unexpected `DM` for `tokenPrefix`, expected lower-case letters and digits, e.g. `dm`',
      'Unexpected `[]` for `accounts`, expected at least one account',
    ])
    const [problem] = problemsOf({
      accounts: [{ id: 'a', tokens: ['dm_test_1'], flows: [] }],
      marketingSource: 'csv',
    })
    expect(problem).toMatch(
      /^Unexpected `csv` for `marketingSource`, expected a marketing source \(.+\)$/
    )
  })

  test('should refuse a design whose font family the registry lacks', async () => {
    const all = await loadTestFonts()
    const fonts = createFontRegistry({ Lora: all['Lora'] as NonNullable<(typeof all)['Lora']> })
    expect(
      problemsOf({ accounts: [{ id: 'a', tokens: ['dm_test_1'], flows: [flow] }], fonts })
    ).toEqual([
      'Unexpected `Inter` for `accounts[0].flows[0].design`, expected a font family of `fonts` (`Lora`) in Markdown area `greeting`',
      'Unexpected `Inter` for `accounts[0].flows[0].design`, expected a font family of `fonts` (`Lora`) in Markdown area `body`',
    ])
  })

  test('should accept a custom token prefix', async () => {
    const handler = createApiHandler({
      accounts: [{ id: 'a', tokens: ['acme_live_1'], flows: [] }],
      tokenPrefix: 'acme',
    })
    const response = await handler(
      new Request('http://localhost/api/v1/logs', {
        headers: { authorization: 'Bearer acme_live_1' },
      })
    )
    expect(response.status).toBe(200)
  })
})
