/**
 * Test helper: a text fixture of `test/fixtures/emoji/`, the same way in Node (fs) and in the
 * browser (fetch from the Vite dev server).
 */

/** Reads `test/fixtures/emoji/<name>` as UTF-8 text. */
export async function loadEmojiFixture(name: string): Promise<string> {
  const url = new URL(`../fixtures/emoji/${name}`, import.meta.url)
  if (typeof window === 'undefined') {
    const fs = await import('node:fs/promises')
    return fs.readFile(url, 'utf8')
  }
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Cannot load fixture \`${name}\`: ${response.status}`)
  return response.text()
}

/** The realistic German, Dutch and French corpora plus the text-presentation symbols. */
export const CORPUS_FILES = [
  'corpus-de.txt',
  'corpus-nl.txt',
  'corpus-fr.txt',
  'corpus-symbols.txt',
] as const
