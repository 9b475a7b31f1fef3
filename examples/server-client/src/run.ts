/**
 * The example's whole flow against an openfactors server, with plain fetch:
 *   1. get a free key (POST /v1/keys) unless one is given;
 *   2. for each activity of the CSV: resolve it (POST /v1/calculate/resolve), look up the top
 *      factor (GET /v1/factors/{key}) and estimate its emissions;
 *   3. compute financed emissions (POST /v1/calculate/pcaf) and embodied carbon
 *      (POST /v1/calculate/embodied) for example inputs;
 *   4. save every response as JSON in the output directory;
 *   5. verify the saved calculation responses' receipts (POST /v1/receipts/verify).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createApi, type RetryEvent } from './api.ts'
import { readActivities, type Activity } from './csv.ts'

export interface RunOptions {
  baseUrl: string
  activitiesFile: string
  outDir: string
  /** Used to get a key when `key` is not given. */
  email?: string
  key?: string
  maxRetries?: number
  maxWaitSeconds?: number
  log?: (line: string) => void
  /** Tests pass a sleep that records the waits (and still waits). */
  sleep?: (ms: number) => Promise<void>
}

interface Source { id: string; cell_ref: string; url?: string; data_version?: string }
interface ResolveBody { matches: Array<{ key: string; name: string; value: number; unit: string; confidence: number; geo_match: string; source: Source }>; count: number }
interface LookupBody { factor: { key: string; name: string; factor: { value: number; unit: string }; source: Source; data_version: string } }
interface SearchBody { factors: Array<{ key: string; name: string }>; count: number; data_version: string }
interface Receipt { id: string; hash: string; algorithm: string; mb_version: string }
interface CalcBody { receipt: Receipt; result: Record<string, unknown> }
interface Verification { valid: boolean; receipt_id: string; mb_version: string; problems: string[] }

export interface ActivityResult {
  line: number
  description: string
  quantity: number
  unit: string
  /** null when nothing matched. */
  factor: { key: string; name: string; value: number; unit: string; confidence: number; geo_match: string; source: Source } | null
  /** quantity × factor value, in the factor's mass unit (kg CO2e for every corpus factor). */
  emissions: number | null
}

export interface RunSummary {
  key_prefix: string
  data_version: string
  activities: ActivityResult[]
  pcaf: { financed_emissions: unknown; weighted_data_quality_score: unknown; receipt: Receipt }
  embodied: { material_key: string; embodied_carbon: unknown; receipt: Receipt }
  receipts: Verification[]
  retries: RetryEvent[]
  files: string[]
}

/** Example portfolio: two listed-equity holdings with reported emissions (tCO2e). */
export const EXAMPLE_PCAF = {
  asset_class: 'listed_equity_and_corporate_bonds',
  holdings: [
    { outstanding_amount: 1_000_000, denominator: { type: 'evic', value: 50_000_000 }, company_emissions: { value: 12_000 }, data_quality_score: 2, name: 'Example Co A' },
    { outstanding_amount: 250_000, denominator: { type: 'evic', value: 10_000_000 }, company_emissions: { value: 4_000 }, data_quality_score: 3, name: 'Example Co B' },
  ],
} as const

export async function runClient(options: RunOptions): Promise<RunSummary> {
  const log = options.log ?? ((line: string) => console.log(line))
  const retries: RetryEvent[] = []
  const api = createApi({
    baseUrl: options.baseUrl,
    ...(options.key ? { key: options.key } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.maxWaitSeconds !== undefined ? { maxWaitSeconds: options.maxWaitSeconds } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    onRetry: (event) => {
      retries.push(event)
      log(`429 ${event.code} on ${event.method} ${event.path}: waiting ${event.waitSeconds} s (retry ${event.attempt})`)
    },
  })
  const activities = readActivities(await readFile(options.activitiesFile, 'utf8'))
  await mkdir(options.outDir, { recursive: true })
  const files: string[] = []
  const save = async (name: string, body: unknown) => {
    await writeFile(join(options.outDir, name), `${JSON.stringify(body, null, 2)}\n`)
    files.push(name)
  }

  if (!api.key) {
    if (!options.email) throw new Error('give an email (to get a free key) or an existing key')
    const issued = await api.call<{ key: string; prefix: string }>('POST', '/v1/keys', { email: options.email })
    api.key = issued.key
    log(`got a free key ${issued.prefix}… (shown once; set OPENFACTORS_API_KEY to reuse it)`)
  }

  const results: ActivityResult[] = []
  for (const [i, activity] of activities.entries()) {
    results.push(await resolveActivity(activity, i + 1))
  }

  async function resolveActivity(activity: Activity, n: number): Promise<ActivityResult> {
    const resolved = await api.call<ResolveBody>('POST', '/v1/calculate/resolve', {
      description: activity.description,
      limit: 3,
      ...(activity.country ? { country: activity.country } : {}),
      ...(activity.unit ? { unit: activity.unit } : {}),
    })
    await save(`activity-${n}-resolve.json`, resolved)
    const top = resolved.matches[0]
    const base = { line: activity.line, description: activity.description, quantity: activity.quantity, unit: activity.unit }
    if (!top) {
      log(`line ${activity.line}: no factor matches "${activity.description}"`)
      return { ...base, factor: null, emissions: null }
    }
    const looked = await api.call<LookupBody>('GET', `/v1/factors/${encodeURIComponent(top.key)}`)
    await save(`activity-${n}-lookup.json`, looked)
    const { value, unit } = looked.factor.factor
    const emissions = activity.quantity * value
    log(`${activity.description}: ${top.key} (confidence ${top.confidence}, ${top.geo_match}) = ${value} ${unit} -> ${round(emissions)} ${unit.split(' per ')[0]}`)
    return {
      ...base,
      factor: { key: top.key, name: looked.factor.name, value, unit, confidence: top.confidence, geo_match: top.geo_match, source: looked.factor.source },
      emissions,
    }
  }

  const pcaf = await api.call<CalcBody>('POST', '/v1/calculate/pcaf', EXAMPLE_PCAF)
  await save('pcaf.json', pcaf)
  log(`PCAF: financed emissions ${JSON.stringify(pcaf.result.financed_emissions)}, weighted data quality ${String(pcaf.result.weighted_data_quality_score)}`)

  // A material from the corpus itself, so the example works on any release.
  const materials = await api.call<SearchBody>('GET', '/v1/factors?domain=materials&search=concrete&limit=1')
  const material = materials.factors[0]
  if (!material) throw new Error('the corpus has no concrete material to run the embodied example with')
  const embodied = await api.call<CalcBody>('POST', '/v1/calculate/embodied', {
    materials: [{ id: 'slab', material_key: material.key, quantity: { value: 24_000, unit: 'kg' }, boundary: 'A1-C' }],
  })
  await save('embodied.json', embodied)
  log(`Embodied: ${material.key} 24 t, A1-C = ${JSON.stringify(embodied.result.embodied_carbon)}`)

  // Anyone holding a saved response can check it: verification is open and needs no data.
  const receipts: Verification[] = []
  for (const saved of [pcaf, embodied]) {
    const verdict = await api.call<Verification>('POST', '/v1/receipts/verify', { response: saved })
    receipts.push(verdict)
    log(`receipt ${verdict.receipt_id} (${verdict.mb_version}): ${verdict.valid ? 'valid' : `INVALID ${verdict.problems.join('; ')}`}`)
  }
  await save('receipts.json', receipts)

  const summary: RunSummary = {
    key_prefix: (api.key ?? '').slice(0, 12),
    data_version: pcaf.receipt.mb_version,
    activities: results,
    pcaf: { financed_emissions: pcaf.result.financed_emissions, weighted_data_quality_score: pcaf.result.weighted_data_quality_score, receipt: pcaf.receipt },
    embodied: { material_key: material.key, embodied_carbon: embodied.result.embodied_carbon, receipt: embodied.receipt },
    receipts,
    retries,
    files: [...files, 'summary.json'],
  }
  await save('summary.json', { ...summary, files: undefined })
  return summary
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000
}
