/**
 * The arguments of `preflight serve`: the port comes from `--port`, else from the `PORT`
 * environment variable (as hosting platforms and process managers set it), else 8787.
 */
import { describe, expect, test } from 'vitest'
import { readServeArguments } from '../../../src/node/cli/serve.ts'

describe('readServeArguments', () => {
  test.each([
    { args: [], env: {}, port: 8787 },
    { args: [], env: { PORT: '18601' }, port: 18601 },
    { args: [], env: { PORT: '' }, port: 8787 },
    { args: ['--port', '9000'], env: { PORT: '18601' }, port: 9000 },
    { args: ['--port=0'], env: {}, port: 0 },
  ])('should listen on $port for $args and $env', ({ args, env, port }) => {
    expect(readServeArguments(args, env)).toEqual({ port })
  })

  test.each([
    {
      args: [],
      env: { PORT: 'http' },
      message: 'Unexpected `http` for `PORT`, expected a port from 0 to 65535',
    },
    {
      args: ['--port', '70000'],
      env: {},
      message: 'Unexpected `70000` for `--port`, expected a port from 0 to 65535',
    },
  ])('should refuse $args $env', ({ args, env, message }) => {
    expect(() => readServeArguments(args, env)).toThrow(message)
  })

  test('should read the other options', () => {
    expect(
      readServeArguments(
        ['--config', 'c.json', '--host', '0.0.0.0', '--redis', 'redis://r:6379'],
        {}
      )
    ).toEqual({ config: 'c.json', host: '0.0.0.0', redis: 'redis://r:6379', port: 8787 })
  })
})
