/**
 * `postcard-preflight/proof`: print-ready PDF proofs, drawn from the same analysis and the same
 * geometry as the SVG preview. A subpath of its own, so a page loads it only when a person asks
 * for a proof (`await import('postcard-preflight/proof')`).
 *
 * @module
 */
export { renderProof, ProofOptionsError } from './render-proof.ts'
export type { ProofDrawOptions, ProofOptions } from './types.ts'
