/** Type-level test of the public API: the names and shapes other packages build against. */
import { describe, expectTypeOf, it } from 'vitest'
import type {
  CalcContext,
  Engine,
  EngineError,
  EngineOptions,
  EngineSnapshot,
  Factor,
  GeoMatch,
  LookupResponse,
  ManifestEntry,
  PcafRequest,
  PcafResponse,
  EmbodiedRequest,
  EmbodiedResponse,
  ResolveRequest,
  ReleaseArtifact,
  ReleaseView,
  ResolveMatch,
  ResolveResponse,
  SearchResponse,
  SourceRef,
} from '../src/index.ts'
import { createEngine, ENGINE_VERSION, isEngineError, LookupRequestSchema, ResolveRequestSchema, SearchRequestSchema, selectRelease } from '../src/index.ts'

describe('public API types', () => {
  it('every verb takes and returns a named type, pcaf and embodied included', () => {
    expectTypeOf<Engine['pcaf']>().parameter(0).toEqualTypeOf<PcafRequest>()
    expectTypeOf<Engine['pcaf']>().returns.toEqualTypeOf<PcafResponse>()
    expectTypeOf<Engine['embodied']>().parameter(0).toEqualTypeOf<EmbodiedRequest>()
    expectTypeOf<Engine['embodied']>().returns.toEqualTypeOf<EmbodiedResponse>()
    expectTypeOf<Engine['resolve']>().parameter(0).toEqualTypeOf<ResolveRequest>()
    expectTypeOf<Engine['resolve']>().returns.toEqualTypeOf<ResolveResponse>()
  })

  it('createEngine takes options and returns a synchronous Engine', () => {
    expectTypeOf(createEngine).parameter(0).toEqualTypeOf<EngineOptions | undefined>()
    expectTypeOf(createEngine).returns.toEqualTypeOf<Engine>()
    expectTypeOf<readonly ManifestEntry[]>().toExtend<NonNullable<EngineOptions['catalog']>>()
    expectTypeOf<NonNullable<EngineOptions['loadRelease']>>().returns.toExtend<ReleaseArtifact | string | Uint8Array>()
  })
  it('engine methods return the HTTP 200 bodies', () => {
    expectTypeOf<Engine['search']>().returns.toEqualTypeOf<SearchResponse>()
    expectTypeOf<Engine['lookup']>().returns.toEqualTypeOf<LookupResponse>()
    expectTypeOf<Engine['resolve']>().returns.toEqualTypeOf<ResolveResponse>()
    expectTypeOf<Engine['pcaf']>().returns.toEqualTypeOf<PcafResponse>()
    expectTypeOf<Engine['embodied']>().returns.toEqualTypeOf<EmbodiedResponse>()
    expectTypeOf<Engine['pcaf']>().parameter(1).toEqualTypeOf<CalcContext | undefined>()
    expectTypeOf<Engine['view']>().returns.toEqualTypeOf<ReleaseView>()
    expectTypeOf<Engine['snapshot']>().returns.toEqualTypeOf<EngineSnapshot>()
    expectTypeOf<Engine['select']>().returns.toEqualTypeOf<string>()
  })
  it('responses carry the contract fields', () => {
    expectTypeOf<SearchResponse['factors']>().toEqualTypeOf<Factor[]>()
    expectTypeOf<Factor['source']>().toEqualTypeOf<SourceRef>()
    expectTypeOf<LookupResponse['factor']['factor']['value']>().toEqualTypeOf<number>()
    expectTypeOf<LookupResponse['factor']['factor']['unit']>().toEqualTypeOf<string>()
    expectTypeOf<LookupResponse['factor']['source']>().toEqualTypeOf<SourceRef>()
    expectTypeOf<ResolveMatch['confidence']>().toEqualTypeOf<number>()
    expectTypeOf<ResolveMatch['geo_match']>().toEqualTypeOf<GeoMatch>()
    expectTypeOf<GeoMatch>().toEqualTypeOf<'exact' | 'region' | 'global' | 'mismatch' | 'unspecified'>()
    expectTypeOf<ResolveResponse['count']>().toEqualTypeOf<number>()
  })
  it('helpers keep their signatures', () => {
    expectTypeOf(selectRelease<ManifestEntry>).returns.toEqualTypeOf<ManifestEntry>()
    expectTypeOf(isEngineError).guards.toEqualTypeOf<EngineError>()
    expectTypeOf(ENGINE_VERSION).toEqualTypeOf<string>()
    expectTypeOf(SearchRequestSchema.parse).returns.toHaveProperty('limit').toEqualTypeOf<number>()
    expectTypeOf(ResolveRequestSchema.parse).returns.toHaveProperty('description').toEqualTypeOf<string>()
    expectTypeOf(LookupRequestSchema.parse).returns.toHaveProperty('key').toEqualTypeOf<string>()
  })
})
