/**
 * US EPA Supply Chain GHG Emission Factors (v1.2, v1.3) by 2017 NAICS-6 commodity.
 *
 * Each edition is two CSVs: the CO2e file (one row per commodity, `All GHGs`) and the byGHG
 * file (one row per commodity × gas). Every published number becomes a factor:
 * - `without_margins`, `margins`, `with_margins` from the CO2e file. The file's unit column says
 *   "purchaser price" for every column, but EPA's method states what each column is for
 *   (issue 17): *without* margins is per USD of **producer** price (`kg CO2e per USD (<year>,
 *   producer price)`); *with* margins is per USD of purchaser price; the margins column is the
 *   emissions of the wholesale, transport and retail margin sectors only, a **component** of
 *   with_margins (with_margins = without_margins + margins), so it is served with
 *   `kind: 'component'` and never offered as an emission factor.
 * - the same three columns per gas from the byGHG file, suffix = gas formula
 *   (`with_margins_co2`, `margins_hfc_134a`, ...). These are MASSES of the gas
 *   (`kg CH4 per USD ...`), not CO2e, so they are NOT put into the total's `gases` map
 *   (whose values must be in the factor's own unit). Exception: v1.3 publishes
 *   `HFCs and PFCs, unspecified` in kg CO2e; that key gets a `_co2e` suffix so the v1.2
 *   mass-basis key keeps one meaning.
 * Keys: `spend.us.naics_<code>_<title>.<method>`; the NAICS code makes the subject unique and
 * stable across editions.
 */
import { readCsvFile, csvRef, type CsvRecord } from '../../read/csv.ts'
import { slugify } from '../../keys/slug.ts'
import { currencyUnit } from '../../keys/units.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type DraftFactor, type SkippedRow, type SourceAdapter } from '../types.ts'
import { gasLabel } from './gases.ts'

const COLUMNS = {
  code: '2017 NAICS Code',
  title: '2017 NAICS Title',
  ghg: 'GHG',
  unit: 'Unit',
  useeio: 'Reference USEEIO Code',
} as const

/** Each value column: its key method, name label, price basis and kind (see the header comment). */
const VALUE_COLUMNS = [
  { header: 'Supply Chain Emission Factors without Margins', method: 'without_margins', label: 'without margins', price: 'producer', kind: 'emission_factor' },
  { header: 'Margins of Supply Chain Emission Factors', method: 'margins', label: 'margins only (component of with margins)', price: 'purchaser', kind: 'component' },
  { header: 'Supply Chain Emission Factors with Margins', method: 'with_margins', label: 'with margins', price: 'purchaser', kind: 'emission_factor' },
] as const

/** `kg CO2e/2021 USD, purchaser price` or `kg/2022 USD, purchaser price`. */
const UNIT_PATTERN = /^kg( CO2e)?\/(\d{4}) USD, purchaser price$/

export function ingestSupplyChainFile(file: string, records: CsvRecord[]): AdapterOutput {
  const header = records[0]
  if (!header) throw new IngestError(file, 'line 1', 'empty file')
  const col = (name: string): number => {
    const i = header.fields.findIndex((h) => h.trim() === name)
    if (i < 0) throw new IngestError(file, 'line 1', `missing column "${name}"`)
    return i
  }
  const idx = { code: col(COLUMNS.code), title: col(COLUMNS.title), ghg: col(COLUMNS.ghg), unit: col(COLUMNS.unit), useeio: col(COLUMNS.useeio) }
  const values = VALUE_COLUMNS.map((v) => ({ ...v, index: col(v.header) }))
  const factors: DraftFactor[] = []
  const skipped: SkippedRow[] = []
  for (const rec of records.slice(1)) {
    if (rec.fields.length === 1 && rec.fields[0]?.trim() === '') continue
    const field = (i: number): string => (rec.fields[i] ?? '').trim()
    const code = field(idx.code)
    const title = field(idx.title)
    const ghg = field(idx.ghg)
    const unitText = field(idx.unit)
    const m = UNIT_PATTERN.exec(unitText)
    if (!/^\d{6}$/.test(code) || !m || !m[2]) throw new IngestError(file, `line ${rec.line}`, `unexpected NAICS code "${code}" or unit "${unitText}"`)
    const isCo2e = m[1] !== undefined
    const year = Number(m[2])
    const isTotal = ghg === 'All GHGs'
    const gas = isTotal ? null : gasLabel(ghg)
    const suffix = gas ? `_${gas.suffix}${isCo2e ? '_co2e' : ''}` : ''
    const mass = gas && !isCo2e ? gas.formula : 'CO2e'
    const subject = slugify(`naics ${code} ${title}`)
    const useeio = field(idx.useeio)
    for (const v of values) {
      const text = field(v.index)
      const where = `line ${rec.line} ${v.header}`
      if (text === '') { skipped.push({ reason: 'empty_value', where }); continue }
      const value = Number(text)
      if (!Number.isFinite(value)) { skipped.push({ reason: 'non_numeric', where, detail: text }); continue }
      factors.push({
        key: `spend.us.${subject}.${v.method}${suffix}`,
        name: gas ? `${title} (NAICS ${code}), ${gas.name}${isCo2e ? ' (CO2e)' : ''}, supply chain ${v.label}` : `${title} (NAICS ${code}), supply chain ${v.label}`,
        value,
        unit: `kg ${mass} per ${currencyUnit('USD', year, `${v.price} price`)}`,
        scope: 'scope_3',
        kind: v.kind,
        basis: { price: { currency: 'USD', year, basis: v.price }, ...(gas && !isCo2e ? {} : { ghg: 'co2e' as const }) },
        section: gas ? 'Supply chain emission factors > By gas' : 'Supply chain emission factors > All GHGs',
        country: 'us',
        region: null,
        cell_ref: csvRef(file, rec.line, v.header),
        tags: useeio ? [`NAICS ${code}`, `USEEIO ${useeio}`] : [`NAICS ${code}`],
      })
    }
  }
  return { factors, skipped }
}

export const adapter: SourceAdapter = {
  id: 'epa-supply-chain',
  ingest(ctx: AdapterContext): AdapterOutput {
    const out: AdapterOutput = { factors: [], skipped: [] }
    // CO2e file first, then byGHG, whatever order the lock lists them in.
    const files = [...ctx.edition.files].sort((a, b) => Number(/byGHG/i.test(a)) - Number(/byGHG/i.test(b)))
    files.forEach((file, i) => {
      const part = ingestSupplyChainFile(file, readCsvFile(ctx.resolve(file)))
      out.factors.push(...part.factors)
      out.skipped.push(...part.skipped)
      ctx.progress?.(i + 1, files.length)
    })
    return out
  },
}
