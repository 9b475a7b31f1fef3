/**
 * Choosing the cache in a context without IndexedDB (Node here, some embedded webviews): memory,
 * with the reason given. The IndexedDB paths themselves run in Chromium (test/browser.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { openCorpusCache } from './cache.ts'
import { artifactId, parseSnapshotId, snapshotId } from './cache-types.ts'

describe('openCorpusCache', () => {
  it('falls back to memory, saying why, where IndexedDB does not exist', async () => {
    expect(typeof indexedDB).toBe('undefined')
    const cache = await openCorpusCache('indexeddb')
    expect(cache.storage).toBe('memory')
    expect(cache.fallbackReason).toBe('IndexedDB is not available in this context')
  })

  it('gives plain memory, with no reason, when memory is asked for', async () => {
    const cache = await openCorpusCache('memory')
    expect(cache.storage).toBe('memory')
    expect(cache.fallbackReason).toBeUndefined()
  })
})

describe('cache keys', () => {
  it('name the release, its sha256 and the snapshot format, and split back', () => {
    const artifact = artifactId('2026.1', 'ab'.repeat(32))
    expect(artifact).toBe(`2026.1@${'ab'.repeat(32)}`)
    const id = snapshotId(artifact, 'openfactors.engine-snapshot/1+engine-0.1.0+json-utf8')
    expect(parseSnapshotId(id)).toEqual({ artifact, format: 'openfactors.engine-snapshot/1+engine-0.1.0+json-utf8' })
  })
})
