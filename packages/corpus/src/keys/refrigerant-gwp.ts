/**
 * Refrigerant GWP tables (US EPA Hub tables 11–12, Australian NGA "Global warming potentials of
 * common refrigerants") as refrigerant factors: a 100-year GWP is the kg CO2e of one kg of the
 * gas released, which is how the UK publishes its refrigerant factors (`kg CO2e per kg`). Keys are
 * `refrigerants.<country>.<subject>.kg`, one subject per gas in every edition: blends by their ASHRAE
 * number (`r410a`) and single HFCs and HCFCs by their name (`hfc_134a`), as the UK's keys are; other
 * fluorinated gases by their formula (`sf6`, `cf4`; the UK's keys carry its own names there).
 */
import type { DraftFactor } from '../adapters/types.ts'
import { slugify } from './slug.ts'

/** The combustion gases of a GWP table: their GWPs weight the per-gas factors, they are not refrigerants. */
const COMBUSTION_GAS = /^(co2|ch4|n2o|carbon dioxide|methane|nitrous oxide)$/i

/** ASHRAE numbers of blends (the 400 and 500 series): `R-410A`, `R410A (HFC blend)`, `R-507`. */
const BLEND = /^R-?\s?([45]\d\d)([A-Z]?)\b/i

/** A single substance's own name in a label: `HFC-134a`, `R134A (HFC-134A)` -> `HFC-134A`, `HCFC-22`. */
const SUBSTANCE = /\b(H?C?FC-\d+[a-z]*(?:-\d+[a-z]*)*)\b/i

/**
 * The key subject of a GWP table row, or null for a combustion gas (CO2, CH4, N2O).
 * `formula` is the row's chemical formula where the table has a column for it.
 */
export function refrigerantSubject(label: string, formula = ''): string | null {
  const name = label.replace(/\s+/g, ' ').trim()
  const chem = formula.replace(/\s+/g, '').trim()
  if (COMBUSTION_GAS.test(name) || COMBUSTION_GAS.test(chem)) return null
  const blend = BLEND.exec(name)
  if (blend) return `r${blend[1]}${(blend[2] ?? '').toLowerCase()}`
  const substance = SUBSTANCE.exec(name)?.[1]
  // PFCs are named by number in one edition (`PFC-14`) and by formula in another (`CF4`): the formula is the stable name.
  if (substance && !/^PFC/i.test(substance)) return slugify(substance)
  return slugify(chem !== '' ? chem : name)
}

/** The IPCC assessment report a GWP table states (`(AR5)`, `Fourth Assessment Report (AR4)`), or null. */
export function assessmentReport(text: string): string | null {
  return /\b(AR\d)\b/.exec(text)?.[1] ?? null
}

export interface GwpRow {
  country: string
  subject: string
  /** The row's label as published (`R-410A`, `HFC-134a`, `Sulfur hexafluoride`). */
  label: string
  formula?: string
  /** Blend composition as published (`50% HFC-32 , 50% HFC-125`). */
  composition?: string
  value: number
  cellRef: string
  section: string
  /** `AR5` where the table states it. */
  report: string | null
  /** Whether the table says its GWPs are 100-year ones (the Hub does; the NGA tables do not say). */
  hundredYear: boolean
  /** What the publisher says of the value, quoted (`GWPs of blended refrigerants are based only on their HFC and PFC constituents`). */
  note?: string
}

/** A GWP table row as a refrigerant factor, the value as published. */
export function gwpFactor(row: GwpRow): DraftFactor {
  const formula = row.formula && row.formula !== row.label ? ` (${row.formula})` : ''
  // The composition is said in the basis, not the name: a blend named with its constituents would
  // match a question about one of them ("HFC-134a leak") better than that gas's own row.
  const blend = row.composition ? `blend of ${row.composition.replace(/\s+,/g, ',').replace(/\s+/g, ' ').trim()}` : ''
  const gwp = `${row.hundredYear ? '100-year ' : ''}GWP${row.report ? ` (${row.report})` : ''}`
  return {
    key: `refrigerants.${row.country}.${row.subject}.kg`,
    name: `Refrigerant ${row.label}${formula}${blend ? ' (blend)' : ''}: ${gwp}, per kg released`,
    value: row.value,
    unit: 'kg CO2e per kg',
    scope: 'scope_1',
    section: row.section,
    country: row.country,
    region: null,
    cell_ref: row.cellRef,
    basis: { note: [`${gwp}: kg CO2e per kg of the gas released`, blend, row.note].filter(Boolean).join('; ') },
    tags: ['refrigerant', 'GWP', 'fugitive emissions', 'leakage'],
  }
}
