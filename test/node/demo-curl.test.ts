/**
 * "Copy as curl": the words a POSIX shell reads from the command are checked by `sh` itself, not
 * by our own parser.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { curlCommand, shellQuote } from '../../demo/curl-command.ts'

const run = promisify(execFile)

/** The arguments `sh` passes to `curl` for a command (a shell function stands in for curl). */
async function argumentsOf(command: string): Promise<string[]> {
  const script = `curl() { for word in "$@"; do printf '%s\\0' "$word"; done; }\n${command}`
  const { stdout } = await run('sh', ['-c', script])
  return stdout.split('\0').slice(0, -1)
}

describe('shellQuote', () => {
  it.each(["Let's", "'", "''", 'a"b', '$HOME `id` $(id)', 'back\\slash', 'new\nline', '*?[a]', ''])(
    'should keep %j literal',
    async (word) => {
      const { stdout } = await run('sh', ['-c', `printf '%s' ${shellQuote(word)}`])
      expect(stdout).toBe(word)
    }
  )

  it('should keep any string without NUL literal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('\0')),
        async (word) => {
          const { stdout } = await run('sh', ['-c', `printf '%s' ${shellQuote(word)}`])
          expect(stdout).toBe(word)
        }
      ),
      { numRuns: 40 }
    )
  })
})

describe('curlCommand', () => {
  const body = {
    flow_id: '7375c8ae-613b-4182-8fb6-51639fd11db4',
    content: { greeting: "Let's meet! 🌷\nSee you", body: 'a "quote" and $(id)' },
  }

  it('should give curl the method, headers and the exact JSON body', async () => {
    const command = curlCommand({
      url: 'http://localhost:8787/api/v1/postcards',
      token: 'dm_test_abc',
      requestId: '2b1f…',
      body,
    })
    expect(await argumentsOf(command)).toEqual([
      '-i',
      'http://localhost:8787/api/v1/postcards',
      '-H',
      'Authorization: Bearer dm_test_abc',
      '-H',
      'Content-Type: application/json',
      '-H',
      'Accept: application/json',
      '-H',
      'X-Request-Id: 2b1f…',
      '--data-binary',
      JSON.stringify(body),
    ])
  })

  it('should send no X-Request-Id when none is set', async () => {
    const words = await argumentsOf(
      curlCommand({ url: 'http://x/api/v1/postcards', token: 't', requestId: '', body: {} })
    )
    expect(words.some((word) => word.startsWith('X-Request-Id'))).toBe(false)
    expect(words.at(-1)).toBe('{}')
  })
})
