/**
 * A few lines of DOM building for the page: elements with attributes and children, and text set
 * only when it changed (so screen readers do not hear the same message twice, and typing does
 * not cost a relayout for nothing).
 *
 * @module
 */

/** Attribute values; `false` and `undefined` leave the attribute out, `true` sets it empty. */
export type Attributes = Readonly<Record<string, string | number | boolean | undefined>>

/** A child: an element, a text, or nothing. */
export type Child = Node | string | false | null | undefined

/**
 * Creates an element.
 *
 * @param tag The tag name.
 * @param attributes Attributes (`class`, `id`, `aria-*`, `data-*`...).
 * @param children Children; strings become text nodes (never parsed as HTML).
 * @returns The element.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  children: readonly Child[] = []
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    element.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue
    element.append(child)
  }
  return element
}

/**
 * Sets an element's text when it differs.
 *
 * @param element The element.
 * @param text The new text.
 * @returns Whether it changed.
 */
export function setText(element: Element, text: string): boolean {
  if (element.textContent === text) return false
  element.textContent = text
  return true
}

/**
 * Replaces a list's items with one `<li>` per text, when the texts differ from what it shows.
 *
 * @param list The `<ul>`.
 * @param texts The items.
 * @returns Whether it changed.
 */
export function setItems(list: HTMLElement, texts: readonly string[]): boolean {
  const current = [...list.children].map((item) => item.textContent)
  if (current.length === texts.length && current.every((text, index) => text === texts[index])) {
    return false
  }
  list.replaceChildren(...texts.map((text) => h('li', {}, [text])))
  list.hidden = texts.length === 0
  return true
}

/**
 * The element with an id, typed; a missing element is a bug of the page itself.
 *
 * @param id The id.
 * @param type The expected class, e.g. `HTMLInputElement`.
 * @returns The element.
 */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id)
  if (!(element instanceof type)) throw new Error(`demo/index.html lacks #${id} (${type.name})`)
  return element
}
