import { describe, expect, test } from 'vitest'
import {
  childOf,
  fieldEntries,
  hasMembers,
  isObject,
  readField,
} from '../../src/schema/read-field.ts'

const body = JSON.parse(
  '{"to":{"zip":"10115","__proto__":{"polluted":true}},"list":["a",{"b":"c"}],"n":null}'
) as unknown

describe('readField', () => {
  test.each([
    ['', body],
    ['to.zip', '10115'],
    ['to.city', undefined],
    ['to.__proto__.polluted', true],
    ['to.toString', undefined],
    ['to.constructor', undefined],
    ['list.0', 'a'],
    ['list.1.b', 'c'],
    ['list.01', undefined],
    ['list.-1', undefined],
    ['list.length', undefined],
    ['list.2', undefined],
    ['n', null],
    ['n.x', undefined],
    ['to.zip.length', undefined],
  ])('should read %j', (path, expected) => {
    expect(readField(body, path)).toEqual(expected)
  })
})

describe('childOf', () => {
  test.each([
    ['x', 'length', undefined],
    [42, 'toFixed', undefined],
    [null, 'a', undefined],
    [[1, 2], '1', 2],
    [{ a: undefined }, 'a', undefined],
    [{ a: 1 }, 'toString', undefined],
    [Object.setPrototypeOf({ a: 1 }, null), 'a', 1],
    [Object.setPrototypeOf({ a: 1 }, null), 'toString', undefined],
    [Object.setPrototypeOf({ a: 1 }, { b: 2 }), 'b', undefined],
    [JSON.parse('{"__proto__":"x"}'), '__proto__', 'x'],
    [Object.setPrototypeOf(JSON.parse('{"__proto__":"x"}'), null), '__proto__', 'x'],
  ])('should read %j member %j', (value, key, expected) => {
    expect(childOf(value, key)).toEqual(expected)
  })
})

describe('fieldEntries', () => {
  test('should list members of objects and items of lists with string keys', () => {
    expect(fieldEntries({ b: 1, a: 2 })).toEqual([
      ['b', 1],
      ['a', 2],
    ])
    expect(fieldEntries(['x', 'y'])).toEqual([
      ['0', 'x'],
      ['1', 'y'],
    ])
    expect(fieldEntries(JSON.parse('{"__proto__":"x"}'))).toEqual([['__proto__', 'x']])
  })

  test.each([null, undefined, 'ab', 3, true])('should give undefined for %j', (value) => {
    expect(fieldEntries(value)).toBeUndefined()
  })
})

describe('isObject and hasMembers', () => {
  test.each([
    [{}, true, true],
    [[], false, true],
    [null, false, false],
    ['a', false, false],
  ])('should classify %j', (value, object, members) => {
    expect(isObject(value)).toBe(object)
    expect(hasMembers(value)).toBe(members)
  })
})
