/**
 * Every number of a factor as its file shows it (proof/as-published.ts): the value, the
 * published value of a converted factor (its value re-derived from it in decimal), gas and module
 * cells and material cells. Adapters read cells as stored doubles; this is the one place where
 * they become what is served.
 */
import type { CellValue } from '@openfactors/engine/release'
import { asPublished, derive } from '../proof/as-published.ts'

interface Numbers {
  value: number
  published?: { value: number; multiplier: string } | undefined
  gases?: Record<string, CellValue | undefined> | undefined
  modules?: Record<string, CellValue | undefined> | undefined
  material?: object | undefined
  derived?: { inputs: CellValue[] } | undefined
}

/** Material cells (`{ value, cell_ref }` fields: density, declared quantity, …). */
function materialCells<M extends object>(m: M): M {
  const out: Record<string, unknown> = { ...(m as Record<string, unknown>) }
  for (const [k, v] of Object.entries(m)) {
    if (typeof v === 'object' && v !== null && 'value' in v && typeof v.value === 'number' && 'cell_ref' in v) out[k] = { ...v, value: asPublished(v.value) }
  }
  return out as M
}

function cells<T extends Record<string, CellValue | undefined>>(map: T): T {
  const out: Record<string, CellValue | undefined> = {}
  for (const [k, c] of Object.entries(map)) out[k] = c ? { ...c, value: asPublished(c.value) } : c
  return out as T
}

export function servedAsPublished<T extends Numbers>(row: T): T {
  const out: T = { ...row }
  if (row.published) {
    out.published = { ...row.published, value: asPublished(row.published.value) }
    out.value = derive(row.published.value, row.published.multiplier)
  } else out.value = asPublished(row.value)
  if (row.gases) out.gases = cells(row.gases)
  if (row.modules) out.modules = cells(row.modules)
  if (row.material) out.material = materialCells(row.material)
  if (row.derived) out.derived = { ...row.derived, inputs: row.derived.inputs.map((c) => ({ ...c, value: asPublished(c.value) })) }
  return out
}
