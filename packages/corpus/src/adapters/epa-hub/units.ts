/**
 * Reading the Hub's unit texts: `kg CO2 per mmBtu`, `g CH4 per short ton`,
 * `CH4 Factor (g CH4 / vehicle-mile)`, `CO2 Factor (kg / unit)`, `(lb / MWh)`,
 * `Metric Tons CO2e / Short Ton Material`. The gas may only be in the column header
 * (`CH4 Factor`), so a hint from the header fills it in.
 */
import { normalizeUnit } from '../../keys/units.ts'

export type HubGas = 'CO2' | 'CH4' | 'N2O' | 'CO2e'
export type HubMass = 'kg' | 'g' | 'lb' | 't'

export interface UnitSpec {
  mass: HubMass
  gas: HubGas
  /** Canonical activity unit, or `unit` when a per-row Units column gives it. */
  activity: string
}

export function gasIn(text: string): HubGas | null {
  const m = /\b(CO2e|CO2|CH4|N2O)\b/i.exec(text.normalize('NFKC'))
  if (!m?.[1]) return null
  const g = m[1].toUpperCase()
  return g === 'CO2E' ? 'CO2e' : (g as HubGas)
}

function massIn(text: string): HubMass | null {
  if (/metric tons?/i.test(text)) return 't'
  const m = /(?:^|[\s(])(kg|g|lb)\b/.exec(text)
  return (m?.[1] as HubMass | undefined) ?? null
}

function activityIn(text: string): string | null {
  const per = /\bper ([A-Za-z][A-Za-z -]*?)\s*\)?\s*$/.exec(text)
  const slash = /\/\s*([A-Za-z][A-Za-z -]*?)\s*\)?\s*$/.exec(text)
  const raw = (per?.[1] ?? slash?.[1])?.trim()
  if (!raw) return null
  return normalizeUnit(raw.replace(/ material$/i, '').toLowerCase())
}

/** Unit of one value column from its header text and the units-row text under it. */
export function parseUnit(header: string, unitText: string): UnitSpec | null {
  const gas = gasIn(unitText) ?? gasIn(header)
  const mass = massIn(unitText) ?? massIn(header)
  const activity = activityIn(unitText) ?? activityIn(header)
  if (!gas || !mass || !activity) return null
  return { gas, mass, activity }
}

/** Key basis for an activity unit: `mmBtu` -> `mmbtu`, `gallon (US)` -> `gallon`, `short ton.mile` -> `short_ton_mile`. */
export function basisSlug(activity: string): string {
  return activity.replace(/\s*\(US\)/, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')
}
