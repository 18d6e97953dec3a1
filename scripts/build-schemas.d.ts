/** Types of `build-schemas.js` for the tests that reuse its pure functions. */

/** One file to write, its path relative to the package root. */
export interface GeneratedFile {
  readonly path: string
  readonly contents: string
}

/** The schemas compiled: output name → JSON Schema document. */
export declare const SCHEMAS: Readonly<Record<string, object>>

/** Where the generated modules live, relative to the package root. */
export declare const OUTPUT_DIR: string

/** Every generated module and declaration file. */
export declare function generateSchemaModules(): GeneratedFile[]

/** One validator module's source. */
export declare function generateModule(name: string, schema: object): string

/** The `.d.ts` beside a validator module. */
export declare function generateTypes(name: string): string
