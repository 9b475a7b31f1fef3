import { afterAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildReleases } from './build.ts'
import { readManifest, readReleaseArtifact } from './artifacts.ts'
import { diffReleases } from '@openfactors/engine'
import { verifyReleases } from './verify.ts'
import { clearVerifiedFiles, DatasetHashError } from './lock/lock.ts'
import { cellAt, cellRef, readWorkbook, sheetRange, textAt } from './read/workbook.ts'
import { makeKey } from './keys/slug.ts'
import type { DraftFactor, SourceAdapter } from './adapters/types.ts'
import type { ReleaseDecl } from './releases.ts'
import { lockEdition, testLock, tempDir, writeXlsx } from '../test/fixtures.ts'

/** A tiny real adapter: sheet `Fuels`, columns Fuel | Unit | kg CO2e, merged/blank labels carried down. */
const fuelsAdapter: SourceAdapter = {
  id: 'fuels',
  ingest(ctx) {
    const file = ctx.edition.files[0]!
    const sheet = readWorkbook(ctx.resolve(file)).Sheets.Fuels!
    const factors: DraftFactor[] = []
    const skipped: { reason: 'empty_value'; where: string }[] = []
    let fuel = ''
    for (let r = 1; r <= sheetRange(sheet).e.r; r++) {
      fuel = textAt(sheet, r, 0) || fuel
      const unit = textAt(sheet, r, 1)
      const v = cellAt(sheet, r, 2)?.v
      if (typeof v !== 'number') {
        skipped.push({ reason: 'empty_value', where: `Fuels row ${r + 1}` })
        continue
      }
      factors.push({ key: makeKey('fuels', 'gb', fuel, unit), name: `${fuel}, ${unit}`, value: v, unit: `kg CO2e per ${unit}`, scope: 'scope_1', section: 'Fuels', country: 'gb', cell_ref: cellRef('Fuels', r, 2) })
    }
    return { factors, skipped }
  },
}

const t = tempDir()
afterAll(() => t.cleanup())
const data = join(t.dir, 'datasets')
writeXlsx(join(data, 'fuels/2020.xlsx'), { Fuels: { rows: [['Fuel', 'Unit', 'kg CO2e'], ['Diesel', 'litres', 2.6], [null, 'kWh', 0.25], ['Petrol', 'litres', 2.3], ['Coal', 'tonnes', null]], merges: ['A2:A3'] } })
writeXlsx(join(data, 'fuels/2021.xlsx'), { Fuels: { rows: [['Fuel', 'Unit', 'kg CO2e'], ['Diesel', 'litres', 2.55], [null, 'kWh', 0.25], ['LPG', 'litres', 1.5]] } }, 'xls')
const e2020 = lockEdition(data, { id: 'fuels-2020', series: 'fuels', adapter: 'fuels', published_at: '2020-06-01', files: ['fuels/2020.xlsx'] })
const e2021 = lockEdition(data, { id: 'fuels-2021', series: 'fuels', adapter: 'fuels', published_at: '2021-06-01', files: ['fuels/2021.xlsx'] })
const lock = testLock([e2020, e2021])
const releases: ReleaseDecl[] = [
  { mb_version: '2020.1', released_at: '2020-06-01', editions: ['fuels-2020'] },
  { mb_version: '2021.1', released_at: '2021-06-01', editions: ['fuels-2021'] },
]

describe('buildReleases on generated datasets', () => {
  const out = join(t.dir, 'out')
  const build = (outDir = out) => buildReleases({ outDir, datasetsDir: data, lock, releases, adapters: { fuels: fuelsAdapter } })

  it('writes proven, hash-named artifacts, a manifest and a report', async () => {
    const { report, written } = await build()
    expect(report.errors).toEqual([])
    expect(written).toBe(true)
    expect(report.proof).toMatchObject({ checked: 6, proven: 6, share: 1 })
    const manifest = readManifest(out)!
    expect(manifest.releases.map((r) => [r.mb_version, r.factor_count])).toEqual([['2020.1', 3], ['2021.1', 3]])
    for (const r of manifest.releases) expect(r.file).toMatch(new RegExp(`^release-${r.mb_version.replace('.', '\\.')}-${r.sha256.slice(0, 12)}\\.json\\.gz$`))
    const a2021 = readReleaseArtifact(out, manifest.releases[1]!)
    expect(a2021.editions.map((e) => e.id)).toEqual(['fuels-2021'])
    expect(a2021.factors.map((f) => f.key)).toEqual(['fuels.gb.diesel.kwh', 'fuels.gb.diesel.litres', 'fuels.gb.lpg.litres'])
    expect(a2021.factors[0]?.source_id).toBe('fuels-2021')
    expect(report.editions.find((e) => e.id === 'fuels-2020')?.skipped.empty_value?.count).toBe(1)
    expect(existsSync(join(out, 'build-report.json'))).toBe(true)
    expect(report.unreleased_editions).toEqual([])
  })

  it('rebuilds byte-identical artifacts into another directory', async () => {
    const again = join(t.dir, 'again')
    await build(again)
    const names = (d: string) => readdirSync(d).filter((n) => n.endsWith('.json.gz')).sort()
    expect(names(again)).toEqual(names(out))
    for (const n of names(out)) expect(readFileSync(join(again, n)).equals(readFileSync(join(out, n)))).toBe(true)
    expect(readFileSync(join(again, 'manifest.json'), 'utf8')).toBe(readFileSync(join(out, 'manifest.json'), 'utf8'))
  })

  it('keeps keys stable across editions, and the diff shows added, removed and changed keys', () => {
    const m = readManifest(out)!
    const d = diffReleases(readReleaseArtifact(out, m.releases[0]!), readReleaseArtifact(out, m.releases[1]!))
    expect(d.added.map((x) => x.key)).toEqual(['fuels.gb.lpg.litres'])
    expect(d.removed.map((x) => x.key)).toEqual(['fuels.gb.petrol.litres'])
    expect(d.changed).toEqual([{ key: 'fuels.gb.diesel.litres', old: { key: 'fuels.gb.diesel.litres', value: 2.6, unit: 'kg CO2e per litres', source_id: 'fuels-2020' }, new: { key: 'fuels.gb.diesel.litres', value: 2.55, unit: 'kg CO2e per litres', source_id: 'fuels-2021' } }])
    expect(d.unchanged).toBe(1)
  })

  it('verify re-proves the written artifacts', () => {
    const v = verifyReleases({ outDir: out, datasetsDir: data, lock })
    expect(v.errors).toEqual([])
    expect(v.proof.share).toBe(1)
    expect(v.releases.map((r) => r.factor_count)).toEqual([3, 3])
  })

  it('verify notices an artifact whose bytes no longer match the manifest', () => {
    const dir = join(t.dir, 'again')
    const entry = readManifest(dir)!.releases[0]!
    const bytes = readFileSync(join(dir, entry.file))
    const at = bytes.length - 5
    bytes[at] = (bytes[at] ?? 0) ^ 0xff
    writeFileSync(join(dir, entry.file), bytes)
    const v = verifyReleases({ outDir: dir, datasetsDir: data, lock })
    expect(v.ok).toBe(false)
    expect(v.errors[0]).toBe(`${entry.file}: sha256 ${createHash('sha256').update(bytes).digest('hex')} differs from the manifest's ${entry.sha256}`)
  })

  it('fails on a duplicate key naming both cells, and writes no release', async () => {
    // 2020 only: a second row under the diesel-per-litre key, read from the petrol cell (C4 = 2.3)
    const dup: SourceAdapter = {
      id: 'fuels',
      ingest: (ctx) => {
        const o = fuelsAdapter.ingest(ctx)
        if (ctx.edition.id !== 'fuels-2020') return o
        return { ...o, factors: [...o.factors, { ...o.factors[0]!, cell_ref: cellRef('Fuels', 3, 2), value: 2.3 }] }
      },
    }
    const dir = join(t.dir, 'dup')
    const { report, written } = await buildReleases({ outDir: dir, datasetsDir: data, lock, releases, adapters: { fuels: dup } })
    expect(written).toBe(false)
    expect(report.proof.failures).toEqual([])
    expect(report.errors).toContain("2020.1: duplicate key fuels.gb.diesel.litres: fuels-2020 'Fuels'!C2 and fuels-2020 'Fuels'!C4")
    // The copied row also shares its name with the row it copies: the label check marks both.
    expect(report.errors.filter((e) => e.startsWith('label check unique_name: fuels-2020'))).toHaveLength(2)
    expect(report.checks.per_check.unique_name).toEqual({ marked: 2, failing: 2 })
    expect(readManifest(dir)).toBeNull()
  })

  it('fails when two keys are served from one cell (a copy), and writes no release', async () => {
    const copier: SourceAdapter = { id: 'fuels', ingest: (ctx) => { const o = fuelsAdapter.ingest(ctx); return { ...o, factors: [...o.factors, { ...o.factors[0]!, key: 'fuels.gb.diesel_copy.litres' }] } } }
    const dir = join(t.dir, 'copy')
    const { report, written } = await buildReleases({ outDir: dir, datasetsDir: data, lock, releases, adapters: { fuels: copier } })
    expect(written).toBe(false)
    expect(report.errors).toContain("2020.1: keys fuels.gb.diesel.litres, fuels.gb.diesel_copy.litres are all served from fuels-2020 'Fuels'!C2 (a key may not copy another)")
  })

  it('fails the proof for a served value that is not in the cell, and writes no release', async () => {
    const liar: SourceAdapter = { id: 'fuels', ingest: (ctx) => { const o = fuelsAdapter.ingest(ctx); return { ...o, factors: o.factors.map((f, i) => (i === 0 ? { ...f, value: f.value + 1e-12 } : f)) } } }
    const dir = join(t.dir, 'liar')
    const { report, written } = await buildReleases({ outDir: dir, datasetsDir: data, lock, releases, adapters: { fuels: liar } })
    expect(written).toBe(false)
    expect(report.proof.failures.length).toBe(2)
    expect(report.proof.share).toBeLessThan(1)
    expect(readManifest(dir)).toBeNull()
  })

  it('reports a missing adapter as an error for its editions only', async () => {
    const dir = join(t.dir, 'missing')
    const { report, written } = await buildReleases({ outDir: dir, datasetsDir: data, lock, releases, adapters: {}, allowIncomplete: true })
    expect(report.editions.map((e) => e.error !== null)).toEqual([true, true])
    expect(report.errors[0]).toMatch(/fuels-2020 \(fuels\): adapter fuels is not available/)
    expect(written).toBe(true)
    expect(report.releases[0]?.missing_editions).toEqual(['fuels-2020'])
  })

  it('refuses a dataset file whose sha256 differs from the lock', async () => {
    clearVerifiedFiles()
    const tampered = testLock([{ ...e2020, files: [{ path: 'fuels/2020.xlsx', sha256: 'f'.repeat(64) }] }, e2021])
    await expect(buildReleases({ outDir: join(t.dir, 'tampered'), datasetsDir: data, lock: tampered, releases, adapters: { fuels: fuelsAdapter } })).rejects.toThrow(DatasetHashError)
  })
})
