import { describe, expect, test } from 'vitest'
import { sanitizeSvgTree, svgTreeMarkup, type SvgTreeElement } from '../../src/svg/sanitize-svg.ts'
import { applyStyleSheets, parseDeclarations } from '../../src/preview/svg-styles.ts'

function resolved(source: string): string {
  const tree = sanitizeSvgTree(source, true)
  if (!tree.ok) throw new Error(tree.reason)
  return svgTreeMarkup([applyStyleSheets(tree.nodes[0] as SvgTreeElement)])
}

describe('applyStyleSheets', () => {
  test.each([
    [
      'should apply class, type and id rules and drop the sheet',
      '<svg><style>.a{fill:red} rect{stroke:blue} #b{opacity:.5}</style><rect class="a"/><circle id="b" class="x a"/></svg>',
      `<svg><rect class="a" style="stroke:blue;fill:red"/><circle id="b" class="x a" style="fill:red;opacity:.5"/></svg>`,
    ],
    [
      'should order by specificity, then source order, the own style after the sheet',
      '<svg><style>#i{fill:green} .c{fill:red} rect.c{fill:blue} .c{stroke:black}</style><rect id="i" class="c" style="stroke:white"/></svg>',
      `<svg><rect id="i" class="c" style="fill:green;stroke:white"/></svg>`,
    ],
    [
      'should let !important win over the own style',
      '<svg><style>.c{fill:red !important}</style><rect class="c" style="fill:blue"/></svg>',
      `<svg><rect class="c" style="fill:red"/></svg>`,
    ],
    [
      'should match descendant and child combinators',
      '<svg><style>g.h > path{fill:red} svg g circle{fill:blue} g > circle{stroke:red}</style><g class="h"><path/><g><path/><circle/></g></g></svg>',
      `<svg><g class="h"><path style="fill:red"/><g><path/><circle style="stroke:red;fill:blue"/></g></g></svg>`,
    ],
    [
      'should skip comments, nested blocks and selectors it does not support',
      '<svg><style>/* x */ rect{x{fill:red}} rect:hover{fill:red} [a]{fill:red} a+b{fill:red} rect{fill:green}</style><rect/></svg>',
      `<svg><rect style="fill:green"/></svg>`,
    ],
  ])('%s', (_name, input, output) => {
    expect(resolved(input)).toBe(output)
  })

  test('should return a document without sheets unchanged', () => {
    const tree = sanitizeSvgTree('<svg><rect class="a"/></svg>', true)
    if (!tree.ok) throw new Error(tree.reason)
    const root = tree.nodes[0] as SvgTreeElement
    expect(applyStyleSheets(root)).toBe(root)
  })
})

describe('parseDeclarations', () => {
  test('should read properties in order, lower-cased, with !important', () => {
    expect(parseDeclarations(' Fill : #fff ; stroke-width:2 !important;;bad;x y:1')).toEqual([
      { property: 'fill', value: '#fff', important: false },
      { property: 'stroke-width', value: '2', important: true },
    ])
  })
})
