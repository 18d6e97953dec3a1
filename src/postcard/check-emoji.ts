/**
 * Emoji newer than the service's pinned set, in `content` and in recipient data (spec 2.3).
 *
 * @module
 */
import { mayHoldEmoji } from '../emoji/find-emoji.ts'
import { scanEmoji } from '../emoji/scan-emoji.ts'
import { childOf } from '../schema/read-field.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { ADDRESS_FIELD_PATHS, ADDRESS_FIELDS, someAddressValue } from './address-fields.ts'
import type { PostcardContext } from './types.ts'

const SIDES = ['to', 'from'] as const

/**
 * Warns (`emoji-not-in-set`) about every emoji newer than the pinned set. Spec 2.3: such an emoji
 * is never a 422; the preview shows it as missing and in print the recipient is skipped, so a
 * client wants to know before sending. A `content` value's emoji are found once, with its text.
 */
export const checkEmoji = defineRule<PostcardContext>({
  id: 'emoji-set',
  spec: '2.3 (emoji)',
  summary:
    'Warns about emoji newer than the pinned emoji set, in content and in the address fields.',
  run({ body, emojiVersion, contentEntries }, report) {
    for (const entry of contentEntries) {
      if (report.hasError(`content.${entry.key}`)) continue
      for (const warning of entry.work.emojiWarnings()) report.warn(warning)
    }
    const scan = { pinnedVersion: emojiVersion }
    for (const side of SIDES) {
      const address = childOf(body, side)
      if (!someAddressValue(address, mayHoldEmoji)) continue
      const paths = ADDRESS_FIELD_PATHS[side]
      for (let index = 0; index < ADDRESS_FIELDS.length; index++) {
        const value = childOf(address, ADDRESS_FIELDS[index] as string)
        if (typeof value !== 'string' || value === '') continue
        const path = paths[index] as string
        if (report.hasError(path)) continue
        for (const warning of scanEmoji(value, path, scan)) report.warn(warning)
      }
    }
  },
})
