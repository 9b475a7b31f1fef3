/**
 * `openfactors emissions ledger.csv`: read the ledger, send it to the engine in chunks (progress on
 * stderr), write the file back with the result columns, print totals by scope. Exit 2 when lines failed.
 */
import { combineEmissionsResults, isEngineError, type ActivityResult, type EmissionsRequest, type EmissionsResponse, type LineFailure } from '@openfactors/engine'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, join } from 'node:path'
import { detectDelimiter, formatCsv, parseCsv } from '../csv.ts'
import { activityOf, columnsOf, missingColumns, outputCells, withOutput } from '../ledger.ts'
import { localEngine } from '../local.ts'
import { flag, releasesDir, type Args, type Io } from '../main.ts'

type Activity = EmissionsRequest['activities'][number]

type LineCode = NonNullable<ActivityResult['error']>['code']
const LINE_CODES: readonly LineCode[] = ['unknown_factor', 'unit_not_convertible', 'not_resolved']

function lineCode(code: string | undefined): LineCode {
  return LINE_CODES.find((c) => c === code) ?? 'not_resolved'
}

/** The failed lines an engine 422 lists, or null for any other error. */
function failuresOf(err: unknown): LineFailure[] | null {
  if (!isEngineError(err)) return null
  const data: object = err.data
  return 'lines' in data && Array.isArray(data.lines) ? (data.lines as LineFailure[]) : null
}

function tryOne(run: () => unknown): unknown {
  try {
    run()
    return null
  } catch (err) {
    return err
  }
}

/** Lines per engine call: small enough to show progress, large enough to share resolutions. */
const DEFAULT_CHUNK = 2_000

function outPath(input: string, out: string | undefined): string {
  if (out) return out
  const ext = extname(input)
  return join(dirname(input), `${basename(input, ext)}.emissions${ext || '.csv'}`)
}

function formatKg(n: number): string {
  return `${n.toLocaleString('en-GB', { maximumFractionDigits: 3 })} kg CO2e`
}

export async function runEmissions(args: Args, io: Io): Promise<number> {
  const input = args.positional[0]
  if (!input) {
    io.err('openfactors emissions: give a ledger file, e.g. openfactors emissions ledger.csv\n')
    return 1
  }
  const text = readFileSync(input, 'utf8')
  const delimiter = detectDelimiter(text)
  const [header, ...rows] = parseCsv(text, delimiter)
  if (!header) {
    io.err(`openfactors emissions: ${input} is empty\n`)
    return 1
  }
  const columns = columnsOf(header)
  const missing = missingColumns(columns)
  if (missing.length > 0) {
    io.err(`openfactors emissions: ${input} has no ${missing.join(', ')} column (header: ${header.join(', ')})\n`)
    return 1
  }
  const chunk = Math.max(1, Math.min(20_000, Number(flag(args, 'chunk') ?? DEFAULT_CHUNK) || DEFAULT_CHUNK))
  const asOf = flag(args, 'as-of')
  const { engine } = localEngine(releasesDir(args))

  const parsed = rows.map((row, i) => activityOf(row, columns, i + 2))
  const valid: Array<{ at: number; activity: Activity }> = []
  parsed.forEach((p, at) => {
    if (!('error' in p)) valid.push({ at, activity: p })
  })
  const results = new Array<ActivityResult | { error: string } | undefined>(rows.length)
  parsed.forEach((p, at) => {
    if ('error' in p) results[at] = p
  })
  const totals: Array<EmissionsResponse['result']> = []
  let dataVersion = ''
  const receipts: string[] = []
  const progress = (done: number) => {
    if (valid.length <= chunk) return
    const line = `openfactors: ${done.toLocaleString('en-GB')} / ${valid.length.toLocaleString('en-GB')} lines`
    io.err(io.tty ? `\r${line}` : `${line}\n`)
  }
  for (let start = 0; start < valid.length; start += chunk) {
    const part = valid.slice(start, start + chunk)
    let res: EmissionsResponse | null = null
    try {
      res = engine.emissions({ activities: part.map((p) => p.activity), ...(asOf ? { as_of: asOf } : {}) })
    } catch (err) {
      // 422: no line of this chunk could be calculated. The error lists the first lines' reasons;
      // the others are asked one by one, so every line carries its own.
      const listed = failuresOf(err)
      if (!listed) throw err
      part.forEach((p, i) => {
        const own = listed[i] ?? failuresOf(tryOne(() => engine.emissions({ activities: [p.activity], ...(asOf ? { as_of: asOf } : {}) })))?.[0]
        results[p.at] = { id: p.activity.id ?? '', quantity: p.activity.quantity, error: { code: lineCode(own?.code), message: own?.message ?? 'not calculated' } }
      })
      totals.push({ emissions: { value: 0, unit: 'kg CO2e' }, by_scope: {}, counts: { activities: part.length, computed: 0, needs_review: 0, failed: part.length } })
    }
    if (res) {
      res.activities.forEach((a, i) => {
        const p = part[i]
        if (p) results[p.at] = a
      })
      totals.push(res.result)
      dataVersion = res.meta.data_version
      receipts.push(res.receipt.id)
    }
    progress(Math.min(start + chunk, valid.length))
  }
  if (valid.length > chunk && io.tty) io.err('\n')

  const cells = results.map((r) => outputCells(r ?? { error: 'not calculated' }))
  const target = flag(args, 'out') ?? (args.flags.get('out') === true ? '-' : undefined)
  const csv = formatCsv(withOutput(header, rows, cells), delimiter)
  const report = target === '-' ? io.err : io.out
  if (target === '-') io.out(csv)
  else writeFileSync(outPath(input, target), csv)

  const total = combineEmissionsResults(totals)
  const invalid = parsed.length - valid.length
  const failed = total.counts.failed + invalid
  report(`${target === '-' ? '' : `Wrote ${outPath(input, target)}\n`}Data version ${dataVersion || '(none: no line was sent)'}${receipts.length ? `, receipt${receipts.length > 1 ? 's' : ''} ${receipts.slice(0, 3).join(', ')}${receipts.length > 3 ? ` and ${receipts.length - 3} more` : ''}` : ''}\n`)
  report(`Lines: ${rows.length}, computed ${total.counts.computed}, to review ${total.counts.needs_review}, failed ${failed}\n`)
  report(`Total: ${formatKg(total.emissions.value)}\n`)
  for (const [scope, value] of Object.entries(total.by_scope)) report(`  ${scope.padEnd(15)} ${formatKg(value)}\n`)
  if (total.by_scope.outside_scopes !== undefined) report('  (outside_scopes is reported apart and not in the total)\n')
  return failed > 0 ? 2 : 0
}
