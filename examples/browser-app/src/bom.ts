/**
 * A bill of materials pasted as a table -> the embodied request's `materials`. Header:
 * `material_key, quantity, unit, boundary` (plus optional `id`); boundary defaults to A1-C.
 */
import type { EmbodiedRequest } from '@openfactors/engine'
import { findColumn, parseNumber, parseTable } from './table.ts'

export type MaterialLine = EmbodiedRequest['materials'][number]
type QuantityUnit = MaterialLine['quantity']['unit']
type Boundary = MaterialLine['boundary']

const UNITS = ['kg', 't', 'm3', 'm2', 'm', 'piece', 'unit'] as const
const UNIT_ALIASES: Record<string, QuantityUnit> = { tonne: 't', tonnes: 't', kgs: 'kg', 'm³': 'm3', 'm²': 'm2', pieces: 'piece', pcs: 'piece', units: 'unit' }

export interface BomParse {
  materials: MaterialLine[]
  problems: string[]
}

export function bomFromTable(text: string): BomParse {
  const table = parseTable(text)
  const problems: string[] = []
  const keyCol = findColumn(table.header, ['material_key', 'material', 'key'])
  const qtyCol = findColumn(table.header, ['quantity', 'qty', 'amount'])
  const unitCol = findColumn(table.header, ['unit', 'units'])
  const boundaryCol = findColumn(table.header, ['boundary', 'stages'])
  const idCol = findColumn(table.header, ['id', 'line', 'element'])
  if (keyCol < 0 || qtyCol < 0 || unitCol < 0) {
    return { materials: [], problems: ['The header needs material_key, quantity and unit columns (boundary is optional, default A1-C).'] }
  }
  const materials: MaterialLine[] = []
  for (const { line, cells } of table.rows) {
    const material_key = (cells[keyCol] ?? '').trim()
    const value = parseNumber(cells[qtyCol] ?? '', table.delimiter)
    const unitText = (cells[unitCol] ?? '').trim().toLowerCase()
    const unit = (UNITS as readonly string[]).includes(unitText) ? (unitText as QuantityUnit) : UNIT_ALIASES[unitText]
    const boundary = ((boundaryCol >= 0 ? cells[boundaryCol]?.trim().toUpperCase() : '') || 'A1-C') as Boundary
    if (!material_key) problems.push(`Line ${line}: the material key is empty.`)
    if (value === null) problems.push(`Line ${line}: quantity "${cells[qtyCol] ?? ''}" is not a number.`)
    if (!unit) problems.push(`Line ${line}: unit "${unitText}" is not one of ${UNITS.join(', ')}.`)
    if (!material_key || value === null || !unit) continue
    const id = idCol >= 0 ? cells[idCol]?.trim() : ''
    materials.push({ material_key, quantity: { value, unit }, boundary, ...(id ? { id } : {}) })
  }
  if (materials.length === 0 && problems.length === 0) problems.push('The table has a header but no material lines.')
  return { materials, problems }
}
