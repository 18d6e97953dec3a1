/**
 * Warnings on fields the service does not know and silently ignores.
 *
 * @module
 */
import { fieldOrder } from '../schema/postcard.generated.js'
import { isObject } from '../schema/read-field.ts'
import { defineRule } from '../verdict/define-rule.ts'
import { shorten } from '../verdict/shorten.ts'
import { ADDRESS_FIELDS } from './address-fields.ts'
import type { PostcardContext } from './types.ts'

/** Every field path of spec 2.3. */
const KNOWN = new Set(fieldOrder)

/** The address fields of spec 2.3 (`company`, `zip`...). */
const ADDRESS_FIELD_SET: ReadonlySet<string> = new Set(ADDRESS_FIELDS)
/** The top-level fields of spec 2.3. */
const TOP_FIELDS = new Set(fieldOrder.filter((path) => !path.includes('.')))

/** Common other names of the fields of spec 2.3 (compared after {@link normalize}). */
const SYNONYMS: Readonly<Record<string, string>> = {
  flow: 'flow_id',
  flowuuid: 'flow_id',
  sender: 'from',
  recipient: 'to',
  contents: 'content',
  texts: 'content',
  qr: 'qr_codes',
  qrcode: 'qr_codes',
  qrs: 'qr_codes',
  qrurls: 'qr_codes',
  companyname: 'company',
  firstname: 'first_name',
  givenname: 'first_name',
  lastname: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
  street: 'address_line1',
  address: 'address_line1',
  address1: 'address_line1',
  line1: 'address_line1',
  streetaddress: 'address_line1',
  address2: 'address_line2',
  line2: 'address_line2',
  zipcode: 'zip',
  postcode: 'zip',
  postalcode: 'zip',
  plz: 'zip',
  town: 'city',
  countrycode: 'country',
}

/** `flowId`, `flow-id` and `FLOW_ID` all become `flowid`. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** The known field of `parent` a sent name most likely means, as a path. */
function suggest(parent: string, name: string): string | undefined {
  const normal = normalize(name)
  const prefix = parent === '' ? '' : `${parent}.`
  for (const path of KNOWN) {
    if (!path.startsWith(prefix) || path.slice(prefix.length).includes('.')) continue
    const key = path.slice(prefix.length)
    if (normalize(key) === normal || SYNONYMS[normal] === key) return path
  }
  return undefined
}

/**
 * Warns (`unknown-field`) about a field of the body or of an address that spec 2.3 does not
 * define: the service ignores it, so a typo such as `qr_code` or `postal_code` would otherwise
 * go unnoticed until the card is printed without it. The likely meant field is named when there
 * is one.
 */
export const checkUnknownFields = defineRule<PostcardContext>({
  id: 'unknown-fields',
  spec: '2.3',
  summary: 'Warns about fields spec 2.3 does not define, which the service ignores.',
  run({ body }, report) {
    if (!isObject(body)) return
    const warnAbout = (parent: string, value: object, known: ReadonlySet<string>) => {
      for (const name in value) {
        if (!Object.hasOwn(value, name) || known.has(name)) continue
        const path = parent === '' ? name : `${parent}.${name}`
        const meant = suggest(parent, name)
        report.warn({
          code: 'unknown-field',
          path,
          message:
            meant === undefined
              ? `Unexpected field \`${shorten(path)}\`: the service ignores it`
              : `Unexpected field \`${shorten(path)}\`, expected \`${meant}\`: the service ignores it`,
          data: meant === undefined ? { field: path } : { field: path, expected: meant },
        })
      }
    }
    warnAbout('', body, TOP_FIELDS)
    for (const side of ['from', 'to']) {
      const address = Object.hasOwn(body, side) ? body[side] : undefined
      if (isObject(address)) warnAbout(side, address, ADDRESS_FIELD_SET)
    }
  },
})
