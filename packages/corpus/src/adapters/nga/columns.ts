/**
 * Reading an NGA table's header block (rows 2.. up to the first row with a number): which
 * columns are row labels, which hold emission factors, and each factor column's scope, unit,
 * gas and any qualifier (`Metro`, `Non-Metro`). Group headers that span columns are read
 * through merged cells or carried right from the last text in their row.
 */
import { normalizeUnit } from '../../keys/units.ts'
import { slugify } from '../../keys/slug.ts'
import { mergedText, textAt, type Sheet } from '../../read/workbook.ts'

export type NgaGas = 'co2' | 'ch4' | 'n2o' | 'total'

export interface FactorColumn {
  col0: number
  header: string
  scope: 1 | 2 | 3 | null
  mass: 'kg' | 't'
  /** `CO2e` (every NGA factor is CO2-e, except the CO2-only carbonate table) or `CO2`. */
  gasBasis: 'CO2e' | 'CO2'
  activity: string
  gas: NgaGas
  qualifier: string
}

export interface Columns {
  labels: number[]
  factors: FactorColumn[]
  /** Columns with numbers that are not factors (energy content, volume to mass, parameters). */
  others: { col0: number; header: string }[]
}

const NOT_FACTOR = /energy content|volume to mass|carbon content|correction factor|leakage|global warming|default oxidation|fossil origin|proportion|convert to|unaccounted|composition|chemical oxygen/i
const UNIT = /\b(kg|t|tonnes?)\s*CO2(?:\s*[-‑‐]?\s*e)?\s*(?:\/|per)\s*([A-Za-z0-9][A-Za-z0-9 ]*?)\s*(?:\)|$|\()/i

export function headerTexts(sheet: Sheet, headerRows0: number[], lastCol0: number): string[][] {
  const merged = mergedText(sheet)
  return headerRows0.map((r) => {
    const row: string[] = []
    let carry = ''
    for (let c = 0; c <= lastCol0; c++) {
      const own = textAt(sheet, r, c) || merged(r, c) || ''
      if (own !== '') carry = own
      // Row 2 group headers (`Scope 1 Emission Factor` over four gas columns) carry right
      // only over columns that have their own text lower down.
      row.push(own !== '' ? own : r === headerRows0[0] && c > 0 ? carry : '')
    }
    return row
  })
}

export interface ParsedUnit { mass: 'kg' | 't'; gasBasis: 'CO2e' | 'CO2'; activity: string }

/** `(t CO2-e/t waste)` -> t, CO2e, per tonne; null when the text names no emission unit. */
export function parseUnit(text: string): ParsedUnit | null {
  const t = text.normalize('NFKC').replace(/\s+/g, ' ')
  const m = UNIT.exec(t)
  if (!m?.[1] || !m[2]) return null
  const mass: ParsedUnit['mass'] = m[1].toLowerCase() === 'kg' ? 'kg' : 't'
  const gasBasis: ParsedUnit['gasBasis'] = /CO2\s*[-‑‐]?\s*e/i.test(m[0]) ? 'CO2e' : 'CO2'
  // `t waste` (2021 Table 49) is per tonne of waste: the word names the material, not a unit.
  const raw = m[2].trim().toLowerCase().replace(/^(t|tonnes?) waste$/, 't')
  const activity = raw === 't' || raw === 'tonne' ? 'tonne' : normalizeUnit(raw)
  return { mass, gasBasis, activity }
}

/** Classify columns from their stacked header texts; `numericCols` says which columns hold numbers. */
export function classifyColumns(stack: string[][], lastCol0: number, numericCols: Set<number>): Columns {
  const out: Columns = { labels: [], factors: [], others: [] }
  let unitCarry: ParsedUnit | null = null
  for (let c = 0; c <= lastCol0; c++) {
    const parts = stack.map((row) => row[c] ?? '').filter((p) => p !== '')
    const header = [...new Set(parts)].join(' ').replace(/\s+/g, ' ').trim()
    const ownParts = stack.slice(1).map((row) => row[c] ?? '').filter((p) => p !== '')
    if (!numericCols.has(c)) {
      if (header !== '' && !NOT_FACTOR.test(header) && c <= 2 && out.factors.length === 0) out.labels.push(c)
      continue
    }
    const unit: ParsedUnit | null = parseUnit(header) ?? (ownParts.length > 0 ? unitCarry : null)
    if (NOT_FACTOR.test(header) || !unit || (!/emission|CO2|losses/i.test(header))) {
      out.others.push({ col0: c, header })
      continue
    }
    unitCarry = unit
    const gasWord = /\b(CO2|CH4|N2O)\s*$/i.exec(parts.at(-1) ?? '')?.[1]
    const gas: NgaGas = gasWord ? (gasWord.toLowerCase() as NgaGas) : 'total'
    // A header naming two scopes (`Full fuel cycle EF (EF for scope 2 + EF for scope 3)`) has none.
    const scopes = [...new Set([...header.matchAll(/scope\s*([123])/gi)].map((m) => m[1]))]
    const qualifier = parts
      .filter((p) => p.length > 1 && !/scope|emission|factor|CO2|CH4|N2O|combined|gases|kg|\(|\)|oxidation|losses/i.test(p))
      .map((p) => slugify(p.replace(/\bEF\b/g, '')))
      .filter((p) => p !== '')
      .join('_')
    out.factors.push({ col0: c, header, scope: scopes.length === 1 ? (Number(scopes[0]) as 1 | 2 | 3) : null, ...unit, gas, qualifier })
  }
  return out
}
