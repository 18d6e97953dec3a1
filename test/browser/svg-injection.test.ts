/**
 * Browser only: the SVG sanitiser's output on the injection corpus, put into a live page. The
 * oracles are Chromium's own: its XML parser (`DOMParser`) must read every output, and with the
 * output in the document no script may run and nothing may be fetched (the page's resource
 * timing lists every request). A control puts one vector in unsanitised, to show both would see.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { sanitizeSvg, sanitizeSvgFragment } from '../../src/svg/sanitize-svg.ts'
import { SVG_ALLOW_LIST } from '../../src/svg/svg-allow-list.ts'
import { svgInjectionCorpus } from '../svg/svg-injection-corpus.ts'

const SVG = 'http://www.w3.org/2000/svg'
const PROBE = '/__svg-probe'
const hooks = globalThis as typeof globalThis & { __svgHook?: () => void }
let calls = 0
let container: HTMLElement

beforeEach(() => {
  calls = 0
  hooks.__svgHook = () => {
    calls += 1
  }
  performance.clearResourceTimings()
  container = document.createElement('div')
  document.body.append(container)
})

afterEach(() => {
  container.remove()
  delete hooks.__svgHook
})

const isDocument = (markup: string) => /^<(?:\?|!|svg\b)/.test(markup)
const filled = (markup: string) =>
  markup.replaceAll('HOOK', 'window.__svgHook()').replaceAll('PROBE', PROBE)

/** Parses with Chromium's XML parser and puts the root into the page. */
function mount(markup: string): Element {
  const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml')
  const error = parsed.querySelector('parsererror')
  if (error) throw new Error(`Not well-formed: ${error.textContent ?? ''}`)
  const root = document.importNode(parsed.documentElement, true)
  container.append(root)
  return root
}

/** Waits for what a page does on its own: loads, errors, animations starting. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150))
}

function probes(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes(PROBE))
}

function expectOnlyAllowed(root: Element): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    expect(element.namespaceURI).toBe(SVG)
    expect(SVG_ALLOW_LIST.elements.has(element.localName), element.localName).toBe(true)
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i)
      if (attribute.localName === 'href') {
        expect(attribute.value).toMatch(/^#|^data:image\/(?:png|jpeg);base64,/)
      }
    }
  }
}

describe('the SVG sanitiser in a live page', () => {
  test('should see script and requests of an unsanitised vector (the control)', async () => {
    mount(
      filled(
        `<svg xmlns="${SVG}"><image href="PROBE/control.png" onerror="HOOK" width="9" height="9"/></svg>`
      )
    )
    await settle()
    expect(calls).toBeGreaterThan(0)
    expect(probes()).toHaveLength(1)
  })

  test.each(svgInjectionCorpus)('should run and fetch nothing of %s', async (_name, vector) => {
    const document = sanitizeSvg(filled(isDocument(vector) ? vector : `<svg>${vector}</svg>`))
    if (document.ok) expectOnlyAllowed(mount(document.markup))
    if (!isDocument(vector)) {
      // Inlined as a preview inlines emoji artwork: a symbol, placed with `<use>`.
      const fragment = sanitizeSvgFragment(filled(vector), 'p-')
      if (fragment.ok) {
        expectOnlyAllowed(
          mount(
            `<svg xmlns="${SVG}"><symbol id="p">${fragment.markup}</symbol><use href="#p"/></svg>`
          )
        )
      }
    }
    await settle()
    expect(calls).toBe(0)
    expect(probes()).toEqual([])
  })
})
