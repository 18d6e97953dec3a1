/**
 * Work of one turn of the event loop done together at its end: the batch itself, then the bridge
 * on real sockets (requests that arrive together are all read before any is judged, all judged
 * before any answer is written, and every answer still reaches its own client).
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createTurnBatch } from '../../src/node/turn-batch.ts'
import { toNodeListener } from '../../src/node/serve.ts'
import type { ApiHandler } from '../../src/server/create-api-handler.ts'
import { withDirectCall } from '../../src/server/direct-call.ts'

/** Resolves once the check phase of the current turn has run. */
const afterTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)))

describe('createTurnBatch', () => {
  it('should run nothing at once, then everything of the turn in the order queued', async () => {
    const log: string[] = []
    const batch = createTurnBatch((error) => log.push(`reported ${String(error)}`))
    batch.add(() => log.push('a'))
    batch.add(() => log.push('b'))
    log.push('queued')
    setImmediate(() => log.push('next immediate'))
    batch.add(() => log.push('c'))
    expect(log).toEqual(['queued'])
    await afterTurn()
    expect(log).toEqual(['queued', 'a', 'b', 'c', 'next immediate'])
  })

  it('should report a callback that throws and still run the ones after it', async () => {
    const log: string[] = []
    const batch = createTurnBatch((error) => log.push(`reported ${(error as Error).message}`))
    batch.add(() => log.push('a'))
    batch.add(() => {
      throw new Error('broken')
    })
    batch.add(() => log.push('c'))
    await afterTurn()
    expect(log).toEqual(['a', 'reported broken', 'c'])
  })

  it('should run a callback queued while the batch runs in the next turn', async () => {
    const log: string[] = []
    const batch = createTurnBatch(() => log.push('reported'))
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
    const first = createTurnBatch(() => undefined)
    const second = createTurnBatch(() => undefined)
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

  /**
   * A bridge whose log says when each request was read (its `request` event), judged (the
   * direct call) and written (`response.end`), on three connections of a local port.
   */
  async function threeConnections(log: string[]): Promise<Socket[]> {
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
      log.push(`read ${request.url ?? ''}`)
      const end = response.end.bind(response) as (...parts: unknown[]) => ServerResponse
      response.end = ((...parts: unknown[]) => {
        log.push(`written ${request.url ?? ''}`)
        return end(...parts)
      }) as typeof response.end
      listener(request, response)
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    for (let index = 0; index < 3; index++) {
      const socket = connect(port, '127.0.0.1')
      sockets.push(socket)
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    }
    // Wait until the server accepted all three, so that the requests sent next are all it reads.
    await new Promise<void>((resolve, reject) => {
      const poll = () =>
        server?.getConnections((error, count) =>
          error ? reject(error) : count === 3 ? resolve() : setTimeout(poll, 5)
        )
      poll()
    })
    return sockets
  }

  /** Everything a socket receives until its answer's body `answer <path>` is in. */
  const answerOn = (socket: Socket, path: string) =>
    new Promise<string>((resolve, reject) => {
      let received = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        received += chunk
        if (received.endsWith(`\r\n\r\nanswer ${path}`)) resolve(received)
      })
      socket.on('error', reject)
      socket.on('close', () => reject(new Error(`closed before its answer: ${received}`)))
    })

  const paths = ['/1', '/2', '/3']

  it('should read, then judge, then answer the requests that arrived together', async () => {
    const log: string[] = []
    const connections = await threeConnections(log)
    const answers = connections.map((socket, index) => answerOn(socket, paths[index] as string))
    // Written in one turn: the kernel holds all three before the server's next poll.
    connections.forEach((socket, index) =>
      socket.write(`GET ${paths[index]} HTTP/1.1\r\nHost: x\r\n\r\n`)
    )
    const received = await Promise.all(answers)
    // Without the batches: read /1, judged /1, written /1, read /2, ... (the order in which the
    // kernel reports the three sockets is its own).
    const read = log.filter((line) => line.startsWith('read '))
    expect(log).toEqual([
      ...read,
      ...read.map((line) => line.replace('read', 'judged')),
      ...read.map((line) => line.replace('read', 'written')),
    ])
    expect([...read].sort()).toEqual(paths.map((path) => `read ${path}`))
    for (const answer of received) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(answer).toMatch(/\r\nConnection: keep-alive\r\n/)
    }
  })

  it('should judge pipelined requests in the order they were sent, the last one ending', async () => {
    const log: string[] = []
    const [socket] = await threeConnections(log)
    const answer = answerOn(socket as Socket, '/3')
    socket?.write(
      paths
        .map(
          (path, index) =>
            `GET ${path} HTTP/1.1\r\nHost: x\r\n${index === 2 ? 'Connection: close\r\n' : ''}\r\n`
        )
        .join('')
    )
    const received = await answer
    expect(log.filter((line) => line.startsWith('judged '))).toEqual(
      paths.map((path) => `judged ${path}`)
    )
    // The answers in the same order, the last one closing the connection.
    expect(received.match(/HTTP\/1\.1 200 OK\r\n|answer \/\d|Connection: [\w-]+/g)).toEqual([
      'HTTP/1.1 200 OK\r\n',
      'Connection: keep-alive',
      'answer /1',
      'HTTP/1.1 200 OK\r\n',
      'Connection: keep-alive',
      'answer /2',
      'HTTP/1.1 200 OK\r\n',
      'Connection: close',
      'answer /3',
    ])
  })

  it('should judge and answer at once a request that ends its connection, even half-closed', async () => {
    const log: string[] = []
    const connections = await threeConnections(log)
    const answers = connections.map((socket, index) => answerOn(socket, paths[index] as string))
    // Each client half-closes right after its request: Node ends the connection once it reads
    // that, so an answer made at the end of the turn would never be sent.
    connections.forEach((socket, index) =>
      socket.end(`GET ${paths[index]} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
    )
    const received = await Promise.all(answers)
    const read = log.filter((line) => line.startsWith('read '))
    expect(log).toEqual(
      read.flatMap((line) => [
        line,
        line.replace('read', 'judged'),
        line.replace('read', 'written'),
      ])
    )
    for (const answer of received) expect(answer).toMatch(/\r\nConnection: close\r\n/)
  })
})
