import { describe, expect, test, vi } from 'vitest'
import { HttpError, toResponse } from '../../src/server/http-error.ts'

describe('toResponse', () => {
  test('should map an HttpError to its status, body and headers, reporting nothing', () => {
    const report = vi.fn()
    const error = new HttpError(405, 'Nope.', { headers: { allow: 'POST' }, body: { code: 'x' } })
    expect(toResponse(error, report)).toEqual({
      status: 405,
      headers: { 'content-type': 'application/json; charset=utf-8', allow: 'POST' },
      body: '{"message":"Nope.","code":"x"}',
      value: { message: 'Nope.', code: 'x' },
    })
    expect(report).not.toHaveBeenCalled()
  })

  test('should map anything else to a bare 500 and report it once', () => {
    const report = vi.fn()
    const cause = new TypeError('boom')
    expect(toResponse(cause, report)).toEqual({
      status: 500,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"message":"Server Error"}',
      value: { message: 'Server Error' },
    })
    expect(report).toHaveBeenCalledTimes(1)
    expect(report).toHaveBeenCalledWith(cause)
  })

  test('should still answer 500 when the reporter throws', () => {
    const reply = toResponse('odd', () => {
      throw new Error('reporter down')
    })
    expect(reply.status).toBe(500)
  })
})
