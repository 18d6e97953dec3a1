import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import shipped from '../../config/sandbox.json' with { type: 'json' }
import { main as serve } from '../../src/node/cli/serve.ts'
import { ServerConfigError, loadServerConfig } from '../../src/node/server-config.ts'
import { runCommand } from '../helpers/run-command.ts'

const designsDir = fileURLToPath(new URL('../../designs/', import.meta.url))

async function configFile(content: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-config-'))
  const file = join(dir, 'config.json')
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

const flow = (extra: Record<string, unknown> = {}) => ({
  id: '7375c8ae-613b-4182-8fb6-51639fd11db4',
  design: join(designsDir, 'dl-plain.json'),
  batch: { at: ['08:00'], time_zone: 'Europe/Berlin' },
  ...extra,
})
const account = (extra: Record<string, unknown> = {}) => ({
  id: 'acme',
  tokens: ['dm_test_abc123'],
  flows: [flow()],
  ...extra,
})

async function problemsOf(content: unknown): Promise<readonly string[]> {
  const file = await configFile(content)
  const error = await loadServerConfig(file).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(ServerConfigError)
  expect((error as ServerConfigError).source).toBe(file)
  return (error as ServerConfigError).problems
}

describe('loadServerConfig', () => {
  test('should load the shipped config with its designs and fonts', async () => {
    const config = await loadServerConfig()
    expect(config.source).toBe(fileURLToPath(new URL('../../config/sandbox.json', import.meta.url)))
    expect(config.tokenPrefix).toBe('dm')
    expect(config.marketingSource).toBe(shipped.marketing_source)
    expect(config.limits).toEqual({ postcardsPerMinute: 600, campaignsPerMinute: 60 })
    expect(config.fonts.families).toEqual(['Inter', 'Roboto', 'Lora'])
    expect(
      config.accounts.map((a) => [a.id, a.tokens, a.flows.map((f) => [f.id, f.design.name])])
    ).toEqual(
      shipped.accounts.map((a) => [
        a.id,
        a.tokens,
        a.flows.map((f) => [
          f.id,
          {
            'a6-greeting': 'Spring greeting A6',
            'dl-plain': 'Winter sale DL',
            'a5-ten-areas': 'Menu of the week A5',
          }[f.design.replace('../designs/', '').replace('.json', '')],
        ]),
      ])
    )
  })

  test('should report an unreadable file and bad JSON', async () => {
    expect(await problemsOf('{\n  "accounts": [],\n}')).toEqual([
      'line 3, column 1: Unexpected `}`, expected a property name in double quotes (JSON allows no `,` before `}`)',
    ])
    const error = await loadServerConfig('/nonexistent/config.json').catch(
      (caught: unknown) => caught
    )
    expect((error as ServerConfigError).problems).toEqual([
      'Unexpected missing file, expected a config file',
    ])
  })

  test('should list every problem of the shape at once', async () => {
    expect(
      await problemsOf({
        token_prefix: 'dm',
        accont: [],
        accounts: [account({ flows: [flow({ design: 3, timezone: 'x' })] }), 'acme'],
        limits: { postcards: 5 },
      })
    ).toEqual([
      'Unexpected key `accont` in `(config)`, expected one of `token_prefix`, `marketing_source`, `fonts`, `accounts`, `limits`',
      'Unexpected key `postcards` in `limits`, expected one of `postcards_per_minute`, `campaigns_per_minute`',
      'Unexpected key `timezone` in `accounts[0].flows[0]`, expected one of `id`, `design`, `paused`, `batch`',
      'Unexpected `3` for `accounts[0].flows[0].design`, expected the path of a design JSON file',
      'Unexpected `acme` for `accounts[1]`, expected an object',
    ])
  })

  test('should report a design that cannot be loaded with its flow', async () => {
    const problems = await problemsOf({
      accounts: [account({ flows: [flow({ design: 'missing.json' })] })],
    })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      /^accounts\[0\]\.flows\[0\]\.design: Invalid design `.*missing\.json` \(1 problem\):/
    )
  })

  test('should report every problem at once: a missing design or fonts manifest hides none', async () => {
    const problems = await problemsOf({
      fonts: 'no-fonts.json',
      accounts: [
        account({
          tokens: ['dm_prod_1'],
          flows: [
            flow({ design: 'missing.json', timezone: 'x' }),
            flow({
              id: '0f5b5c1e-8d4a-4b8e-9a47-3c7c9e0c1d2e',
              batch: { at: ['08:00'], time_zone: 'Europe/Berlinn' },
            }),
          ],
        }),
      ],
    })
    expect(problems).toEqual([
      'Unexpected key `timezone` in `accounts[0].flows[0]`, expected one of `id`, `design`, `paused`, `batch`',
      expect.stringMatching(/^fonts: Invalid font manifest `.*no-fonts\.json`/),
      expect.stringMatching(
        /^accounts\[0\]\.flows\[0\]\.design: Invalid design `.*missing\.json` \(1 problem\):/
      ),
      'Unexpected `dm_prod_1` for `accounts[0].tokens[0]`, expected `dm_test_` or `dm_live_` followed by letters and digits',
      'Unexpected `Europe/Berlinn` for `accounts[0].flows[1].batch.time_zone`, expected an IANA time zone, e.g. `Europe/Berlin`',
    ])
  })

  test('should print the problems on one line, as docs/server.md shows', async () => {
    const docs = await readFile(new URL('../../docs/server.md', import.meta.url), 'utf8')
    const shown = /^preflight serve: Invalid sandbox config `(?<path>[^`]+)`: .+$/m.exec(docs)
    expect(shown).not.toBeNull()
    // The config the example describes: a typo'd key and a time zone that does not exist.
    const file = await configFile({
      accounts: [
        account({
          flows: [
            flow({
              timezone: 'Europe/Berlin',
              batch: { at: ['08:00'], time_zone: 'Europe/Berlinn' },
            }),
          ],
        }),
      ],
    })
    const result = await runCommand(serve, ['--config', file])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`${shown?.[0].replace(shown.groups?.['path'] ?? '', file)}\n`)
  })

  test('should report what the handler refuses, named as in the file', async () => {
    expect(
      await problemsOf({
        token_prefix: 'DM!',
        marketing_source: 'shopify',
        accounts: [
          account({
            tokens: ['dm_prod_1'],
            flows: [flow({ id: 'f-1', batch: { at: ['8:00'], time_zone: 'Europe/Berlinn' } })],
          }),
        ],
        limits: { postcards_per_minute: 0 },
      })
    ).toEqual([
      'Unexpected `DM!` for `token_prefix`, expected lower-case letters and digits, e.g. `dm`',
      expect.stringMatching(
        /^Unexpected `shopify` for `marketing_source`, expected a marketing source \(.+\)$/
      ),
      'Unexpected `0` for `limits.postcards_per_minute`, expected a positive integer',
      'Unexpected `dm_prod_1` for `accounts[0].tokens[0]`, expected `DM!_test_` or `DM!_live_` followed by letters and digits',
      'Unexpected `f-1` for `accounts[0].flows[0].id`, expected a UUID',
      'Unexpected `8:00` for `accounts[0].flows[0].batch.at[0]`, expected a time `HH:mm` from `00:00` to `23:59`',
      'Unexpected `Europe/Berlinn` for `accounts[0].flows[0].batch.time_zone`, expected an IANA time zone, e.g. `Europe/Berlin`',
    ])
  })

  test('should refuse a token or flow id used twice', async () => {
    expect(await problemsOf({ accounts: [account(), account({ id: 'acme' })] })).toEqual([
      'Unexpected `acme` for `accounts[1].id`, expected an id no other account has',
      'Unexpected `dm_test_abc123` for `accounts[1].tokens[0]`, expected a token used once',
      'Unexpected `7375c8ae-613b-4182-8fb6-51639fd11db4` for `accounts[1].flows[0].id`, expected a flow id no other flow has',
    ])
  })
})
