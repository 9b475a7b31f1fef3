import { describe, expect, it } from 'vitest'
import { fixtureArtifact } from '../test/fixture.ts'
import { createEngine } from './engine.ts'
import { isEngineError } from './errors.ts'

function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (e) {
    return e
  }
  throw new Error('expected a throw')
}

function loadedEngine() {
  const engine = createEngine()
  engine.load(fixtureArtifact())
  return engine
}

describe('load and select', () => {
  it('loads from an object, a JSON string and JSON bytes', () => {
    const json = JSON.stringify(fixtureArtifact())
    for (const input of [fixtureArtifact(), json, new TextEncoder().encode(json)]) {
      const engine = createEngine()
      expect(engine.load(input)).toMatchObject({ mb_version: '2099.1', loaded: true, factor_count: fixtureArtifact().factors.length })
    }
  })
  it('refuses an artifact that does not validate, in both modes', () => {
    const bad = { ...fixtureArtifact(), factors: [{ ...fixtureArtifact().factors[0], value: 'x' }] }
    for (const validation of ['light', 'full'] as const) {
      const e = thrown(() => createEngine({ validation }).load(bad as never))
      expect(isEngineError(e) && e.code).toBe('release_invalid')
    }
    const dup = { ...fixtureArtifact(), factors: [fixtureArtifact().factors[0], fixtureArtifact().factors[0]] }
    expect(isEngineError(thrown(() => createEngine().load(dup as never)))).toBe(true)
  })
  it('keeps releases side by side and answers as_of', () => {
    const engine = createEngine()
    engine.load(fixtureArtifact('2099.1', '2099-06-01'))
    const newer = fixtureArtifact('2099.2', '2099-09-01')
    newer.factors = newer.factors.map((f) => (f.key === 'electricity.gb.grid.location' ? { ...f, value: 0.123 } : f))
    engine.load(newer)
    expect(engine.releases().map((r) => r.mb_version)).toEqual(['2099.1', '2099.2'])
    expect(engine.lookup('electricity.gb.grid.location').factor.factor.value).toBe(0.123)
    expect(engine.lookup('electricity.gb.grid.location', { as_of: '2099-07-01' }).factor.source.data_version).toBe('2099.1')
    expect(engine.lookup('electricity.gb.grid.location', { as_of: '2099.1' }).factor.factor.value).not.toBe(0.123)
    const early = thrown(() => engine.search({ as_of: '2000-01-01' }))
    expect(isEngineError(early) && early.code).toBe('as_of_out_of_range')
    expect(isEngineError(early) && early.data).toMatchObject({ earliest: '2099-06-01' })
  })
  it('loads catalog releases lazily through loadRelease', () => {
    const calls: string[] = []
    const engine = createEngine({
      catalog: [
        { mb_version: '2099.1', released_at: '2099-06-01' },
        { mb_version: '2099.2', released_at: '2099-09-01' },
      ],
      loadRelease: (v) => {
        calls.push(v)
        return fixtureArtifact(v, v === '2099.1' ? '2099-06-01' : '2099-09-01')
      },
    })
    expect(engine.isLoaded('2099.2')).toBe(false)
    expect(engine.select()).toBe('2099.2')
    engine.lookup('fuels.gb.lpg.litres')
    expect(calls).toEqual(['2099.2'])
    engine.search({ as_of: '2099-07-15' })
    expect(calls).toEqual(['2099.2', '2099.1'])
    expect(engine.releases().every((r) => r.loaded)).toBe(true)
  })
  it('says so when a selected release is not loaded and there is no loader', () => {
    const engine = createEngine({ catalog: [{ mb_version: '2099.5', released_at: '2099-12-01' }] })
    engine.load(fixtureArtifact())
    const e = thrown(() => engine.search({}))
    expect(isEngineError(e) && e.code).toBe('release_invalid')
  })
})

describe('snapshot and restore', () => {
  it('restores the same answers without re-indexing', () => {
    const engine = loadedEngine()
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot())) as ReturnType<typeof engine.snapshot>
    expect(snapshot.format).toBe('openfactors.engine-snapshot/4')
    const restored = createEngine()
    restored.restore(snapshot)
    const req = { description: 'diesel litres' }
    expect(restored.resolve(req)).toEqual(engine.resolve(req))
    expect(restored.search({ search: 'hotel' })).toEqual(engine.search({ search: 'hotel' }))
    expect(restored.lookup('fuels.gb.lpg.litres')).toEqual(engine.lookup('fuels.gb.lpg.litres'))
  })
  it('rejects something that is not a snapshot', () => {
    const e = thrown(() => createEngine().restore({ format: 'nope' } as never))
    expect(isEngineError(e) && e.code).toBe('release_invalid')
  })
  it('rejects a snapshot whose packed rows are cut short (release_invalid, not a TypeError)', () => {
    const snapshot = loadedEngine().snapshot()
    const cut = { ...snapshot, rows: { ...snapshot.rows, plain: { ...snapshot.rows.plain, key: snapshot.rows.plain.key.slice(1) } } }
    const e = thrown(() => createEngine().restore(cut))
    expect(isEngineError(e) && e.code).toBe('release_invalid')
    expect(isEngineError(e) && (e.data as { reason?: string }).reason).toMatch(/column key has \d+ entries/)
  })
})

describe('view', () => {
  it('serves rows, editions and candidates to calculations', () => {
    const view = loadedEngine().view()
    expect(view.mb_version).toBe('2099.1')
    expect(view.factor('materials.concrete.ready_mix.c30_37')?.modules?.['A1-A3']?.value).toBe(220)
    expect(view.edition('test-obd-2099')?.dataset).toBe('test-obd')
    expect(view.candidates('materials.concrete.ready_mix.c30_38')[0]?.key).toBe('materials.concrete.ready_mix.c30_37')
  })
})

describe('lookup keys', () => {
  it('reads a key typed in another case or with spaces around it', () => {
    expect(loadedEngine().lookup(' Fuels.GB.LPG.Litres ').factor.key).toBe('fuels.gb.lpg.litres')
  })
})

describe('validation at the boundary', () => {
  it('turns bad input into invalid_request with issues', () => {
    const engine = loadedEngine()
    const tooMany = thrown(() => engine.search({ limit: 101 }))
    expect(isEngineError(tooMany) && tooMany.code).toBe('invalid_request')
    expect(isEngineError(tooMany) && tooMany.data).toMatchObject({ issues: [{ path: 'limit' }] })
    const empty = thrown(() => engine.resolve({ description: '   ' }))
    expect(isEngineError(empty) && empty.code).toBe('invalid_request')
    const badAsOf = thrown(() => engine.lookup('fuels.gb.lpg.litres', { as_of: 'yesterday' }))
    expect(isEngineError(badAsOf) && badAsOf.code).toBe('invalid_request')
  })
})
