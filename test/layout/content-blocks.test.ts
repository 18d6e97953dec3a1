import { describe, expect, test } from 'vitest'
import {
  contentBlocks,
  plainTextBlocks,
  truncateBlocks,
  type ContentBlock,
} from '../../src/layout/content-blocks.ts'
import { parseMarkdown } from '../../src/markdown/parse-markdown.ts'

function blocksOf(text: string): ContentBlock[] {
  return contentBlocks(parseMarkdown(text), text)
}

/** Each block's lines as `text` with style marks: `*` italic, `**` bold, `***` both. */
function styled(blocks: readonly ContentBlock[]): string[][] {
  return blocks.map((block) =>
    block.lines.map((line) =>
      line.runs
        .map((run) => {
          const mark = `${run.bold ? '**' : ''}${run.italic ? '*' : ''}`
          return `${mark}${line.text.slice(run.start, run.end)}${mark}`
        })
        .join('')
    )
  )
}

describe('contentBlocks', () => {
  test('should keep styles that change inside a word', () => {
    expect(styled(blocksOf('a**b**c *d*e ***f*** g'))).toEqual([['a**b**c *d*e ***f*** g']])
  })

  test('should collapse spaces, tabs and line feeds inside a line, and drop them at its ends', () => {
    expect(styled(blocksOf('  eins   zwei\t drei  \n  vier  '))).toEqual([
      ['eins zwei drei', 'vier'],
    ])
    expect(styled(blocksOf('a\u00a0\u00a0b'))).toEqual([['a\u00a0\u00a0b']])
    expect(styled(blocksOf('**a** **b**'))).toEqual([['**a** **b**']])
  })

  test('should number items from the list start and mark the first block of each item', () => {
    const blocks = blocksOf('7. sieben\n8. acht\n\n   zweiter Absatz\n\n- x')
    expect(blocks.map((block) => [block.kind, block.marker, block.list, block.itemStart])).toEqual([
      ['ordered-item', '7.', 0, true],
      ['ordered-item', '8.', 0, true],
      ['paragraph', undefined, 0, false],
      ['bullet-item', '•', 1, true],
    ])
  })

  test('should map every character back to its source offset', () => {
    const text = 'Hallo **Welt**\nund *mehr* &amp; \\* mehr'
    const [block] = blocksOf(text)
    const lines = block?.lines ?? []
    expect(lines.map((line) => line.text)).toEqual(['Hallo Welt', 'und mehr & * mehr'])
    const offsets = lines.map((line) => line.sources.map((offset) => text[offset]).join(''))
    expect(offsets).toEqual(['Hallo Welt', 'und mehr & * mehr'])
    expect(lines[0]?.sources[6]).toBe(text.indexOf('Welt'))
  })

  test('should cut blocks at a source offset, keeping formatting and dropping empty blocks', () => {
    const text = 'Erster Absatz\n\n- **fett und lang**\n- zwei\n\nEnde'
    const blocks = blocksOf(text)
    expect(styled(truncateBlocks(blocks, text.indexOf('und')))).toEqual([
      ['Erster Absatz'],
      ['**fett**'],
    ])
    // A cut right after a marker leaves no text in the item: the item goes.
    expect(styled(truncateBlocks(blocks, text.indexOf('zwei')))).toEqual([
      ['Erster Absatz'],
      ['**fett und lang**'],
    ])
    expect(styled(truncateBlocks(blocks, text.length))).toEqual(styled(blocks))
    expect(truncateBlocks(blocks, 0)).toEqual([])
  })

  test('should drop the empty line a cut right after a line break leaves', () => {
    const text = 'eins\nzwei'
    expect(styled(truncateBlocks(blocksOf(text), text.indexOf('zwei')))).toEqual([['eins']])
  })
})

describe('plainTextBlocks', () => {
  test('should keep every line feed as a line, empty lines included', () => {
    const [block] = plainTextBlocks('Anna Muster\n\n  Hauptstraße   12\r\n12345 Köln')
    expect(block?.lines.map((line) => line.text)).toEqual([
      'Anna Muster',
      '',
      'Hauptstraße 12',
      '12345 Köln',
    ])
    expect(block?.lines[2]?.sources[0]).toBe('Anna Muster\n\n  '.length)
  })

  test('should give no block for blank text', () => {
    expect(plainTextBlocks('')).toEqual([])
    expect(plainTextBlocks(' \n ')).toEqual([])
  })
})
