/**
 * The build report: what went in, what came out, what was skipped and why, and the proof.
 * Printed by the CLI and written as `build-report.json` beside the artifacts.
 */
import type { FactorRow, ReleaseArtifact } from '@openfactors/engine/release'
import type { SkipReason, SkippedRow } from './adapters/types.ts'
import type { DuplicateKey } from './build/assemble.ts'
import { CHECK_IDS, type CheckId, type CheckMark } from './checks/index.ts'
import { kindOf } from '@openfactors/engine/release'
import type { ProofFailure } from './proof/prove.ts'
import { isCanonicalUnit } from './keys/units.ts'

export const REPORT_FORMAT = 'openfactors.build-report/1' as const

export interface ReleaseReport {
  mb_version: string
  released_at: string
  file: string | null
  sha256: string | null
  bytes: number | null
  factor_count: number
  editions: string[]
  /** Declared editions that are not in the artifact (only with allowIncomplete). */
  missing_editions: string[]
  per_edition: Record<string, number>
  per_domain: Record<string, number>
  /** Factors per kind (`emission_factor`, `component`, `not_for_inventory`, `property`). */
  per_kind: Record<string, number>
  duplicates: DuplicateKey[]
}

/** The build-time label checks: how many factors each marked, and every mark. */
export interface ChecksReport {
  per_check: Record<CheckId, { marked: number; failing: number }>
  /** Every mark; those with `reason: null` failed the build. */
  marks: CheckMark[]
}

export interface EditionReport {
  id: string
  adapter: string
  factors: number
  error: string | null
  ms: number
  skipped_total: number
  skipped: Partial<Record<SkipReason, { count: number; examples: SkippedRow[] }>>
}

export interface BuildReport {
  format: typeof REPORT_FORMAT
  ok: boolean
  errors: string[]
  releases: ReleaseReport[]
  editions: EditionReport[]
  /** Lock editions no declared release holds (with why, from releases.ts: UK 2019). */
  unreleased_editions: string[]
  latest: {
    mb_version: string
    distinct_keys: number
    per_gas_keys: number
    keys_without_per_gas: number
    /** Factor units whose activity unit is not one of the canonical spellings (keys/units.ts), with counts. */
    units_outside_canonical: Record<string, number>
  } | null
  proof: { checked: number; proven: number; share: number; failures: ProofFailure[] }
  checks: ChecksReport
  /** Version of the fitted resolve model the releases carry: a checkout with another one rebuilds them on start. */
  resolve_model: string
}

export function checksReportOf(marks: readonly CheckMark[]): ChecksReport {
  const per_check = Object.fromEntries(CHECK_IDS.map((id) => [id, { marked: 0, failing: 0 }])) as ChecksReport['per_check']
  for (const m of marks) {
    per_check[m.check].marked++
    if (m.reason === null) per_check[m.check].failing++
  }
  return { per_check, marks: [...marks] }
}

const EXAMPLES_PER_REASON = 3

export function summarizeSkipped(skipped: readonly SkippedRow[]): EditionReport['skipped'] {
  const out: EditionReport['skipped'] = {}
  for (const s of skipped) {
    const slot = (out[s.reason] ??= { count: 0, examples: [] })
    slot.count++
    if (slot.examples.length < EXAMPLES_PER_REASON) slot.examples.push(s)
  }
  return out
}

export function countBy(rows: readonly FactorRow[], f: (r: FactorRow) => string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const r of rows) out[f(r)] = (out[f(r)] ?? 0) + 1
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/** Gas tokens a per-gas method suffix may be (`co2`, `ch4`, `hfc_134a`, `other_ghgs`...). */
const GAS_SUFFIX = /^(co2|ch4|n2o|sf6|nf3|hfcs?|pfcs?|hcfcs?|cfcs?|other_?ghgs?)(_[a-z0-9_]+)?$/

/**
 * The per-gas rule: a key is per-gas when its method is another key's method plus `_<gas>`,
 * i.e. it differs from a total row's key in the same release only by a gas suffix.
 * (A CO2-only factor with no total beside it, such as the IFI grid factors, is not per-gas.)
 */
export function perGasKeys(keys: ReadonlySet<string>): Set<string> {
  const out = new Set<string>()
  for (const key of keys) {
    const methodStart = key.lastIndexOf('.') + 1
    for (let i = key.indexOf('_', methodStart); i > 0; i = key.indexOf('_', i + 1)) {
      if (keys.has(key.slice(0, i)) && GAS_SUFFIX.test(key.slice(i + 1))) {
        out.add(key)
        break
      }
    }
  }
  return out
}

export function releaseReportOf(a: ReleaseArtifact, declared: readonly string[], duplicates: DuplicateKey[]): ReleaseReport {
  const editions = a.editions.map((e) => e.id)
  return {
    mb_version: a.mb_version,
    released_at: a.released_at,
    file: null,
    sha256: null,
    bytes: null,
    factor_count: a.factors.length,
    editions,
    missing_editions: declared.filter((id) => !editions.includes(id)),
    per_edition: countBy(a.factors, (f) => f.source_id),
    per_domain: countBy(a.factors, (f) => f.key.split('.')[0] ?? ''),
    per_kind: countBy(a.factors, (f) => kindOf(f)),
    duplicates,
  }
}

/** `<mass> <gas> per <activity unit>` whose activity unit is canonical (or a currency unit). */
export function hasCanonicalUnit(unit: string): boolean {
  const m = /^(kg|g|t) \S+ per (.+)$/.exec(unit)
  if (!m || m[2] === undefined) return false
  return isCanonicalUnit(m[2]) || /^[A-Z]{3} \(\d{4}, [a-z ]+\)$/.test(m[2])
}

export function latestSummary(a: ReleaseArtifact): NonNullable<BuildReport['latest']> {
  const keys = new Set(a.factors.map((f) => f.key))
  const perGas = perGasKeys(keys)
  const odd = countBy(a.factors.filter((f) => !hasCanonicalUnit(f.unit)), (f) => f.unit)
  const units_outside_canonical = Object.fromEntries(Object.entries(odd).sort(([, x], [, y]) => y - x))
  return { mb_version: a.mb_version, distinct_keys: keys.size, per_gas_keys: perGas.size, keys_without_per_gas: keys.size - perGas.size, units_outside_canonical }
}

/** Human-readable summary for the CLI. */
export function formatReport(r: BuildReport): string {
  const lines: string[] = []
  lines.push(`build ${r.ok ? 'OK' : 'FAILED'}`)
  for (const e of r.errors) lines.push(`  error: ${e}`)
  lines.push('', 'releases:')
  for (const rel of r.releases) {
    const size = rel.bytes === null ? '' : ` ${(rel.bytes / 1024 / 1024).toFixed(2)} MB`
    const kinds = Object.entries(rel.per_kind ?? {}).map(([k, n]) => `${k} ${n}`).join(', ')
    lines.push(`  ${rel.mb_version} (${rel.released_at}) ${rel.factor_count} factors (${kinds}), ${rel.editions.length} editions${size}${rel.missing_editions.length ? `; MISSING ${rel.missing_editions.join(', ')}` : ''}`)
  }
  if (r.unreleased_editions?.length) lines.push(`  not in any release: ${r.unreleased_editions.join(', ')}`)
  lines.push('', 'editions:')
  for (const e of r.editions) {
    const skips = Object.entries(e.skipped).map(([reason, s]) => `${reason} ${s?.count ?? 0}`).join(', ')
    lines.push(`  ${e.id.padEnd(28)} ${String(e.factors).padStart(6)} factors  ${(e.ms / 1000).toFixed(1)}s${skips ? `  skipped: ${skips}` : ''}${e.error ? `\n      ERROR ${e.error}` : ''}`)
  }
  if (r.latest) {
    lines.push('', `latest ${r.latest.mb_version}: ${r.latest.distinct_keys} distinct keys (${r.latest.keys_without_per_gas} without the ${r.latest.per_gas_keys} per-gas keys)`)
    const rel = r.releases.find((x) => x.mb_version === r.latest?.mb_version)
    if (rel) lines.push(`  by domain: ${Object.entries(rel.per_domain).map(([d, n]) => `${d} ${n}`).join(', ')}`)
    const odd = Object.entries(r.latest.units_outside_canonical ?? {})
    if (odd.length) lines.push(`  units outside the canonical list (${odd.reduce((n, [, c]) => n + c, 0)} factors): ${odd.slice(0, 8).map(([u, n]) => `${u} (${n})`).join(', ')}${odd.length > 8 ? ', ...' : ''}`)
  }
  if (r.checks) {
    lines.push('', `label checks: ${Object.entries(r.checks.per_check).map(([id, c]) => `${id} ${c.marked} marked (${c.failing} failing)`).join(', ')}`)
    for (const m of r.checks.marks.slice(0, 40)) lines.push(`  ${m.reason === null ? 'FAIL' : 'ok  '} ${m.check} ${m.source_id} ${m.key}: ${m.detail}${m.reason ? ` — ${m.reason}` : ''}`)
    if (r.checks.marks.length > 40) lines.push(`  ... and ${r.checks.marks.length - 40} more (build-report.json lists all)`)
  }
  lines.push('', `proof: ${r.proof.proven}/${r.proof.checked} references proven (${(r.proof.share * 100).toFixed(2)}%)`)
  for (const f of r.proof.failures.slice(0, 10)) lines.push(`  ${f.key} ${f.field} ${f.cell_ref}: ${f.reason}`)
  if (r.proof.failures.length > 10) lines.push(`  ... and ${r.proof.failures.length - 10} more`)
  return lines.join('\n')
}
