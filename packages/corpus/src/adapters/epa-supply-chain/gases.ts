/**
 * The gases named in the byGHG files, with the chemical formula used in units and the key
 * suffix. The suffix is the slug of the formula (stable, short); unknown names fall back to
 * the slug of the published name so a new gas still gets a deterministic key.
 */
import { slugify } from '../../keys/slug.ts'

const FORMULAS: Record<string, string> = {
  'carbon dioxide': 'CO2',
  methane: 'CH4',
  'nitrous oxide': 'N2O',
  'sulfur hexafluoride': 'SF6',
  'nitrogen trifluoride': 'NF3',
  'carbon tetrafluoride': 'CF4',
  hexafluoroethane: 'C2F6',
  perfluoropropane: 'C3F8',
  perfluorobutane: 'C4F10',
  perfluorocyclobutane: 'c-C4F8',
  perfluorohexane: 'C6F14',
}

export interface GasLabel {
  /** As published, e.g. `Carbon dioxide`. */
  name: string
  /** Used in units, e.g. `CO2`, `HFC-134a`, `c-C4F8`. */
  formula: string
  /** Key suffix, e.g. `co2`, `hfc_134a`, `c_c4f8`. */
  suffix: string
}

export function gasLabel(published: string): GasLabel {
  const name = published.trim()
  const formula = FORMULAS[name.toLowerCase()] ?? name
  return { name, formula, suffix: slugify(formula) }
}
