/**
 * An activity ledger pasted as a table -> the emissions request's `activities`. Header:
 * `description` or `factor_key`, `quantity`, `unit`, optional `country` and `id`. Units are
 * passed as written: the engine reads them ("litres", "US gallons", "MWh", "tkm").
 */
import type { EmissionsRequest } from '@openfactors/engine'
import { findColumn, parseNumber, parseTable } from './table.ts'

export type Activity = EmissionsRequest['activities'][number]

export interface LedgerParse {
  activities: Activity[]
  problems: string[]
}

/** An example ledger: descriptions, so it works on any corpus. */
export const EXAMPLE_LEDGER = [
  'description\tquantity\tunit\tcountry',
  'diesel for the vans\t1,200\tlitres\tGB',
  'grid electricity\t35\tMWh\tGB',
  'petrol car\t4,000\tmiles\tGB',
  'natural gas\t12,000\tkWh\tGB',
  'office furniture\t12,400\tUSD\tUS',
].join('\n')

export function ledgerFromTable(text: string): LedgerParse {
  const table = parseTable(text)
  const problems: string[] = []
  const descCol = findColumn(table.header, ['description', 'activity', 'item'])
  const keyCol = findColumn(table.header, ['factor_key', 'key'])
  const qtyCol = findColumn(table.header, ['quantity', 'qty', 'amount', 'value'])
  const unitCol = findColumn(table.header, ['unit', 'units'])
  const countryCol = findColumn(table.header, ['country'])
  const idCol = findColumn(table.header, ['id', 'line', 'ref'])
  if ((descCol < 0 && keyCol < 0) || qtyCol < 0 || unitCol < 0) {
    return { activities: [], problems: ['The header needs description (or factor_key), quantity and unit columns (country and id are optional).'] }
  }
  const activities: Activity[] = []
  for (const { line, cells } of table.rows) {
    const key = keyCol >= 0 ? (cells[keyCol] ?? '').trim() : ''
    const description = descCol >= 0 ? (cells[descCol] ?? '').trim() : ''
    const value = parseNumber(cells[qtyCol] ?? '', table.delimiter)
    const unit = (cells[unitCol] ?? '').trim()
    if (!key && !description) problems.push(`Line ${line}: give a description or a factor_key.`)
    if (value === null) problems.push(`Line ${line}: quantity "${cells[qtyCol] ?? ''}" is not a number.`)
    if (!unit) problems.push(`Line ${line}: the unit is empty.`)
    if ((!key && !description) || value === null || !unit) continue
    const id = (idCol >= 0 ? cells[idCol]?.trim() : '') || `line ${line}`
    const country = countryCol >= 0 ? (cells[countryCol] ?? '').trim() : ''
    activities.push(key
      ? { id, factor_key: key, quantity: { value, unit } }
      : { id, description, quantity: { value, unit }, ...(country ? { country } : {}) })
  }
  if (activities.length === 0 && problems.length === 0) problems.push('The table has a header but no activity lines.')
  return { activities, problems }
}
