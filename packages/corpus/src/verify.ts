/**
 * `verify`: re-prove release artifacts already on disk against the datasets. Checks each
 * artifact's hash and schema, the dataset files' hashes, every reference of every factor
 * (rows shared by several releases are proven once), the lock's publication dates, and the
 * release declarations.
 */
import type { FactorRow } from '@openfactors/engine/release'
import { readManifest, readReleaseArtifact } from './artifacts.ts'
import { readLock, verifyEditionFiles } from './lock/lock.ts'
import { checkPublishedAt } from './lock/published-at.ts'
import type { DatasetsLock, LockEdition } from './lock/schema.ts'
import { findDatasetsDir } from './paths.ts'
import { Prover, type ProofFailure, type ProofResult } from './proof/prove.ts'
import { clearWorkbookCache } from './read/workbook.ts'
import { checkReleases, RELEASES } from './releases.ts'

export interface VerifyOptions {
  outDir: string
  datasetsDir?: string
  lock?: DatasetsLock
  onProgress?: (p: { phase: 'verify'; fraction: number; current?: string }) => void
}

export interface VerifyReport {
  ok: boolean
  errors: string[]
  releases: { mb_version: string; factor_count: number }[]
  proof: { checked: number; proven: number; share: number; failures: ProofFailure[] }
}

function signature(f: FactorRow): string {
  return JSON.stringify([f.source_id, f.key, f.value, f.cell_ref, f.published, f.gases, f.modules, f.material])
}

export function verifyReleases(opts: VerifyOptions): VerifyReport {
  const datasetsDir = opts.datasetsDir ?? findDatasetsDir()
  const lock = opts.lock ?? readLock()
  const errors: string[] = []
  const manifest = readManifest(opts.outDir)
  if (!manifest) return { ok: false, errors: [`no manifest.json in ${opts.outDir}; run \`npm run corpus -- build\` first`], releases: [], proof: { checked: 0, proven: 0, share: 0, failures: [] } }
  if (!opts.lock) errors.push(...checkReleases(RELEASES, lock.editions))
  const byId = new Map<string, LockEdition>(lock.editions.map((e) => [e.id, e]))
  const seen = new Set<string>()
  const releases: VerifyReport['releases'] = []
  const editionsChecked = new Set<string>()
  const totals = new Set<Prover>()
  for (const [i, entry] of manifest.releases.entries()) {
    opts.onProgress?.({ phase: 'verify', fraction: i / manifest.releases.length, current: entry.mb_version })
    let artifact
    try {
      artifact = readReleaseArtifact(opts.outDir, entry)
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err))
      continue
    }
    for (const e of artifact.editions) {
      if (editionsChecked.has(e.id)) continue
      editionsChecked.add(e.id)
      const locked = byId.get(e.id)
      if (!locked) {
        errors.push(`${entry.mb_version}: edition ${e.id} is not in the lock`)
        continue
      }
      verifyEditionFiles(locked, datasetsDir)
      const dateProblem = checkPublishedAt(locked, datasetsDir)
      if (dateProblem) errors.push(dateProblem)
    }
    const rows = artifact.factors.filter((f) => {
      const sig = signature(f)
      if (seen.has(sig)) return false
      seen.add(sig)
      return true
    })
    const byEdition = new Map<string, FactorRow[]>()
    for (const f of rows) {
      const list = byEdition.get(f.source_id)
      if (list) list.push(f)
      else byEdition.set(f.source_id, [f])
    }
    // Rows already proven for an earlier release were filtered out above, so an edition's files
    // are parsed again only when this release brings rows of it not seen before.
    for (const list of byEdition.values()) {
      const prover = new Prover(datasetsDir, byId)
      for (const f of list) prover.proveFactor(f)
      totals.add(prover)
      clearWorkbookCache()
    }
    releases.push({ mb_version: entry.mb_version, factor_count: artifact.factors.length })
  }
  const proof: ProofResult = { checked: 0, proven: 0, failures: [] }
  for (const p of totals) {
    proof.checked += p.summary.checked
    proof.proven += p.summary.proven
    proof.failures.push(...p.summary.failures)
  }
  if (proof.failures.length) errors.push(`${proof.failures.length} references do not hold the served value`)
  opts.onProgress?.({ phase: 'verify', fraction: 1 })
  return {
    ok: errors.length === 0,
    errors,
    releases,
    proof: { checked: proof.checked, proven: proof.proven, share: proof.checked === 0 ? 1 : proof.proven / proof.checked, failures: proof.failures.slice(0, 200) },
  }
}
