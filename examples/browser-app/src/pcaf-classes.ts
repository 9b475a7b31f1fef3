/**
 * Every PCAF asset class the engine supports, with the columns its pasted holdings need and an
 * example (made-up names and numbers). The denominator column follows the class's denominator
 * (packages/engine/src/calc/pcaf/tables.ts ALLOWED_DENOMINATORS; docs/pcaf.md A3).
 */
import type { PcafRequest } from '@openfactors/engine'
import { holdingsFromTable, type ExtraColumn, type HoldingsParse } from './holdings.ts'

export type AssetClass = PcafRequest['asset_class']

export interface PcafClass {
  label: string
  /** Denominator type sent when the table has no denominator_type column. */
  denominator: string
  /** Header of the denominator column in the example. */
  denominatorHeader: string
  extra: readonly ExtraColumn[]
  extraHeaders: readonly string[]
  fractionalScore: boolean
  /** Example rows: name, outstanding, denominator, emissions, score, then the extra columns. */
  example: ReadonlyArray<readonly string[]>
}

const SECURITIZATION: readonly ExtraColumn[] = [
  { names: ['collateral_outstanding'], what: 'collateral outstanding', required: true, set: (h, v) => ({ ...h, securitization: { collateral_outstanding: v, deal_outstanding: h.securitization?.deal_outstanding ?? 1 } }) },
  { names: ['deal_outstanding'], what: 'deal outstanding', required: true, set: (h, v) => ({ ...h, securitization: { collateral_outstanding: h.securitization?.collateral_outstanding ?? 0, deal_outstanding: v } }) },
]

const ALLOCATED: readonly ExtraColumn[] = [
  { names: ['allocated_amount', 'allocated'], what: 'allocated amount', required: false, set: (h, v) => ({ ...h, use_of_proceeds: { structure: 'separate', allocated_amount: v } }) },
]

const plain = (label: string, denominator: string, denominatorHeader: string, example: PcafClass['example']): PcafClass =>
  ({ label, denominator, denominatorHeader, extra: [], extraHeaders: [], fractionalScore: false, example })

export const PCAF_CLASSES: Record<AssetClass, PcafClass> = {
  listed_equity_and_corporate_bonds: plain('Listed equity and corporate bonds', 'evic', 'EVIC (USD)', [
    ['Example Steel plc', '1,000,000', '50,000,000', '12,000', '2'],
    ['Example Retail SA', '250,000', '10,000,000', '4,000', '3'],
  ]),
  business_loans_and_unlisted_equity: plain('Business loans and unlisted equity', 'total_equity_plus_debt', 'Total equity plus debt (USD)', [
    ['Example Bakery Ltd', '400,000', '2,000,000', '350', '3'],
  ]),
  project_finance: plain('Project finance', 'total_equity_plus_debt', 'Total equity plus debt (USD)', [
    ['Example Wind Farm', '20,000,000', '80,000,000', '1,200', '2'],
  ]),
  commercial_real_estate: plain('Commercial real estate', 'property_value_at_origination', 'Property value at origination (USD)', [
    ['Example Office Tower', '6,000,000', '15,000,000', '900', '4'],
  ]),
  mortgages: plain('Mortgages', 'property_value_at_origination', 'Property value at origination (USD)', [
    ['Example home loan 1', '240,000', '300,000', '3.2', '4'],
  ]),
  motor_vehicle_loans: plain('Motor vehicle loans', 'vehicle_value_at_origination', 'Vehicle value at origination (USD)', [
    ['Example car loan 1', '18,000', '30,000', '2.5', '4'],
    ['Example car loan 2 (value unknown)', '9,000', '', '1.8', '4'],
  ]),
  sovereign_debt: plain('Sovereign debt', 'ppp_adjusted_gdp', 'PPP adjusted GDP (USD)', [
    ['Example Republic bond', '50,000,000', '2,000,000,000,000', '400,000,000', '1'],
  ]),
  sub_sovereign_debt: plain('Sub-sovereign debt', 'ppp_adjusted_gdp', 'PPP adjusted GDP (USD)', [
    ['Example City bond', '10,000,000', '40,000,000,000', '6,000,000', '2'],
  ]),
  use_of_proceeds: {
    label: 'Use of proceeds', denominator: 'total_equity_plus_debt', denominatorHeader: 'Total equity plus debt (USD)',
    extra: ALLOCATED, extraHeaders: ['Allocated amount (USD)'], fractionalScore: true,
    example: [['Example Green Bond', '5,000,000', '20,000,000', '800', '2.5', '15,000,000']],
  },
  securitizations: {
    label: 'Securitizations', denominator: 'property_value_at_origination', denominatorHeader: 'Property value at origination (USD)',
    extra: SECURITIZATION, extraHeaders: ['Collateral outstanding (USD)', 'Deal outstanding (USD)'], fractionalScore: true,
    example: [['Example RMBS tranche', '1,000,000', '400,000,000', '20,000', '3.5', '300,000,000', '250,000,000']],
  },
}

/** The header row of a class's table. */
export function classHeaders(c: PcafClass): string[] {
  return ['Name', 'Outstanding amount (USD)', c.denominatorHeader, 'Emissions (tCO2e)', 'Data quality score', ...c.extraHeaders]
}

/** Tab-separated, as a spreadsheet copies it. */
export function exampleHoldings(assetClass: AssetClass): string {
  const c = PCAF_CLASSES[assetClass]
  return [classHeaders(c), ...c.example].map((cells) => cells.join('\t')).join('\n')
}

/** Pasted holdings read with the class's denominator and columns. */
export function holdingsForClass(assetClass: AssetClass, text: string): HoldingsParse {
  const c = PCAF_CLASSES[assetClass]
  return holdingsFromTable(text, c.denominator, { fractionalScore: c.fractionalScore, extra: c.extra })
}
