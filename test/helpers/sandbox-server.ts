/**
 * Test helper (Node only): the sandbox server of the shipped config on a free port of
 * 127.0.0.1, in the test's process, started before the file's tests and stopped after them.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import {
  startSandboxServer,
  type SandboxServer,
  type SandboxServerOptions,
} from '../../src/node/serve.ts'
import { writeShippedConfig } from './preflight-process.ts'

/**
 * Registers `beforeAll`/`afterAll` hooks that run a sandbox server (with the start page, not
 * the built demo).
 *
 * @param options More options of `startSandboxServer`.
 * @param configChanges Top-level keys of the shipped config to replace (e.g. `limits`).
 * @returns A getter of the running server (valid inside tests).
 */
export function useSandboxServer(
  options: SandboxServerOptions = {},
  configChanges?: Readonly<Record<string, unknown>>
): () => SandboxServer {
  let sandbox: SandboxServer | undefined
  let folder = ''
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'no-demo-'))
    const config = configChanges
      ? { config: await writeShippedConfig(join(folder, 'sandbox.json'), configChanges) }
      : {}
    sandbox = await startSandboxServer({
      port: 0,
      host: '127.0.0.1',
      demo: folder,
      ...config,
      ...options,
    })
  })
  afterAll(async () => {
    await sandbox?.close()
    await rm(folder, { recursive: true, force: true })
  })
  return () => {
    if (!sandbox) throw new Error('The sandbox server runs inside tests only')
    return sandbox
  }
}
