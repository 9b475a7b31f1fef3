/**
 * The development set of resolve (issue 12): activity descriptions we wrote (eval/cases.ts,
 * eval/cases-2.ts; answers are key patterns resolved against the release) and purchase lines of
 * the City of Austin labelled with NAICS codes by an expert (../shared/eval-data/parakeet-austin,
 * read at run time: the data is never copied into the repository).
 *
 * Every case is train or held-out by a hash of its description (`splitOf`), frozen in
 * eval/split.tsv before any ranker was fitted; `checkFrozenSplit` fails when a case would move.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ReleaseArtifact } from '../src/release/schema.ts'
import { CASES } from './cases.ts'
import { CASES_2 } from './cases-2.ts'
import { CASES_3 } from './cases-3.ts'
import { CASES_4 } from './cases-4.ts'
import { CASES_5 } from './cases-5.ts'
import { CASES_6 } from './cases-6.ts'
import { CASES_7 } from './cases-7.ts'
import { CASES_8 } from './cases-8.ts'
import { CASES_9 } from './cases-9.ts'
import { CASES_10 } from './cases-10.ts'
import { CASES_11 } from './cases-11.ts'
import { CASES_12 } from './cases-12.ts'
import { CASES_13 } from './cases-13.ts'
import { CASES_14 } from './cases-14.ts'
import { CASES_15 } from './cases-15.ts'
import { CASES_16 } from './cases-16.ts'
import { CASES_17 } from './cases-17.ts'
import { CASES_18 } from './cases-18.ts'
import { CASES_19 } from './cases-19.ts'
import { CASES_20 } from './cases-20.ts'
import { CASES_21 } from './cases-21.ts'
import { readCsvRecords } from './csv.ts'
import type { EvalCaseSpec } from './cases.ts'
import type { EvalAnswer } from './eval-file.ts'

export type Split = 'train' | 'heldout'
export type CaseSource = 'activity' | 'purchase'

export interface DevCase {
  /** sha256 of the description (hex, first 16 characters): the split is by this. */
  id: string
  description: string
  source: CaseSource
  /** First key segment of the first acceptable answer (`spend` for purchase lines). */
  domain: string
  split: Split
  country?: string
  unit?: string
  /** NAICS code of a purchase line. */
  naics?: string
  accept: EvalAnswer[]
}

/** Share of each source held out: a hash below this per cent of the range. */
export const HELDOUT_PERCENT = 35

export function caseId(description: string): string {
  return createHash('sha256').update(description).digest('hex').slice(0, 16)
}

export function splitOf(id: string): Split {
  return Number.parseInt(id.slice(0, 8), 16) % 100 < HELDOUT_PERCENT ? 'heldout' : 'train'
}

export function defaultParakeetPath(): string {
  return process.env.OPENFACTORS_PARAKEET ?? join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'eval-data', 'parakeet-austin', 'train.csv')
}

function answer(row: { source_id: string; cell_ref: string; key: string }): EvalAnswer {
  return { source: row.source_id, cell_ref: row.cell_ref, key_when_written: row.key }
}

/** Cases written after studying misses (of the training split, or of resolve tried as a user would): training cases only, never held out. */
const TRAINING_ONLY: readonly EvalCaseSpec[] = [...CASES_3, ...CASES_4, ...CASES_5, ...CASES_6, ...CASES_7, ...CASES_8, ...CASES_9, ...CASES_10, ...CASES_11, ...CASES_12, ...CASES_13, ...CASES_14, ...CASES_15, ...CASES_16, ...CASES_17, ...CASES_18, ...CASES_19, ...CASES_20, ...CASES_21]

/** Activity cases: every key pattern resolved against the release; a case matching nothing is reported. */
export function activityCases(artifact: ReleaseArtifact, missing: string[] = []): DevCase[] {
  const out: DevCase[] = []
  const seen = new Set<string>()
  const trainOnly = new Set<EvalCaseSpec>(TRAINING_ONLY)
  for (const spec of [...CASES, ...CASES_2, ...TRAINING_ONLY]) {
    const key = `${spec.description}|${spec.country ?? ''}|${spec.unit ?? ''}`
    if (seen.has(key)) continue
    seen.add(key)
    const patterns = spec.accept.map((p) => new RegExp(p))
    const rows = artifact.factors.filter((f) => patterns.some((p) => p.test(f.key)))
    if (rows.length === 0) {
      missing.push(`${spec.description}  ${spec.accept.join(' ')}`)
      continue
    }
    const id = caseId(key)
    out.push({
      id,
      description: spec.description,
      source: 'activity',
      domain: rows[0]?.key.split('.')[0] ?? '',
      split: trainOnly.has(spec) ? 'train' : splitOf(id),
      ...(spec.country ? { country: spec.country } : {}),
      ...(spec.unit ? { unit: spec.unit } : {}),
      accept: rows.map(answer),
    })
  }
  return out
}

/**
 * Purchase lines: each distinct COMMODITY_DESCRIPTION with its NAICS code; the answer is the EPA
 * supply-chain factor of that code with margins (purchaser price, what was paid). Codes -1..-3
 * (no fitting industry) and codes the release has no factor for are left out and counted.
 * A third of the lines carry no hint, a third `unit: "USD"`, a third `country: "US"` too (by hash).
 */
export function purchaseCases(artifact: ReleaseArtifact, csvPath = defaultParakeetPath(), dropped: string[] = []): DevCase[] {
  if (!existsSync(csvPath)) return []
  const byCode = new Map<string, (typeof artifact.factors)[number]>()
  for (const f of artifact.factors) {
    const m = /^spend\.us\.naics_(\d{6})_[a-z0-9_]+\.with_margins$/.exec(f.key)
    if (m?.[1]) byCode.set(m[1], f)
  }
  const labels = new Map<string, string>()
  for (const r of readCsvRecords(readFileSync(csvPath, 'utf8'))) {
    const description = (r.COMMODITY_DESCRIPTION ?? '').trim()
    if (description && !labels.has(description)) labels.set(description, (r.naics_code_final ?? '').trim())
  }
  const out: DevCase[] = []
  for (const [description, code] of labels) {
    const row = byCode.get(code)
    if (!row) {
      dropped.push(`${code}\t${description}`)
      continue
    }
    const id = caseId(description)
    const hint = Number.parseInt(id.slice(8, 12), 16) % 3
    out.push({
      id,
      description,
      source: 'purchase',
      domain: 'spend',
      split: splitOf(id),
      ...(hint === 2 ? { country: 'US' } : {}),
      ...(hint >= 1 ? { unit: 'USD' } : {}),
      naics: code,
      accept: [answer(row)],
    })
  }
  return out
}

const SPLIT_FILE = join(import.meta.dirname, 'split.tsv')

/** The frozen split: id -> split, as committed before any ranker was fitted. */
export function frozenSplit(): Map<string, Split> {
  const out = new Map<string, Split>()
  if (!existsSync(SPLIT_FILE)) return out
  for (const line of readFileSync(SPLIT_FILE, 'utf8').split('\n')) {
    const [id, split] = line.split('\t')
    if (id && (split === 'train' || split === 'heldout')) out.set(id, split)
  }
  return out
}

/** Every case's split must be the frozen one; a case not in the file is new (reported, never moved). */
export function checkFrozenSplit(cases: readonly DevCase[]): { fresh: DevCase[] } {
  const frozen = frozenSplit()
  const fresh: DevCase[] = []
  for (const c of cases) {
    const s = frozen.get(c.id)
    if (s === undefined) fresh.push(c)
    else if (s !== c.split) throw new Error(`case "${c.description}" would move from ${s} to ${c.split}`)
  }
  return { fresh }
}

/** The whole development set against a release (activity + purchase lines when the data is there). */
export function devSet(artifact: ReleaseArtifact, csvPath?: string): DevCase[] {
  const cases = [...activityCases(artifact), ...purchaseCases(artifact, csvPath)]
  checkFrozenSplit(cases)
  return cases
}

export { SPLIT_FILE }
