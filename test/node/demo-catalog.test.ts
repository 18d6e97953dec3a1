/** The demo's catalog of sample designs, flows and tokens, read from the sandbox config. */
import { describe, expect, it } from 'vitest'
import sandboxConfig from '../../config/sandbox.json' with { type: 'json' }
import { byRepositoryPath, createSandboxCatalog } from '../../demo/sandbox-catalog.ts'

const designFiles = {
  'designs/a5-ten-areas.json': () => Promise.resolve('a5'),
  'designs/a6-greeting.json': () => Promise.resolve('a6'),
  'designs/dl-plain.json': () => Promise.resolve('dl'),
}

describe('createSandboxCatalog', () => {
  it('should link every design of the shipped config to its flows and tokens', async () => {
    const catalog = createSandboxCatalog(sandboxConfig, 'config/sandbox.json', designFiles)
    expect(catalog.tokenPrefix).toBe('dm')
    expect(catalog.firstFlowDesign).toBe('designs/a6-greeting.json')
    expect(catalog.designs.map((design) => design.file)).toEqual(Object.keys(designFiles))
    expect(await catalog.designs[1]?.load()).toBe('a6')
    const [acme, globex] = sandboxConfig.accounts
    expect(catalog.designs.map((design) => design.flows)).toEqual([
      [
        {
          id: globex?.flows[0]?.id,
          accountId: 'globex',
          paused: false,
          batch: '10:00 Europe/Amsterdam',
          tokens: globex?.tokens,
        },
      ],
      [
        {
          id: acme?.flows[0]?.id,
          accountId: 'acme',
          paused: false,
          batch: '08:00, 14:00 Europe/Berlin',
          tokens: acme?.tokens,
        },
      ],
      [
        {
          id: acme?.flows[1]?.id,
          accountId: 'acme',
          paused: true,
          batch: '09:00 Europe/Berlin',
          tokens: acme?.tokens,
        },
      ],
    ])
    expect(catalog.accounts).toEqual([
      { id: 'acme', tokens: acme?.tokens },
      { id: 'globex', tokens: globex?.tokens },
    ])
  })

  it('should list test tokens first, whatever the order of the config', () => {
    const catalog = createSandboxCatalog(
      {
        token_prefix: 'xy',
        accounts: [{ id: 'a', tokens: ['xy_live_1', 'xy_test_2', 'xy_live_3', 'xy_test_4'] }],
      },
      'config/sandbox.json',
      {}
    )
    expect(catalog.accounts[0]?.tokens).toEqual([
      'xy_test_2',
      'xy_test_4',
      'xy_live_1',
      'xy_live_3',
    ])
  })

  it('should resolve design paths relative to the config file', () => {
    const flow = { id: 'f', design: './cards/a.json', batch: { at: [], time_zone: 'UTC' } }
    const catalog = createSandboxCatalog(
      { accounts: [{ id: 'a', tokens: [], flows: [flow] }] },
      'designs/sandbox.json',
      { 'designs/cards/a.json': () => Promise.resolve(null) }
    )
    expect(catalog.designs[0]?.flows.map((entry) => entry.id)).toEqual(['f'])
  })

  it.each([null, 'config', [], { accounts: 'x' }, { accounts: [null, { flows: [null, 5] }] }])(
    'should offer every design without flows for the malformed config %j',
    (config) => {
      const catalog = createSandboxCatalog(config, 'config/sandbox.json', designFiles)
      expect(catalog.designs.map((design) => design.flows)).toEqual([[], [], []])
      expect(catalog.firstFlowDesign).toBeUndefined()
    }
  )
})

describe('byRepositoryPath', () => {
  it('should key the glob results of demo/ by repository path', () => {
    expect(
      Object.keys(byRepositoryPath({ '../designs/a.json': 1, './local.json': 2 }, 'demo/'))
    ).toEqual(['designs/a.json', 'demo/local.json'])
  })
})
