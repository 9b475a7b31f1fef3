/**
 * searchJson writes the bytes of `JSON.stringify(answer)`, whatever its parts kept: over the two
 * test releases (the same key with another value in each), with a store of parts small enough to
 * drop them all the time, for text that needs escaping, and over the real latest release for many
 * searches (skipped where none is built).
 */
import { createEngine, latestRelease, parseArtifact, type Engine, type SearchRequest, type SearchResponse } from '@openfactors/engine'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testRelease } from '../../test/support/test-release.ts'
import { defaultReleasesDir } from '../paths.ts'
import { diskReleaseFiles } from '../release-files.ts'
import { searchJson } from './search-json.ts'

const utf8 = new TextEncoder()
const decoder = new TextDecoder()

/** Every request's answer from each serialiser equals JSON.stringify's bytes; the number of answers checked. */
function sameBytes(engine: Engine, requests: SearchRequest[], serialisers: Array<(answer: SearchResponse) => Uint8Array>): number {
  for (const request of requests) {
    const answer = engine.search(request)
    const expected = utf8.encode(JSON.stringify(answer))
    for (const serialise of serialisers) {
      const bytes = serialise(answer)
      // Text first (a readable difference), then the bytes themselves.
      expect(decoder.decode(bytes), JSON.stringify(request)).toBe(decoder.decode(expected))
      expect(Buffer.from(bytes).equals(Buffer.from(expected)), JSON.stringify(request)).toBe(true)
    }
  }
  return requests.length
}

const wordsOf = (names: string[]) => [...new Set(names.flatMap((n) => n.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length > 1))]

describe('searchJson', () => {
  it('writes JSON.stringify\'s bytes for the test releases, each data version its own parts', () => {
    const engine = createEngine()
    engine.load(testRelease('2026.1'))
    engine.load(testRelease('2026.2'))
    const words = wordsOf([...testRelease('2026.1').factors, ...testRelease('2026.2').factors].map((f) => f.name))
    const requests: SearchRequest[] = []
    for (const search of [undefined, ...words]) {
      for (const as_of of ['2026.1', '2026.2']) {
        requests.push({ search, as_of, kind: 'all' }, { search, as_of, limit: 1, offset: 1, kind: 'all' }, { search, as_of })
      }
    }
    requests.push({ search: 'nothing matches this' })
    // One serialiser keeping every part, one dropping them after three: both, the same bytes.
    expect(sameBytes(engine, requests, [searchJson(), searchJson(3)])).toBe(words.length * 6 + 7)
    // The diesel factor differs between the releases (2.5, then 2.6): each answer carries its own.
    const serialise = searchJson()
    const older = decoder.decode(serialise(engine.search({ search: 'diesel', as_of: '2026.1' })))
    const newer = decoder.decode(serialise(engine.search({ search: 'diesel', as_of: '2026.2' })))
    expect(older).toContain('"value":2.5')
    expect(newer).toContain('"value":2.6')
  })

  it('writes text that needs escaping or several bytes per character, and the answer\'s own fields in order', () => {
    const engine = createEngine()
    engine.load(testRelease('2026.2'))
    const answer = engine.search({ search: 'diesel' })
    const first = answer.factors[0]
    if (!first) throw new Error('no factor')
    const odd: SearchResponse = {
      ...answer,
      // A key of its own (a data version has one part per key).
      factors: [{ ...first, key: 'test.odd.\u00e9', name: 'Gr\u00fcn "Strom" \\ \u20ac \u{1F600} \ud800 \u0001\n</script>' }, ...answer.factors],
      data_version: '2026.2\u00e9',
    }
    const serialise = searchJson()
    expect(decoder.decode(serialise(odd))).toBe(JSON.stringify(odd))
    expect(Buffer.from(serialise(odd)).equals(Buffer.from(JSON.stringify(odd), 'utf8'))).toBe(true)
    // Fields in the answer's order, an undefined one left out (as JSON.stringify does).
    const reordered = { total: answer.total, data_version: answer.data_version, factors: [], count: 0, extra: undefined }
    expect(decoder.decode(serialise(reordered))).toBe(JSON.stringify(reordered))
  })

  const releasesDir = defaultReleasesDir()
  const built = existsSync(join(releasesDir, 'manifest.json'))
  it.skipIf(!built)(`writes JSON.stringify's bytes for 3,000 searches of the real latest release${built ? '' : ' (skipped: no built release in data/releases; npm run corpus -- build)'}`, () => {
    const files = diskReleaseFiles(releasesDir)
    const manifest = files.manifest()
    const latest = manifest ? latestRelease(manifest.releases) : undefined
    if (!manifest || !latest) throw new Error('no release in the manifest')
    const engine = createEngine({ catalog: manifest.releases, loadRelease: (v) => files.artifactJson(v) })
    const artifact = parseArtifact(files.artifactJson(latest.mb_version))
    engine.load(artifact)
    const rows = artifact.factors
    // Words of every 97th factor's name, searched with each kind and page size.
    const words = wordsOf(rows.filter((_r, i) => i % 97 === 0).map((r) => r.name)).slice(0, 1_000)
    const requests = words.flatMap((search, i): SearchRequest[] => [{ search, limit: 100 }, { search, kind: 'all', offset: i % 7 }, { search, limit: 10 }])
    expect(sameBytes(engine, requests, [searchJson(), searchJson(50)])).toBe(3_000)
  }, 120_000)
})
