/**
 * PCAF methodology tables, versioned and cited. Every figure here comes from
 * docs/pcaf.md (the rule index of PCAF Part A, 2nd ed. Dec 2022 and
 * 3rd ed. Dec 2025); the rule label (and the standard's section) is cited per entry. A change here changes
 * results, so it bumps ENGINE_VERSION.
 */
import type { AssetClass, DenominatorType, PcafEdition, PcafOption } from './schema.ts'

export const PCAF_TABLES_VERSION = 'pcaf-tables/2026-1'

export interface ClassSection {
  section: string
  pages: string
}

/** Where each class sits in each edition (docs/pcaf.md A1). `null` = not covered by that edition. */
export const CLASS_SECTIONS: Record<AssetClass, Record<PcafEdition, ClassSection | null>> = {
  listed_equity_and_corporate_bonds: { '2nd': { section: '5.1', pages: 'p.49' }, '3rd': { section: '5.1', pages: 'pp.40-53' } },
  business_loans_and_unlisted_equity: { '2nd': { section: '5.2', pages: 'p.66' }, '3rd': { section: '5.2', pages: 'pp.55-65' } },
  project_finance: { '2nd': { section: '5.3', pages: 'p.79' }, '3rd': { section: '5.3', pages: 'pp.67-75' } },
  commercial_real_estate: { '2nd': { section: '5.4', pages: 'p.88' }, '3rd': { section: '5.4', pages: 'pp.77-81' } },
  mortgages: { '2nd': { section: '5.5', pages: 'p.94' }, '3rd': { section: '5.5', pages: 'pp.83-88' } },
  motor_vehicle_loans: { '2nd': { section: '5.6', pages: 'p.101' }, '3rd': { section: '5.6', pages: 'pp.90-96' } },
  sovereign_debt: { '2nd': { section: '5.7', pages: 'p.109' }, '3rd': { section: '5.9', pages: 'pp.140-148' } },
  use_of_proceeds: { '2nd': null, '3rd': { section: '5.7', pages: 'pp.98-109' } },
  securitizations: { '2nd': null, '3rd': { section: '5.8', pages: 'pp.111-138' } },
  sub_sovereign_debt: { '2nd': null, '3rd': { section: '5.10', pages: 'pp.150-158' } },
}

export const EDITION_TITLES: Record<PcafEdition, { id: string; title: string; published: string }> = {
  '2nd': { id: 'pcaf-part-a-2nd-ed', title: 'PCAF Global GHG Accounting and Reporting Standard, Part A: Financed Emissions, 2nd edition', published: 'Dec 2022' },
  '3rd': { id: 'pcaf-part-a-3rd-ed', title: 'PCAF Global GHG Accounting and Reporting Standard, Part A: Financed Emissions, 3rd edition', published: 'Dec 2025' },
}

const CORPORATE: DenominatorType[] = ['evic', 'total_equity_plus_debt', 'total_assets']

/**
 * Denominator types per class (docs/decisions.md §4; docs/pcaf.md A3.1–A3.10). Securitizations take the
 * collateral's own denominator (Table 5.8-2, A3.9); use of proceeds divides by the structure's
 * equity + debt (A3.8).
 */
export const ALLOWED_DENOMINATORS: Record<AssetClass, DenominatorType[]> = {
  listed_equity_and_corporate_bonds: CORPORATE, // A3.1
  business_loans_and_unlisted_equity: CORPORATE, // A3.2
  project_finance: ['total_equity_plus_debt', 'project_value_at_origination', 'total_assets'], // A3.3
  commercial_real_estate: ['property_value_at_origination'], // A3.4
  mortgages: ['property_value_at_origination'], // A3.5
  motor_vehicle_loans: ['vehicle_value_at_origination'], // A3.6
  sovereign_debt: ['ppp_adjusted_gdp'], // A3.7
  use_of_proceeds: ['total_equity_plus_debt'], // A3.8
  securitizations: ['property_value_at_origination', 'vehicle_value_at_origination', 'total_equity_plus_debt', 'evic'], // A3.9
  sub_sovereign_debt: ['ppp_adjusted_gdp'], // A3.10
}

/**
 * Option -> data quality score by class (docs/pcaf.md A5.1; 2nd ed. Tables 5-3, 5-7, 5-10, 5-14,
 * 5-15, 5-16, 5-26; 3rd ed. Tables 5.1-2, 5.2-1, 5.3-1, 5.4-1, 5.5-1, 5.6-1, 5.9-6, 5.10-5).
 * CRE/mortgage "option 3" and sub-sovereign "option 2"/"option 3" are keyed as 3a / 2a / 3a.
 * Use of proceeds and securitizations have no table: the score is the outstanding-weighted mean
 * of the underlying assets' scores (A5.1), given by the caller.
 */
export const DQ_SCORES: Record<AssetClass, Partial<Record<PcafOption, number>> | null> = {
  listed_equity_and_corporate_bonds: { '1a': 1, '1b': 2, '2a': 2, '2b': 3, '3a': 4, '3b': 5, '3c': 5 },
  business_loans_and_unlisted_equity: { '1a': 1, '1b': 2, '2a': 2, '2b': 3, '3a': 4, '3b': 5, '3c': 5 },
  project_finance: { '1a': 1, '1b': 2, '2a': 2, '2b': 3, '3a': 4, '3b': 5, '3c': 5 },
  commercial_real_estate: { '1a': 1, '1b': 2, '2a': 3, '2b': 4, '3a': 5 },
  mortgages: { '1a': 1, '1b': 2, '2a': 3, '2b': 4, '3a': 5 },
  motor_vehicle_loans: { '1a': 1, '1b': 1, '2a': 2, '2b': 3, '3a': 4, '3b': 5 },
  sovereign_debt: { '1a': 1, '1b': 2, '2a': 3, '3a': 4, '3b': 5 },
  sub_sovereign_debt: { '1a': 1, '1b': 2, '2a': 3, '3a': 4, '4a': 5, '4b': 5 },
  use_of_proceeds: null,
  securitizations: null,
}

/** Corporate classes whose options 3b/3c compute without an attribution factor (A4). */
export const NO_AF_OPTIONS: Partial<Record<AssetClass, PcafOption[]>> = {
  listed_equity_and_corporate_bonds: ['3b', '3c'],
  business_loans_and_unlisted_equity: ['3b', '3c'],
  project_finance: ['3b', '3c'],
}

/** Classes whose attribution factor is capped at 1 (3rd ed. 5.10 p.154 for sub-sovereign; A3.10). */
export const AF_CAPPED_CLASSES: AssetClass[] = ['sub_sovereign_debt']
/** Securitizations cap the collateral attribution factor at 1 (3rd ed. 5.8 p.122; A3.9). */
export const CAF_CAPPED_CLASSES: AssetClass[] = ['securitizations']
/** Loan-to-value above 100% is flagged, never capped (A3.4, A3.5). */
export const LTV_CLASSES: AssetClass[] = ['commercial_real_estate', 'mortgages']

/** Where each rule comes from, cited in `audit.rules_applied`. */
export const RULE_SOURCES: Record<string, string> = {
  repaid: 'docs/pcaf.md A3.2/A3.6: outstanding declines to 0 when repaid -> financed emissions 0',
  negative_equity_set_to_zero: 'docs/pcaf.md A3.1/A6: negative book equity set to 0 (2nd ed. fn 57; 3rd ed. fn 42)',
  total_assets_fallback: 'docs/pcaf.md A3.1: total assets when debt or equity cannot be found (2nd ed. fn 59; 3rd ed. fn 44)',
  vehicle_value_unknown: 'docs/pcaf.md A3.6: value at origination unknown -> AF = 1',
  attribution_capped: 'docs/pcaf.md A3.10: sub-sovereign AF capped at 1 (3rd ed. 5.10 p.154)',
  collateral_attribution_capped: 'docs/pcaf.md A3.9: collateral attribution factor capped at 1 (3rd ed. 5.8 p.122)',
  loan_to_value_above_100: 'docs/pcaf.md A3.4/A3.5: no cap stated; AF > 1 computed and flagged',
  attribution_above_1: 'docs/pcaf.md A3: no cap stated for this class; AF > 1 computed and flagged',
  worst_option_score: 'docs/pcaf.md A5.1: mixed options on one line get the worst score',
  dq_score_from_option: 'docs/pcaf.md A5.1/A10: the score follows (asset class, option)',
  option_3a_spend_factor: 'docs/pcaf.md A4 option 3a: FE = AF x revenue x sector emission intensity',
  emissions_value_differs_from_scopes: 'docs/decisions.md §4: scope breakdown kept separate; headline uses company_emissions.value',
  option_2a_scope_3: 'docs/pcaf.md A4/A5.1: option 2a is valid for scope 1 and 2 only; scope 3 is scored separately',
  guarantee_not_called: 'docs/pcaf.md A3.3: guarantees carry no attribution until called and turned into a loan -> out of scope',
  guarantee_called: 'docs/pcaf.md A3.3: a called guarantee becomes a loan and is attributed as debt',
  use_of_proceeds_unallocated: 'docs/pcaf.md A3.8: separate structures count only allocated proceeds; DQ undefined when nothing is allocated',
}
