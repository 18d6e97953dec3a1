/**
 * The answers of one turn of the event loop are written together at its end: the batch itself,
 * then the bridge on real sockets (requests that arrive together are all judged before any
 * answer is written, and every answer still reaches its own client).
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createAnswerBatch } from '../../src/node/answer-batch.ts'
import { toNodeListener } from '../../src/node/serve.ts'
import type { ApiHandler } from '../../src/server/create-api-handler.ts'
import { withDirectCall } from '../../src/server/direct-call.ts'

/** Resolves once the check phase of the current turn has run. */
const afterTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)))

describe('createAnswerBatch', () => {
  it('should write nothing at once, then everything of the turn in the order queued', async () => {
    const log: string[] = []
    const batch = createAnswerBatch((error) => log.push(`reported ${String(error)}`))
    batch.add(() => log.push('a'))
    batch.add(() => log.push('b'))
    log.push('queued')
    setImmediate(() => log.push('next immediate'))
    batch.add(() => log.push('c'))
    expect(log).toEqual(['queued'])
    await afterTurn()
    expect(log).toEqual(['queued', 'a', 'b', 'c', 'next immediate'])
  })

  it('should report a write that throws and still write the ones after it', async () => {
    const log: string[] = []
    const batch = createAnswerBatch((error) => log.push(`reported ${(error as Error).message}`))
    batch.add(() => log.push('a'))
    batch.add(() => {
      throw new Error('broken')
    })
    batch.add(() => log.push('c'))
    await afterTurn()
    expect(log).toEqual(['a', 'reported broken', 'c'])
  })

  it('should write an answer queued while the batch is written in the next turn', async () => {
    const log: string[] = []
    const batch = createAnswerBatch(() => log.push('reported'))
    batch.add(() => {
      log.push('a')
      batch.add(() => log.push('late'))
    })
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(log).toEqual(['a'])
    await afterTurn()
    expect(log).toEqual(['a', 'late'])
  })

  it('should keep the batches of two bridges apart', async () => {
    const log: string[] = []
    const first = createAnswerBatch(() => undefined)
    const second = createAnswerBatch(() => undefined)
    first.add(() => log.push('first'))
    second.add(() => log.push('second'))
    await afterTurn()
    expect(log.sort()).toEqual(['first', 'second'])
  })
})

describe('the bridge', () => {
  let server: Server | undefined
  const sockets: Socket[] = []
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  })

  it('should judge every request that arrived together before it writes their answers', async () => {
    const log: string[] = []
    const handler = withDirectCall(
      (async () => new Response('fetch path not used', { status: 500 })) as ApiHandler,
      async (request) => {
        // Like the pipeline: the verdict comes after the store's first `await`.
        await Promise.resolve()
        const path = new URL(request.url).pathname
        log.push(`judged ${path}`)
        return { status: 200, headers: { 'content-type': 'text/plain' }, body: `answer ${path}` }
      }
    )
    const listener = toNodeListener(handler)
    server = createServer((request, response: ServerResponse) => {
      const end = response.end.bind(response) as (...parts: unknown[]) => ServerResponse
      response.end = ((...parts: unknown[]) => {
        log.push(`written ${request.url ?? ''}`)
        return end(...parts)
      }) as typeof response.end
      listener(request, response)
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const paths = ['/1', '/2', '/3']
    for (const _ of paths) {
      const socket = connect(port, '127.0.0.1')
      sockets.push(socket)
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    }
    // Wait until the server accepted all three, so that the requests below are all it reads.
    await new Promise<void>((resolve, reject) => {
      const poll = () =>
        server?.getConnections((error, count) =>
          error ? reject(error) : count === paths.length ? resolve() : setTimeout(poll, 5)
        )
      poll()
    })
    const answers = sockets.map(
      (socket) =>
        new Promise<string>((resolve) => {
          let received = ''
          socket.setEncoding('utf8')
          socket.on('data', (chunk: string) => (received += chunk))
          socket.on('end', () => resolve(received))
        })
    )
    // Written in one turn: the kernel holds all three before the server's next poll.
    sockets.forEach((socket, index) =>
      socket.write(`GET ${paths[index]} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
    )
    const received = await Promise.all(answers)
    // Without the batch: judged /1, written /1, judged /2, written /2, ... (the order in which
    // the kernel reports the three sockets is its own).
    const judged = log.filter((line) => line.startsWith('judged '))
    expect(log).toEqual([...judged, ...judged.map((line) => line.replace('judged', 'written'))])
    expect([...judged].sort()).toEqual(paths.map((path) => `judged ${path}`))
    received.forEach((answer, index) => {
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(answer.endsWith(`\r\n\r\nanswer ${paths[index]}`)).toBe(true)
    })
  })
})
