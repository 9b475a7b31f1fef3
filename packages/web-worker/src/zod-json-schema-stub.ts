/**
 * Stands in for zod's JSON Schema generation (`zod/v4/core/to-json-schema.js` and
 * `json-schema-processors.js`) in the browser bundle only (vite.config.ts): zod's classic schemas
 * import it for their `toJSONSchema()` method, which nothing in the worker calls (the server writes
 * the OpenAPI document, in Node). About 17 kB of code the browser never runs; the bundle budget
 * (src/bundle.test.ts) is what it buys room in. Any call says so.
 */
function unavailable(): never {
  throw new Error('zod JSON Schema generation is not part of the openfactors browser bundle')
}

export const allProcessors: Record<string, never> = {}
export const aggregateChecks = unavailable
export const anyProcessor = unavailable
export const arrayProcessor = unavailable
export const bigintProcessor = unavailable
export const booleanProcessor = unavailable
export const catchProcessor = unavailable
// Made when a schema's `~standard` is read (Standard Schema interop): a method that says it is unavailable.
export const createStandardJSONSchemaMethod = (): (() => never) => unavailable
export const createToJSONSchemaMethod = (): (() => never) => unavailable
export const customProcessor = unavailable
export const dateProcessor = unavailable
export const defaultProcessor = unavailable
export const enumProcessor = unavailable
export const extractDefs = unavailable
export const fileProcessor = unavailable
export const finalize = unavailable
export const functionProcessor = unavailable
export const handleUnrepresentable = unavailable
export const initializeContext = unavailable
export const intersectionProcessor = unavailable
export const lazyProcessor = unavailable
export const literalProcessor = unavailable
export const mapProcessor = unavailable
export const nanProcessor = unavailable
export const neverProcessor = unavailable
export const nonoptionalProcessor = unavailable
export const nullProcessor = unavailable
export const nullableProcessor = unavailable
export const numberProcessor = unavailable
export const objectProcessor = unavailable
export const optionalProcessor = unavailable
export const pipeProcessor = unavailable
export const prefaultProcessor = unavailable
export const processSchema = unavailable
export const promiseProcessor = unavailable
export const readonlyProcessor = unavailable
export const recordProcessor = unavailable
export const setProcessor = unavailable
export const stringProcessor = unavailable
export const successProcessor = unavailable
export const symbolProcessor = unavailable
export const templateLiteralProcessor = unavailable
export const toJSONSchema = unavailable
export const transformProcessor = unavailable
export const tupleProcessor = unavailable
export const undefinedProcessor = unavailable
export const unionProcessor = unavailable
export const unknownProcessor = unavailable
export const voidProcessor = unavailable
