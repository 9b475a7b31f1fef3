/** The response types the verbs return are exactly the types of the zod schemas the API documents. */
import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type { EngineResponses } from '../src/index.ts'
import { EmbodiedResponseSchema, LookupResponseSchema, PcafResponseSchema, ResolveResponseSchema, SearchResponseSchema } from '../src/index.ts'

describe('response types = response schemas', () => {
  it('search', () => expectTypeOf<EngineResponses['search']>().toEqualTypeOf<z.output<typeof SearchResponseSchema>>())
  it('lookup', () => expectTypeOf<EngineResponses['lookup']>().toEqualTypeOf<z.output<typeof LookupResponseSchema>>())
  it('resolve', () => expectTypeOf<EngineResponses['resolve']>().toEqualTypeOf<z.output<typeof ResolveResponseSchema>>())
  it('pcaf', () => expectTypeOf<EngineResponses['pcaf']>().toEqualTypeOf<z.output<typeof PcafResponseSchema>>())
  it('embodied', () => expectTypeOf<EngineResponses['embodied']>().toEqualTypeOf<z.output<typeof EmbodiedResponseSchema>>())
})
