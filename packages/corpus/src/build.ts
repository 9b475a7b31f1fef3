/**
 * `buildReleases`: datasets directory in, verified release artifacts out.
 *
 * 1. check the declared releases against the rule (releases.ts) and the lock;
 * 2. run each needed edition's adapter once (hash check first; a mismatch throws);
 * 3. prove every reference of every row against freshly opened files;
 * 4. assemble each release (unique keys, sorted), gzip deterministically, name by hash;
 * 5. write artifacts, `manifest.json` and `build-report.json`.
 * Nothing but the report is written when the proof fails or (unless allowIncomplete) when an
 * edition fails or a key is duplicated.
 */
import { RESOLVE_MODEL } from '@openfactors/engine/resolve-model'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FactorRow, ReleaseArtifact, WordVectors } from '@openfactors/engine/release'
import {
  encodeArtifact,
  readManifest,
  removeStaleArtifacts,
  REPORT_FILE,
  writeArtifactFile,
  writeManifest,
  type ManifestEntry,
} from './artifacts.ts'
import type { SourceAdapter } from './adapters/types.ts'
import { AdapterUnavailableError } from './adapters/registry.ts'
import { readNaicsIndustryWords } from './build/industry-words.ts'
import { readWordVectors } from './build/word-vectors.ts'
import { assembleRelease } from './build/assemble.ts'
import { checkEdition, type CheckMark } from './checks/index.ts'
import { runEdition, type EditionRun } from './build/run-edition.ts'
import { readLock } from './lock/lock.ts'
import type { DatasetsLock, LockEdition } from './lock/schema.ts'
import { findDatasetsDir } from './paths.ts'
import { Prover, type ProofResult } from './proof/prove.ts'
import { clearWorkbookCache } from './read/workbook.ts'
import { checkReleases, RELEASES, type ReleaseDecl } from './releases.ts'
import {
  checksReportOf,
  latestSummary,
  releaseReportOf,
  REPORT_FORMAT,
  summarizeSkipped,
  type BuildReport,
  type EditionReport,
  type ReleaseReport,
} from './report.ts'

export type BuildPhase = 'ingest' | 'prove' | 'assemble' | 'write'

export interface BuildProgress {
  phase: BuildPhase
  /** 0..1 within the phase. */
  fraction: number
  current?: string
}

export interface BuildOptions {
  datasetsDir?: string
  outDir: string
  /** Build only these mb_versions (the manifest keeps other entries whose files exist). */
  only?: string[]
  onProgress?: (p: BuildProgress) => void
  /** Write releases even when some editions fail or keys collide (development only). */
  allowIncomplete?: boolean
  /** Overrides for tests. */
  lock?: DatasetsLock
  releases?: readonly ReleaseDecl[]
  /** Adapters by id instead of the registry (tests). */
  adapters?: Readonly<Record<string, SourceAdapter>>
}

export interface BuildResult {
  report: BuildReport
  /** Whether artifacts and the manifest were written. */
  written: boolean
  artifacts: ReleaseArtifact[]
}

export async function buildReleases(opts: BuildOptions): Promise<BuildResult> {
  const datasetsDir = opts.datasetsDir ?? findDatasetsDir()
  const lock = opts.lock ?? readLock()
  const allReleases = opts.releases ?? RELEASES
  const progress = opts.onProgress ?? (() => {})
  const errors: string[] = [...checkReleases(allReleases, lock.editions)]
  const unknownOnly = (opts.only ?? []).filter((v) => !allReleases.some((r) => r.mb_version === v))
  if (unknownOnly.length) errors.push(`unknown release(s) ${unknownOnly.join(', ')}`)
  const releases = opts.only ? allReleases.filter((r) => opts.only?.includes(r.mb_version)) : allReleases

  // 2. ingest each needed edition once
  const needed = lock.editions.filter((e) => releases.some((r) => r.editions.includes(e.id)))
  const runs: EditionRun[] = []
  for (const [i, edition] of needed.entries()) {
    progress({ phase: 'ingest', fraction: i / needed.length, current: edition.id })
    const run = await runEdition(
      edition,
      datasetsDir,
      (done, total) => progress({ phase: 'ingest', fraction: (i + (total > 0 ? done / total : 0)) / needed.length, current: edition.id }),
      opts.adapters ? (id) => loadFrom(opts.adapters ?? {}, id) : undefined,
    )
    if (run.error) errors.push(`${edition.id} (${edition.adapter}): ${run.error}`)
    runs.push(run)
    // Each edition reads its own files: drop the parsed workbooks before the next one.
    clearWorkbookCache()
  }

  // 3. prove every reference once per edition (one fresh Prover per edition keeps memory flat)
  const byId = new Map<string, LockEdition>(lock.editions.map((e) => [e.id, e]))
  const proof: ProofResult = { checked: 0, proven: 0, failures: [] }
  const totalRows = runs.reduce((n, r) => n + r.factors.length, 0)
  let provedRows = 0
  for (const run of runs) {
    const prover = new Prover(datasetsDir, byId)
    for (const row of run.factors) {
      prover.proveFactor(row)
      if (++provedRows % 1000 === 0) progress({ phase: 'prove', fraction: provedRows / totalRows, current: run.id })
    }
    proof.checked += prover.summary.checked
    proof.proven += prover.summary.proven
    proof.failures.push(...prover.summary.failures)
  }
  if (proof.failures.length) errors.push(`${proof.failures.length} references do not hold the served value`)

  // 3b. label checks per edition (issue 17): a mark without a recorded reason fails the build
  const marks: CheckMark[] = runs.flatMap((r) => checkEdition(r.factors))
  const failing = marks.filter((m) => m.reason === null)
  for (const m of failing.slice(0, 20)) errors.push(`label check ${m.check}: ${m.source_id} ${m.key}: ${m.detail}`)
  if (failing.length > 20) errors.push(`... and ${failing.length - 20} more label-check failures (build-report.json lists all)`)

  // 4. assemble
  const rowsByEdition = new Map<string, readonly FactorRow[]>(runs.filter((r) => !r.error).map((r) => [r.id, r.factors]))
  const artifacts: ReleaseArtifact[] = []
  const releaseReports: ReleaseReport[] = []
  const industryWords = readNaicsIndustryWords()
  // Every word of the industries' NAICS text has a vector; the labelled lines' words only when they
  // are common words (else out-of-fold figures would read a word the fold's own line brought in).
  // Read once, for the first release with spend factors.
  let vectors: WordVectors | undefined
  const wordVectors = () => (vectors ??= readWordVectors(industryVocabulary(industryWords)))
  for (const [i, decl] of releases.entries()) {
    progress({ phase: 'assemble', fraction: i / releases.length, current: decl.mb_version })
    const { artifact, duplicates, copies } = assembleRelease(decl, lock.editions, rowsByEdition, industryWords, wordVectors)
    for (const c of copies.slice(0, 20)) errors.push(`${decl.mb_version}: keys ${c.keys.join(', ')} are all served from ${c.source_id} ${c.cell_ref} (a key may not copy another)`)
    if (copies.length > 20) errors.push(`${decl.mb_version}: ... and ${copies.length - 20} more cells served under several keys`)
    for (const d of duplicates.slice(0, 20)) {
      errors.push(`${decl.mb_version}: duplicate key ${d.key}: ${d.first.source_id} ${d.first.cell_ref} and ${d.second.source_id} ${d.second.cell_ref}`)
    }
    if (duplicates.length > 20) errors.push(`${decl.mb_version}: ... and ${duplicates.length - 20} more duplicate keys`)
    artifacts.push(artifact)
    releaseReports.push(releaseReportOf(artifact, decl.editions, duplicates))
  }

  const editionReports: EditionReport[] = runs.map((r) => ({
    id: r.id,
    adapter: r.adapter,
    factors: r.factors.length,
    error: r.error,
    ms: Math.round(r.ms),
    skipped_total: r.skipped.length,
    skipped: summarizeSkipped(r.skipped),
  }))
  const latest = artifacts[artifacts.length - 1]
  const report: BuildReport = {
    format: REPORT_FORMAT,
    ok: errors.length === 0,
    errors,
    releases: releaseReports,
    editions: editionReports,
    unreleased_editions: lock.editions.filter((e) => !allReleases.some((r) => r.editions.includes(e.id))).map((e) => e.id),
    latest: latest ? latestSummary(latest) : null,
    proof: { checked: proof.checked, proven: proof.proven, share: proof.checked === 0 ? 1 : proof.proven / proof.checked, failures: proof.failures.slice(0, 200) },
    checks: checksReportOf(marks),
    resolve_model: RESOLVE_MODEL.version,
  }

  // 5. write
  mkdirSync(opts.outDir, { recursive: true })
  const blocking = proof.failures.length > 0 || (!opts.allowIncomplete && errors.length > 0) || checkReleases(allReleases, lock.editions).length > 0
  let written = false
  if (!blocking) {
    const entries: ManifestEntry[] = []
    for (const [i, a] of artifacts.entries()) {
      progress({ phase: 'write', fraction: i / artifacts.length, current: a.mb_version })
      const { bytes, entry } = encodeArtifact(a)
      writeArtifactFile(opts.outDir, bytes, entry)
      entries.push(entry)
      const rel = releaseReports[i]
      if (rel) Object.assign(rel, { file: entry.file, sha256: entry.sha256, bytes: entry.bytes })
    }
    const kept = opts.only ? (readManifest(opts.outDir)?.releases ?? []).filter((r) => !opts.only?.includes(r.mb_version)) : []
    const manifest = { format: 'openfactors.manifest/1' as const, releases: [...kept, ...entries] }
    writeManifest(opts.outDir, manifest)
    removeStaleArtifacts(opts.outDir, new Set(manifest.releases.map((r) => r.file)))
    written = true
  }
  writeFileSync(join(opts.outDir, REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`)
  progress({ phase: 'write', fraction: 1 })
  return { report, written, artifacts }
}

async function loadFrom(adapters: Readonly<Record<string, SourceAdapter>>, id: string): Promise<SourceAdapter> {
  const a = adapters[id]
  if (!a) throw new AdapterUnavailableError(id, 'not among the adapters given to buildReleases')
  return a
}

/** Every word of the industries' NAICS words. */
function industryVocabulary(industryWords: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>()
  for (const text of industryWords.values()) for (const w of text.split(' ')) if (w) out.add(w)
  return out
}
