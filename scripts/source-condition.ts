/**
 * Inside this repository every `@openfactors/*` import resolves to the package's TypeScript
 * sources through the custom export condition `@openfactors/source`, so development needs no build
 * step; published packages (and anyone without the condition) get the built `dist/` files.
 * TypeScript reads it from `customConditions` (tsconfig.json), tsx/Node from
 * `--conditions=@openfactors/source`, vite and vitest from these resolve options.
 */
import { defaultClientConditions, defaultServerConditions } from 'vite'

export const SOURCE_CONDITION = '@openfactors/source'

/** `resolve` for browser builds (vite configs of the worker and the examples). */
export const sourceResolve = { conditions: [SOURCE_CONDITION, ...defaultClientConditions] }

/** `ssr.resolve` for code vitest runs in Node. */
export const sourceSsrResolve = { conditions: [SOURCE_CONDITION, ...defaultServerConditions], externalConditions: [SOURCE_CONDITION] }
