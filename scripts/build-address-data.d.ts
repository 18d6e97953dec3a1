/**
 * Types of the pure helpers of `scripts/build-address-data.js` that tests reuse (the script is
 * plain JavaScript so that `node scripts/build-address-data.js` runs without a build).
 */

/** Where the generated module lives, relative to the package root. */
export const OUTPUT_PATH: string
/** The destinations of the service (spec 1); the first four (stated) are pinned in every EU language. */
export const SERVED_COUNTRIES: readonly string[]
/** Languages in which every country's name is pinned. */
export const NAME_LANGUAGES: readonly string[]
/** The EU's other official languages. */
export const POST_LANGUAGES: readonly string[]
/** Post languages in which every served country's name is pinned (the engine lacks them). */
export const FULL_POST_LANGUAGES: readonly string[]
/** Inputs of the generator, read from `node_modules` by {@link readInputs}. */
export interface AddressDataInputs {
  readonly version: string
  readonly data: Readonly<Record<string, Readonly<Record<string, string>>>>
}
/** Reads the inputs from `node_modules` below `root`. */
export function readInputs(root: URL): Promise<AddressDataInputs>
/** The text of the generated module. */
export function renderAddressData(inputs: AddressDataInputs): string
