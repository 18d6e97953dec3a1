/**
 * `postcardSchema` in the real form libraries, as their users wire it: react-hook-form through
 * `@hookform/resolvers/standard-schema` (its form control, without React rendering) and TanStack
 * Form's core (`@tanstack/form-core` 1.x, the version with Standard Schema validators). Both run
 * in Node and in Chromium. The oracle is the library's own state: the errors it shows per field.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { FieldApi, FormApi } from '@tanstack/form-core'
import { createFormControl, type FieldErrors } from 'react-hook-form'
import { beforeAll, describe, expect, test } from 'vitest'
import a6 from '../../designs/a6-greeting.json' with { type: 'json' }
import type { PostcardSubmission } from '../../src/api/types.ts'
import { parseDesign } from '../../src/design/parse-design.ts'
import { validatePostcard } from '../../src/postcard/validate-postcard.ts'
import {
  postcardSchema,
  type PostcardSchemaWarning,
} from '../../src/standard-schema/postcard-schema.ts'
import { createFontRegistry } from '../../src/text/font-registry.ts'
import type { FontRegistry } from '../../src/text/types.ts'
import { loadTestFonts } from '../helpers/fonts.ts'

const design = parseDesign(a6)
let fonts: FontRegistry

beforeAll(async () => {
  fonts = createFontRegistry(await loadTestFonts())
})

/** What a person has typed so far: a postcard form's values. */
function values(): PostcardSubmission {
  return {
    flow_id: '7375c8ae-613b-4182-8fb6-51639fd11db4',
    from: {
      company: 'Bloom & Co.',
      address_line1: 'Gartenweg 3',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    to: {
      first_name: 'Erika',
      address_line1: 'Heidestraße 17',
      zip: '',
      city: 'Köln',
      country: 'DE',
    },
    content: {
      greeting: 'Hello **Erika**!',
      body: 'Spring is here, and so are our new bulbs. '.repeat(30),
    },
    qr_codes: { coupon_url: 'example.com/c/SPRING' },
  }
}

/** The service's messages for a body, by field path (the oracle of every form's errors). */
function serviceErrors(body: unknown): Record<string, readonly string[]> {
  const verdict = validatePostcard(body, design, { fonts })
  return verdict.ok ? {} : verdict.body.errors
}

/** A field's error message in react-hook-form's nested error object. */
function messageAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key]
  return (node as { message?: string } | undefined)?.message
}

describe('react-hook-form with @hookform/resolvers/standard-schema', () => {
  test('should show each field the service’s message and submit once the body is accepted', async () => {
    const schema = postcardSchema(design, { fonts })
    const form = createFormControl<PostcardSubmission>({
      defaultValues: values(),
      resolver: standardSchemaResolver(schema),
    })
    let submitted: PostcardSubmission | undefined
    let refused: FieldErrors<PostcardSubmission> | undefined
    const submit = form.handleSubmit(
      (accepted) => {
        submitted = accepted
      },
      (errors) => {
        refused = errors
      }
    )
    await submit()
    expect(submitted).toBeUndefined()
    const expected = serviceErrors(values())
    expect(Object.keys(expected).sort()).toEqual(['content.body', 'qr_codes.coupon_url', 'to.zip'])
    for (const [path, messages] of Object.entries(expected)) {
      expect(messageAt(refused ?? {}, path), path).toBe(messages[0])
      expect(form.getFieldState(path as 'to.zip').error?.message).toBe(messages[0])
    }
    expect(messageAt(refused ?? {}, 'content.body')).toMatch(
      /^Unexpected text height of 155\.74 mm in the area `Message`, expected at most 60 mm\. Shorten the text by at least 773 characters/
    )

    form.setValue('to.zip', '51147')
    form.setValue('content.body', 'Spring is here.')
    form.setValue('qr_codes.coupon_url', 'https://example.com/c/SPRING')
    expect(await form.trigger()).toBe(true)
    await submit()
    expect(submitted).toEqual({
      ...values(),
      to: { ...values().to, zip: '51147' },
      content: { greeting: 'Hello **Erika**!', body: 'Spring is here.' },
      qr_codes: { coupon_url: 'https://example.com/c/SPRING' },
    })
    expect(form.getFieldState('content.body').error).toBeUndefined()
  })

  test('should list every message of a field with criteriaMode all, in the locale', async () => {
    const schema = postcardSchema(design, { fonts, locale: 'de' })
    const body = {
      ...values(),
      to: { ...values().to, zip: '' },
      content: { greeting: 'Hallo [Erika](https://example.com) `x`', body: 'Hi' },
    }
    const resolve = standardSchemaResolver(schema)
    const result = await resolve(body, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
      criteriaMode: 'all',
    })
    expect(result.values).toEqual({})
    expect(messageAt(result.errors, 'to.zip')).toBe('Das Feld to.zip ist erforderlich.')
    expect((result.errors as FieldErrors<PostcardSubmission>).content?.greeting?.types).toEqual({
      0: 'Unerwartetes Element bei 1:7 (Link), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
      1: 'Unerwartetes Element bei 1:36 (Inline-Code), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    })
  })
})

describe('TanStack Form (@tanstack/form-core 1.x)', () => {
  test('should put the service’s messages on the fields as they change, and submit when accepted', async () => {
    const warnings: (readonly PostcardSchemaWarning[])[] = []
    const schema = postcardSchema(design, {
      fonts,
      locale: 'fr',
      emojiVersion: '15.0',
      onWarnings: (found) => warnings.push(found),
    })
    let submitted: PostcardSubmission | undefined
    const form = new FormApi({
      defaultValues: values(),
      validators: { onChange: schema, onSubmit: schema },
      onSubmit: ({ value }) => {
        submitted = value
      },
    })
    form.mount()
    const field = (name: 'to.zip' | 'content.body' | 'qr_codes.coupon_url' | 'to.first_name') => {
      const api = new FieldApi({ form, name })
      api.mount()
      return api
    }
    const zip = field('to.zip')
    const body = field('content.body')
    const url = field('qr_codes.coupon_url')
    const firstName = field('to.first_name')
    const messages = (api: { state: { meta: { errors: unknown[] } } }) =>
      api.state.meta.errors.flat().map((issue) => (issue as { message: string }).message)

    body.handleChange('Spring is here, and so are our new bulbs. '.repeat(30))
    expect(messages(zip)).toEqual(['Le champ to.zip est obligatoire.'])
    expect(messages(body)).toEqual([
      'Hauteur de texte inattendue de 155,74\u202fmm dans la zone `Message`, au plus 60\u202fmm attendus. Raccourcissez le texte d’au moins 773 caractères (21 lignes) ou réduisez la taille de police à 6\u202fpt.',
    ])
    expect(messages(url)).toEqual([
      'Adresse `example.com/c/SPRING` inattendue sans schéma, une URL http(s) complète est attendue, par exemple `https://example.com/c/SPRING`.',
    ])

    zip.handleChange('51147')
    body.handleChange('Le printemps est là.')
    url.handleChange('https://example.com/c/SPRING')
    expect([messages(zip), messages(body), messages(url)]).toEqual([[], [], []])
    // A warning never blocks: the form is valid and submits.
    firstName.handleChange('Erika 🫪')
    expect(form.state.canSubmit).toBe(true)
    await form.handleSubmit()
    expect(submitted?.to.first_name).toBe('Erika 🫪')
    expect(warnings.at(-1)?.map((warning) => [warning.code, warning.path])).toEqual([
      ['emoji-not-in-set', ['to', 'first_name']],
    ])
  })
})
