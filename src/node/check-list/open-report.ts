/**
 * Opens a report file of `check-list` or `merge-reports` for writing, before any work is done,
 * so a place that cannot be written is told at once instead of after the whole list.
 *
 * @module
 */
import { open, type FileHandle } from 'node:fs/promises'
import { UsageError } from '../cli/cli-io.ts'

/**
 * Opens (creates or truncates) a report file.
 *
 * @param path Where the report goes.
 * @returns The open file.
 * @throws {UsageError} When the file cannot be written (a missing folder, no permission).
 */
export async function openReport(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'w')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw new UsageError(
      `Unexpected unwritable file \`${path}\` (\`${code}\`), expected a place for the report`,
      { cause: error }
    )
  }
}
