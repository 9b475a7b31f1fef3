/**
 * The common shape both UK layouts are read into, so one key function serves the flat files
 * (2016–2023) and the full sets (2024–2026). A flat row already carries every part; a full-set
 * value cell gets its parts from the sheet name, the label columns left of `Unit`, the band
 * header above its column and its own column header.
 */
import type { Scope } from '@openfactors/engine/release'
import { IngestError } from '../adapters/types.ts'

export interface UkLabels {
  /** Flat `Level 1`; full set: sheet name. */
  level1: string
  /** Flat `Level 2..4`; full set: label columns before `Unit` (Activity, Fuel/Type/Country, Size). */
  levels: string[]
  /** Flat `Column Text`; full set: the band header above the value column (`Diesel`, `50% Laden`). */
  column: string
  /** Flat `UOM`; full set: the `Unit` column. */
  uom: string
  /** Flat `GHG`/`GHG/Unit`; full set: the value column header (`kg CO2e`, `kg CO2e of CH4 per unit`). */
  ghg: string
  /**
   * Calorific-value basis the sheet states for all its energy-based factors (full-set
   * `Bioenergy`: "All factors are on a net calorific value basis."), where it states one.
   */
  sheetCv?: 'Net CV' | 'Gross CV'
}

/** One numeric value cell with the labels that say what it is. */
export interface UkCell {
  labels: UkLabels
  scope: Scope | null
  value: number
  /** `'Sheet'!D23` */
  cellRef: string
  /** Publisher's row id where the file has one (2023 flat `ID` column). */
  rowId?: string
  /** Full set: the header row of the cell's table, used only to tell apart repeated tables. */
  table?: string
}

/** `Scope 1` / `Outside of Scopes` -> schema scope; null when the text says nothing usable. */
export function parseScope(text: string): Scope | null {
  const t = text.replace(/\s+/g, ' ').trim().toLowerCase()
  if (t === 'scope 1') return 'scope_1'
  if (t === 'scope 2') return 'scope_2'
  if (t === 'scope 3') return 'scope_3'
  if (t.startsWith('outside of scope')) return 'outside_scopes'
  return null
}

/** Collapse whitespace and unify dashes: the first step of every label comparison. */
export function cleanLabel(text: string): string {
  return text.normalize('NFKC').replace(/[\u2010-\u2015\u2212]/g, '-').replace(/\s+/g, ' ').trim()
}

/** The edition's year (2016…2026), from `edition`, else the id, else the file name. */
export function editionYear(edition: { id: string; edition: string }, file: string): number {
  for (const text of [edition.edition, edition.id, file]) {
    const m = /(?:^|\D)(20\d\d)(?:\D|$)/.exec(text)
    if (m?.[1]) return Number(m[1])
  }
  throw new IngestError(file, 'edition', `cannot tell the edition year from ${edition.id}`)
}
