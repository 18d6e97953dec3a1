/**
 * Opens a report file of `check-list` or `merge-reports` for writing, before any work is done,
 * so a place that cannot be written is told at once instead of after the whole list.
 *
 * @module
 */
import { mkdir, open, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { UsageError } from '../cli/cli-io.ts'

/**
 * Opens (creates or truncates) a report file, creating its folder when missing.
 *
 * @param path Where the report goes.
 * @returns The open file.
 * @throws {UsageError} When the file cannot be written (no permission, a file in the way).
 */
export async function openReport(path: string): Promise<FileHandle> {
  try {
    await mkdir(dirname(path), { recursive: true })
    return await open(path, 'w')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new UsageError(
      `Unexpected unwritable file \`${path}\` (\`${code}\`), expected a place for the report`,
      { cause: error }
    )
  }
}
