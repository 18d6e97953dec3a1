/**
 * The fields of the chosen design: one Markdown editor per Markdown area (label and key) with
 * its fit meter, one URL input per keyed QR code, and the `to` and `from` addresses. Every field
 * has a place for the service's messages, announced to screen readers as they change.
 *
 * @module
 */
import type { Design, Warning } from '../src/index.ts'
import { DEMO_TEXTS, type DemoTexts } from './demo-texts.ts'
import { h, setItems, setText } from './dom.ts'
import type { FitMeter, Findings, FormBody } from './live-check.ts'
import { ADDRESS_FIELDS, REQUIRED_ADDRESS_FIELDS, type AddressField } from './sample-postcard.ts'

/** Values the form starts with. */
export interface PostcardFormValues {
  readonly content: Readonly<Record<string, string>>
  readonly qr_codes: Readonly<Record<string, string>>
  readonly to: Readonly<Record<AddressField, string>>
  readonly from: Readonly<Record<AddressField, string>>
}

/** Where the findings of one path are shown. */
export interface FindingSlot {
  /** The control whose `aria-invalid` follows the errors, if the path has one. */
  readonly control?: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
  readonly errors: HTMLUListElement
  readonly warnings: HTMLUListElement
}

/** The form of one design. */
export interface PostcardForm {
  /** The fields, to be inserted into the page. */
  readonly element: HTMLElement
  /** Every path the form shows findings at. */
  readonly slots: ReadonlyMap<string, FindingSlot>
  /** The `content`, `qr_codes`, `to` and `from` parts of the body, as typed. */
  read(): Omit<FormBody, 'flow_id'>
  /** Shows fit meters. */
  showMeters(meters: ReadonlyMap<string, FitMeter>): void
  /** Shows the recipient block as the destination's post reads it (from the analysis). */
  showAddress(lines: readonly string[]): void
}

/** An id for a path: `content.greeting` → `content-greeting` (keys are `[a-z0-9_]`). */
export function idOf(path: string): string {
  return path.replaceAll('.', '-')
}

/**
 * Creates the lists that show one path's findings.
 *
 * @param path The path, e.g. `to.zip`.
 * @returns The error list (`aria-live`, so new messages are announced) and the warning list.
 */
export function findingLists(path: string): {
  errors: HTMLUListElement
  warnings: HTMLUListElement
} {
  return {
    errors: h('ul', {
      class: 'errors',
      id: `e-${idOf(path)}`,
      'aria-live': 'polite',
      hidden: true,
    }),
    warnings: h('ul', {
      class: 'warnings',
      id: `w-${idOf(path)}`,
      'aria-live': 'polite',
      hidden: true,
    }),
  }
}

/**
 * Shows findings in their slots and marks the controls invalid; paths without findings are
 * cleared.
 *
 * @param slots The slots.
 * @param findings Findings by path.
 */
export function showFindings(
  slots: ReadonlyMap<string, FindingSlot>,
  findings: ReadonlyMap<string, Findings>
): void {
  for (const [path, slot] of slots) {
    const found = findings.get(path)
    setItems(slot.errors, found?.errors ?? [])
    setItems(
      slot.warnings,
      (found?.warnings ?? []).map((warning: Warning) => warning.message)
    )
    if (slot.control) {
      const invalid = (found?.errors.length ?? 0) > 0
      if (invalid) slot.control.setAttribute('aria-invalid', 'true')
      else slot.control.removeAttribute('aria-invalid')
    }
  }
}

function fieldHead(id: string, label: string, path: string, marked = false): HTMLElement {
  return h('div', { class: 'field-head' }, [
    // The star is for the eye; `aria-required` on the control tells assistive technology.
    h('label', { for: id }, [
      label,
      marked && h('span', { class: 'required', 'aria-hidden': 'true' }, [' *']),
    ]),
    h('code', { class: 'path' }, [path]),
  ])
}

/**
 * Builds the form of a design.
 *
 * @param design The design.
 * @param values The values to start with.
 * @param onInput Called with the path of every field the person changes.
 * @param texts The page's words in its language (labels of the address fields, sections).
 * @returns The form.
 */
export function createPostcardForm(
  design: Design,
  values: PostcardFormValues,
  onInput: (path: string) => void,
  texts: DemoTexts = DEMO_TEXTS.en
): PostcardForm {
  const slots = new Map<string, FindingSlot>()
  const controls = new Map<string, HTMLInputElement | HTMLTextAreaElement>()
  const meters = new Map<string, { bar: HTMLElement; text: HTMLElement; box: HTMLElement }>()
  const sections: HTMLElement[] = []
  // The recipient as the post will read it, updated as the person types (issue 15).
  const addressLines = h('pre', { class: 'address-lines', id: 'address-lines' })
  const addressBlock = h('figure', { class: 'address-block', 'aria-live': 'polite' }, [
    h('figcaption', { class: 'hint' }, ['As the post reads it']),
    addressLines,
  ])

  const section = (path: string, title: string, intro: Node | string | false, fields: Node[]) => {
    const lists = findingLists(path)
    slots.set(path, lists)
    const element = h('fieldset', { class: 'card', 'data-path': path }, [
      h('legend', {}, [title, ' ', h('code', { class: 'path' }, [path])]),
      intro && h('p', { class: 'hint' }, [intro]),
      lists.errors,
      lists.warnings,
      ...fields,
    ])
    sections.push(element)
  }

  const field = (
    path: string,
    control: HTMLInputElement | HTMLTextAreaElement,
    label: string,
    extra: Node[] = [],
    marked = false
  ): HTMLElement => {
    const id = `f-${idOf(path)}`
    const lists = findingLists(path)
    control.id = id
    control.name = path
    control.setAttribute(
      'aria-describedby',
      [...extra.map((node) => (node as HTMLElement).id), lists.errors.id, lists.warnings.id]
        .filter(Boolean)
        .join(' ')
    )
    control.addEventListener('input', () => onInput(path))
    controls.set(path, control)
    slots.set(path, { control, ...lists })
    return h('div', { class: 'field', 'data-path': path }, [
      fieldHead(id, label, path, marked),
      control,
      ...extra,
      lists.errors,
      lists.warnings,
    ])
  }

  if (design.markdownAreas.length > 0) {
    section(
      'content',
      texts.sections.texts,
      texts.sections.textsHint,
      design.markdownAreas.map((area) => {
        const path = `content.${area.key}`
        const text = values.content[area.key] ?? ''
        const control = h('textarea', {
          // spec 2.5 rule 1: every configured key is required.
          'aria-required': 'true',
          rows: Math.min(8, Math.max(2, Math.round(area.height_mm / 8))),
          spellcheck: 'true',
          autocomplete: 'off',
        })
        control.value = text
        const bar = h('span', { class: 'meter-fill' })
        const meterText = h('span', { class: 'meter-text' })
        const box = h('div', { class: 'meter', id: `m-${idOf(path)}`, 'data-state': 'fits' }, [
          h('span', { class: 'meter-bar', 'aria-hidden': 'true' }, [bar]),
          meterText,
        ])
        meters.set(area.key, { bar, text: meterText, box })
        return field(path, control, area.label, [box])
      })
    )
  }
  if (design.keyedQrCodes.length > 0) {
    section(
      'qr_codes',
      texts.sections.qrCodes,
      texts.sections.qrCodesHint,
      design.keyedQrCodes.map((code) => {
        const path = `qr_codes.${code.key}`
        const control = h('input', {
          // spec 2.6 rule 1: every configured key is required.
          'aria-required': 'true',
          type: 'url',
          inputmode: 'url',
          autocomplete: 'off',
          spellcheck: 'false',
        })
        control.value = values.qr_codes[code.key] ?? ''
        return field(path, control, code.label)
      })
    )
  }
  for (const [side, title] of [
    ['to', texts.sections.recipient],
    ['from', texts.sections.sender],
  ] as const) {
    section(
      side,
      title,
      texts.sections.addressHint,
      ADDRESS_FIELDS.map((name) => {
        const path = `${side}.${name}`
        const control = h('input', {
          type: 'text',
          autocomplete: 'off',
          spellcheck: 'false',
          // spec 2.3: the service requires these four; the others may be left out.
          'aria-required': REQUIRED_ADDRESS_FIELDS.has(name) ? 'true' : undefined,
        })
        control.value = values[side][name]
        const wrapper = field(
          path,
          control,
          texts.address[name],
          [],
          REQUIRED_ADDRESS_FIELDS.has(name)
        )
        wrapper.classList.add(`field-${name.replaceAll('_', '-')}`)
        return wrapper
      })
    )
    sections.at(-1)?.classList.add('address')
    if (side === 'to') sections.at(-1)?.append(addressBlock)
  }

  const read = (prefix: string, keys: readonly string[], omitEmpty: (key: string) => boolean) => {
    const result: Record<string, string> = {}
    for (const key of keys) {
      const value = controls.get(`${prefix}.${key}`)?.value ?? ''
      if (value === '' && omitEmpty(key)) continue
      result[key] = value
    }
    return result
  }
  const optional = (key: string): boolean => !REQUIRED_ADDRESS_FIELDS.has(key as AddressField)

  return {
    element: h('div', { class: 'design-fields' }, sections),
    slots,
    read() {
      const body: {
        -readonly [K in keyof Omit<FormBody, 'flow_id'>]: Omit<FormBody, 'flow_id'>[K]
      } = {
        to: read('to', ADDRESS_FIELDS, optional),
        from: read('from', ADDRESS_FIELDS, optional),
      }
      // spec 2.5 rule 2, 2.6 rule 2: a design without such fields forbids the object.
      if (design.markdownAreas.length > 0) {
        body.content = read(
          'content',
          design.markdownAreas.map((area) => area.key),
          () => false
        )
      }
      if (design.keyedQrCodes.length > 0) {
        body.qr_codes = read(
          'qr_codes',
          design.keyedQrCodes.map((code) => code.key),
          () => false
        )
      }
      return body
    },
    showAddress(lines) {
      setText(addressLines, lines.join('\n'))
    },
    showMeters(values) {
      for (const [key, meter] of values) {
        const view = meters.get(key)
        if (!view) continue
        setText(view.text, meter.text)
        const state = meter.fits ? (meter.used > 0.9 ? 'tight' : 'fits') : 'overflows'
        if (view.box.dataset['state'] !== state) view.box.dataset['state'] = state
        const width = `${(meter.used * 100).toFixed(1)}%`
        if (view.bar.style.width !== width) view.bar.style.width = width
        if (view.box.title !== meter.detail) view.box.title = meter.detail
      }
    },
  }
}
