/**
 * Types of the pure helpers of `scripts/build-address-data.js` that tests reuse (the script is
 * plain JavaScript so that `node scripts/build-address-data.js` runs without a build).
 */

/** Where the generated module lives, relative to the package root. */
export const OUTPUT_PATH: string
/** The destinations of the service (spec 1). */
export const SERVED_COUNTRIES: readonly string[]
/** Languages whose names of the destinations are pinned (the engines lack them). */
export const ENGINE_LANGUAGES: readonly string[]
/** Inputs of the generator, read from `node_modules` by {@link readInputs}. */
export interface AddressDataInputs {
  readonly version: string
  readonly data: Readonly<Record<string, Readonly<Record<string, string>>>>
}
/** Reads the inputs from `node_modules` below `root`. */
export function readInputs(root: URL): Promise<AddressDataInputs>
/** The text of the generated module. */
export function renderAddressData(inputs: AddressDataInputs): string
