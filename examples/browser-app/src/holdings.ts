/**
 * Holdings from a pasted table -> the PCAF request's `holdings`. Columns are found by header
 * name (any order, any case, units in brackets allowed); every problem names its line.
 */
import type { PcafRequest } from '@openfactors/engine'
import { findColumn, parseNumber, parseTable } from './table.ts'

export type Holding = PcafRequest['holdings'][number]

const COLUMNS = {
  name: ['name', 'company', 'holding', 'issuer'],
  outstanding: ['outstanding_amount', 'outstanding', 'amount', 'exposure'],
  denominator: [
    'denominator_value', 'denominator', 'evic', 'total_equity_plus_debt', 'total_assets', 'project_value_at_origination',
    'property_value_at_origination', 'property_value', 'vehicle_value_at_origination', 'vehicle_value', 'ppp_adjusted_gdp', 'value',
  ],
  denominatorType: ['denominator_type'],
  emissions: ['company_emissions', 'emissions', 'scope_1_2', 'emissions_tco2e'],
  score: ['data_quality_score', 'score', 'dqs', 'pcaf_score'],
} as const

const DENOMINATOR_HEADERS = [
  'evic', 'total_equity_plus_debt', 'total_assets', 'project_value_at_origination', 'property_value_at_origination',
  'vehicle_value_at_origination', 'ppp_adjusted_gdp',
] as const

export interface HoldingsParse {
  holdings: Holding[]
  problems: string[]
}

/** A further number column an asset class needs (e.g. a securitisation's deal outstanding). */
export interface ExtraColumn {
  names: readonly string[]
  what: string
  /** Missing column or empty cell is a problem; otherwise an empty cell leaves the holding as it is. */
  required: boolean
  set: (holding: Holding, value: number) => Holding
}

export interface HoldingsOptions {
  /** Use of proceeds and securitisations: the score is a weighted mean of the underlying, so 1–5 with decimals. */
  fractionalScore?: boolean
  extra?: readonly ExtraColumn[]
}

export function holdingsFromTable(text: string, defaultDenominator = 'evic', options: HoldingsOptions = {}): HoldingsParse {
  const extra = options.extra ?? []
  const fractional = options.fractionalScore === true
  const table = parseTable(text)
  const problems: string[] = []
  const col = Object.fromEntries(Object.entries(COLUMNS).map(([k, names]) => [k, findColumn(table.header, names)])) as Record<keyof typeof COLUMNS, number>
  for (const [what, names] of [['outstanding amount', COLUMNS.outstanding], ['denominator (e.g. EVIC)', COLUMNS.denominator], ['emissions', COLUMNS.emissions], ['data quality score', COLUMNS.score]] as const) {
    if (findColumn(table.header, names) < 0) problems.push(`No ${what} column: name one of ${names.join(', ')}.`)
  }
  const extraCols = extra.map((e) => findColumn(table.header, e.names))
  extra.forEach((e, i) => {
    if (e.required && extraCols[i] === -1) problems.push(`No ${e.what} column: name one of ${e.names.join(', ')}.`)
  })
  if (problems.length > 0) return { holdings: [], problems }
  if (table.rows.length === 0) return { holdings: [], problems: ['The table has a header but no holdings.'] }

  // A denominator column named after its type (`EVIC`) says the type for every row.
  const denominatorHeader = table.header[col.denominator] ?? ''
  const typeFromHeader = DENOMINATOR_HEADERS.find((t) => denominatorHeader === t || denominatorHeader.startsWith(`${t}_`))

  const holdings: Holding[] = []
  for (const { line, cells } of table.rows) {
    const number = (index: number, what: string): number | null => {
      const raw = cells[index] ?? ''
      const n = parseNumber(raw, table.delimiter)
      if (n === null) problems.push(`Line ${line}: ${what} ${raw === '' ? 'is empty' : `"${raw}" is not a number`}.`)
      return n
    }
    const type = (col.denominatorType >= 0 ? cells[col.denominatorType]?.trim().toLowerCase() : '') || typeFromHeader || defaultDenominator
    // A vehicle whose value at origination is unknown: an empty cell sends null (AF = 1, docs/pcaf.md A3.6).
    const unknownVehicle = type === 'vehicle_value_at_origination' && (cells[col.denominator] ?? '').trim() === ''
    const outstanding = number(col.outstanding, 'outstanding amount')
    const denominator = unknownVehicle ? null : number(col.denominator, 'denominator')
    const emissions = number(col.emissions, 'emissions')
    const score = number(col.score, 'data quality score')
    if (outstanding === null || (denominator === null && !unknownVehicle) || emissions === null || score === null) continue
    if ((!fractional && !Number.isInteger(score)) || score < 1 || score > 5) {
      problems.push(`Line ${line}: data quality score must be a ${fractional ? 'number' : 'whole number'} from 1 to 5 (got ${score}).`)
      continue
    }
    const name = col.name >= 0 ? cells[col.name]?.trim() : ''
    let holding: Holding = {
      outstanding_amount: outstanding,
      denominator: { type, value: denominator },
      company_emissions: { value: emissions },
      data_quality_score: score,
      ...(name ? { name } : {}),
    }
    let complete = true
    extra.forEach((e, i) => {
      const index = extraCols[i] ?? -1
      if (index < 0 || (!e.required && (cells[index] ?? '').trim() === '')) return
      const value = number(index, e.what)
      if (value === null) complete = false
      else holding = e.set(holding, value)
    })
    if (complete) holdings.push(holding)
  }
  return { holdings, problems }
}
