/**
 * Derived data of one face that layouts and previews reuse (shaped words, prepared lines,
 * compacted outlines), kept on the face itself: a face made by `parseFont` carries one memo,
 * owned by the font registry the caller owns and dropped with it. Nothing is kept at module
 * level. Each slot states its bound where it is defined.
 *
 * @module
 */
import type { Face } from './types.ts'

/** A kind of derived data kept per face; `create` makes its empty store. */
export interface MemoSlot<T> {
  /** What the slot holds, for readers of a heap snapshot. */
  readonly name: string
  /** Makes the slot's empty store on first use. */
  readonly create: () => T
}

/** The memo of a face: one store per slot, made on first use. */
class FaceMemo {
  readonly #stores = new Map<MemoSlot<unknown>, unknown>()

  /**
   * The store of a slot.
   *
   * @param slot The slot.
   * @returns Its store, made on first use.
   */
  store<T>(slot: MemoSlot<T>): T {
    let store = this.#stores.get(slot) as T | undefined
    if (store === undefined) {
      store = slot.create()
      this.#stores.set(slot, store)
    }
    return store
  }
}

/** The property a face keeps its memo under (not enumerable, so a face still prints plainly). */
const MEMO: unique symbol = Symbol('postcard-preflight.faceMemo')

/**
 * Gives a face its memo; `parseFont` calls it once for every face it makes.
 *
 * @param face A face just made.
 */
export function attachFaceMemo(face: Face): void {
  Object.defineProperty(face, MEMO, { value: new FaceMemo() })
}

/**
 * The store of a slot on a face, or `undefined` for a face without memo (a face a host built
 * itself): callers then compute without keeping anything.
 *
 * @param face The face.
 * @param slot The slot.
 * @returns The slot's store on that face.
 */
export function faceStore<T>(face: Face, slot: MemoSlot<T>): T | undefined {
  const memo = (face as { readonly [MEMO]?: FaceMemo })[MEMO]
  return memo?.store(slot)
}
