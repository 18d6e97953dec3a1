/**
 * Emoji newer than the service's pinned set, in `content` and in recipient data (spec 2.3).
 *
 * @module
 */
import { scanEmoji } from '../emoji/scan-emoji.ts'
import { childOf } from '../schema/read-field.ts'
import { ADDRESS_FIELDS } from './address-fields.ts'
import type { PostcardCheck } from './types.ts'

/**
 * Warns (`emoji-not-in-set`) about every emoji newer than the pinned set. Spec 2.3: such an emoji
 * is never a 422; the preview shows it as missing and in print the recipient is skipped, so a
 * client wants to know before sending.
 */
export const checkEmoji: PostcardCheck = {
  id: 'emoji',
  run({ body, options, report, contentEntries }) {
    const scan = { pinnedVersion: options.emojiVersion }
    for (const entry of contentEntries) {
      const path = `content.${entry.key}`
      if (report.hasError(path)) continue
      for (const warning of scanEmoji(entry.value, path, scan)) report.warn(warning)
    }
    for (const side of ['to', 'from'] as const) {
      const address = childOf(body, side)
      for (const field of ADDRESS_FIELDS) {
        const value = childOf(address, field)
        if (typeof value !== 'string' || value === '') continue
        const path = `${side}.${field}`
        if (report.hasError(path)) continue
        for (const warning of scanEmoji(value, path, scan)) report.warn(warning)
      }
    }
  },
}
