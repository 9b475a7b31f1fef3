import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { clearVerifiedFiles, DatasetHashError, DatasetMissingError, readLock, sha256File, verifyEditionFiles } from './lock.ts'
import { datasetsPresent, findDatasetsDir } from '../paths.ts'
import { lockEdition, tempDir, writeText } from '../../test/fixtures.ts'

describe('verifyEditionFiles', () => {
  it('accepts matching files and refuses a file whose sha256 differs, naming file, expected and got', () => {
    const t = tempDir()
    try {
      writeText(join(t.dir, 'src/data.csv'), 'a,b\n1,2\n')
      const edition = lockEdition(t.dir, { id: 'test-1', adapter: 'x', published_at: '2020-01-01', files: ['src/data.csv'] })
      expect(() => verifyEditionFiles(edition, t.dir)).not.toThrow()
      writeText(join(t.dir, 'src/data.csv'), 'a,b\n1,3\n')
      clearVerifiedFiles()
      let err: unknown
      try {
        verifyEditionFiles(edition, t.dir)
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(DatasetHashError)
      const h = err as DatasetHashError
      expect(h.file).toBe('src/data.csv')
      expect(h.expected).toBe(edition.files[0]?.sha256)
      expect(h.got).toBe(sha256File(join(t.dir, 'src/data.csv')))
      expect(h.message).toContain('src/data.csv')
      expect(h.message).toContain(h.expected)
      expect(h.message).toContain(h.got)
    } finally {
      t.cleanup()
    }
  })
  it('reports a missing file with the datasets directory', () => {
    const t = tempDir()
    try {
      const edition = { ...lockEdition(t.dir, { id: 'test-1', adapter: 'x', published_at: '2020-01-01', files: [] }), files: [{ path: 'nope.csv', sha256: '0'.repeat(64) }] }
      expect(() => verifyEditionFiles(edition, t.dir)).toThrow(DatasetMissingError)
    } finally {
      t.cleanup()
    }
  })
})

describe('datasets.lock.json', () => {
  const lock = readLock()
  it('is valid, with unique ids and the conventional edition ids', () => {
    const ids = lock.editions.map((e) => e.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const y of [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]) expect(ids).toContain(`uk-desnz-ghg-cf-${y}`)
    for (const id of ['us-epa-scghg-v1-2', 'us-epa-scghg-v1-3', 'us-epa-ghg-hub-2023', 'us-epa-ghg-hub-2024', 'us-epa-egrid-2023', 'tgwf-co2js-ember-avg', 'tgwf-co2js-marginal-2021', 'unfccc-ifi-grid-2021', 'climatiq-oefdb-2022-05-12', 'de-oekobaudat-2020-ii']) expect(ids).toContain(id)
    for (const y of [2021, 2022, 2023, 2024, 2025]) {
      expect(ids).toContain(`au-dcceew-nga-${y}`)
      expect(ids).toContain(`tgwf-co2js-emaps-${y}`)
    }
  })
  it('records licences honestly: share-alike/ODbL redistributable with the condition in the attribution, IFI not', () => {
    const byId = new Map(lock.editions.map((e) => [e.id, e]))
    expect(byId.get('uk-desnz-ghg-cf-2026')?.license.spdx).toBe('OGL-UK-3.0')
    expect(byId.get('climatiq-oefdb-2022-05-12')?.license.spdx).toBe('CC-BY-SA-4.0')
    expect(byId.get('climatiq-oefdb-2022-05-12')?.attribution).toMatch(/share-alike/i)
    expect(byId.get('tgwf-co2js-emaps-2025')?.license.spdx).toBe('ODbL-1.0')
    expect(byId.get('tgwf-co2js-emaps-2025')?.attribution).toMatch(/share-alike/i)
    expect(byId.get('au-dcceew-nga-2025')?.license.spdx).toBe('CC-BY-4.0')
    expect(byId.get('de-oekobaudat-2020-ii')?.license.spdx).toBeNull()
    expect(byId.get('unfccc-ifi-grid-2021')?.redistributable).toBe(false)
    expect(byId.get('de-oekobaudat-2020-ii')?.files[0]?.csv).toEqual({ separator: ';', encoding: 'latin1' })
  })
  it('names at least one download source per file: a publisher address or a repository at a full commit', () => {
    for (const f of [...lock.editions.flatMap((e) => e.files), ...lock.excluded]) {
      expect(f.sources?.length ?? 0, f.path).toBeGreaterThan(0)
      const repo = f.sources?.find((s) => s.kind === 'repository')
      if (repo?.kind === 'repository') expect(repo.url, f.path).toBe(`https://raw.githubusercontent.com/${repo.repository}/${repo.commit}/${repo.path.split('/').map(encodeURIComponent).join('/')}`)
    }
    // the 2023 UK flat file is the GOV.UK download (its sha256 was recorded by a third party): publisher first
    const uk2023 = lock.editions.find((e) => e.id === 'uk-desnz-ghg-cf-2023')?.files[0]
    expect(uk2023?.sources?.[0]).toMatchObject({ kind: 'publisher', url: expect.stringMatching(/^https:\/\/assets\.publishing\.service\.gov\.uk\//) })
  })

  const dir = findDatasetsDir()
  it.skipIf(!datasetsPresent(dir))(`matches SHA256SUMS (when there) and the files, and covers every data file in the datasets directory${datasetsPresent(dir) ? '' : ` (skipped: no datasets in ${dir})`}`, () => {
    const sumsFile = join(dir, 'SHA256SUMS')
    const sums = new Map(
      (existsSync(sumsFile) ? readFileSync(sumsFile, 'utf8') : '').trim().split('\n').filter(Boolean).map((l) => {
        const [hash, path] = l.split(/\s+/, 2) as [string, string]
        return [path.replace(/^\.\//, ''), hash] as const
      }),
    )
    const locked = new Map(lock.editions.flatMap((e) => e.files.map((f) => [f.path, f.sha256] as const)))
    for (const x of lock.excluded) locked.set(x.path, x.sha256)
    const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [relative(dir, join(d, n))]))
    const onDisk = walk(dir).filter((p) => p !== 'MANIFEST.md' && p !== 'SHA256SUMS')
    expect([...locked.keys()].sort()).toEqual(onDisk.sort())
    for (const [path, hash] of locked) {
      if (sums.size > 0) expect(sums.get(path), path).toBe(hash)
      expect(sha256File(join(dir, path)), path).toBe(hash)
    }
  })
})
