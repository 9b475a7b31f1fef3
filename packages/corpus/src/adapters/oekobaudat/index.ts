/**
 * ÖKOBAUDAT 2020-II CSV export (BBSR): EN 15804 module values per building-product dataset.
 * One factor row per dataset (UUID). Construction products are keyed
 * `materials.<category>.<type>.<grade>` in English; processes that are not products (energy
 * carriers, operating building services, transport, end of life, site processes: `domainOf` in
 * `categories.ts`) are keyed `<domain>.de.<type>_<grade>.oekobaudat`.
 *
 * - `value` is the published `A1-A3` GWP. Where the dataset has no A1-A3 row, `value` is the
 *   first life-cycle stage the dataset publishes (product A1-A3, construction A4-A5, use B1-B7,
 *   end of life C1-C4, then D), whole: where the file splits the stage into modules (A1, A2,
 *   A3 rows), `value` is their sum in decimal, with `derived` naming every input cell (the proof
 *   re-reads each and re-sums), and each module stays in `modules` (issue 17: A1 alone is a part
 *   served as a whole). A tag `value modules A1+A2+A3` and `basis.note` say which.
 * - `modules`: every published module GWP with its own cell (`<file>#L<line>:GWP`).
 * - Reference quantity: derived from the declared unit (`declaredUnitOf`), then cross-checked
 *   against the dataset's own modules: a tiny declared mass (`0.000001 kg`) whose rescaling
 *   would put a module above any substance's GWP per kg (R410a's B1, 2,087.5 per kg, would
 *   become 2.09e9) is read as per 1 kg, with the reason in `basis.note`.
 * - Country: the file's `Laenderkennung` (AT, GB, ... ; EU-27, EU-25, RER, WEU -> `eu`; GLO ->
 *   `glo`), never the publisher's own country by default.
 * - A negative value states its basis: EN 15804+A1 GWP counts the CO2 a bio-based product took
 *   up as negative in A1 (`basis.biogenic: 'uptake_included'`).
 * - Names: two datasets with one name get the qualifier that tells them apart (type, owner,
 *   reference year, country, category), as keys do.
 * - Scenarios: a module published for several scenarios (S1/S2, "energetisch"/"stofflich")
 *   takes the dataset's first scenario label in file order, so C2, C3, C4 and D stay on the
 *   same scenario; the other scenarios' rows are left out (skipped `out_of_scope`).
 * - Unit `kg CO2e per <declared unit>`: qm -> m2, pcs. -> piece, a -> hour, per reference quantity
 *   (`1000 kg` -> tonne, `3.6 MJ` and `1/0.27778 MJ` -> kWh, `1.00000000002876e-6 kg` -> per kg
 *   with `published` × 1000000, other quantities written out): `declaredUnitOf` in `material.ts`.
 * - `material`: declared unit and quantity, density, area mass, kg per declared unit or units
 *   per kg (`Umrechungsfaktor auf 1kg` is published either way; `readConversionFactor` decides
 *   per dataset), thickness — each a published cell or null.
 * - Name: `Name (en)` where published, else the German name translated with the glossary;
 *   `name_original` is the German name. Keys colliding within a release get the dataset type
 *   (`generic`/`average`/...), then the UUID's first 8 characters, on every member.
 */
import { ModuleLabelSchema, type CellValue, type ModuleLabel } from '@openfactors/engine/release'
import { csvRef } from '../../read/csv.ts'
import { slugify } from '../../keys/slug.ts'
import { fixPublishedEnglish, translateDe } from '../../keys/glossary-de.ts'
import { IngestError, type AdapterContext, type AdapterOutput, type DraftFactor, type SkippedRow, type SourceAdapter } from '../types.ts'
import { categoryLevels, classifyCategory, domainOf } from './categories.ts'
import { declaredUnitOf, materialData } from './material.ts'
import { gradeOf } from './grade.ts'
import { groupDatasets, readObdRecords, type ObdDataset, type ObdRow } from './read.ts'
import type { CsvRecord } from '../../read/csv.ts'
import { convertPublished, sumPublished } from '../../proof/prove.ts'
import { countryOf } from './country.ts'
import { uniqueNames } from '../../keys/unique-names.ts'

/** EN 15978 life-cycle stages in order; a dataset's value is the first stage it publishes. */
const STAGES: readonly (readonly ModuleLabel[])[] = [['A1', 'A2', 'A3'], ['A4', 'A5'], ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7'], ['C1', 'C2', 'C3', 'C4'], ['D']]
/**
 * No substance releases more than about 2.5e4 kg CO2e per kg (SF6's GWP, the highest of the
 * Kyoto gases, is 23,500 in AR5): a module above 1e5 per kg is not per kg.
 */
const MAX_PER_KG = 1e5

/** The modules the served value is: A1-A3 where published, else the first stage's modules. */
export function valueModules(modules: Partial<Record<ModuleLabel, CellValue>>): ModuleLabel[] {
  if (modules['A1-A3']) return ['A1-A3']
  for (const stage of STAGES) {
    const present = stage.filter((m) => modules[m] !== undefined)
    if (present.length > 0) return present
  }
  return []
}

interface Draft {
  uuid: string
  /** What can tell two datasets of one key apart, in the order tried: type, owner, reference year, UUID. */
  qualifiers: string[]
  /** What can tell two datasets of one name apart, in the order tried: reference year, owner, country, category, type, UUID. */
  nameQualifiers: string[]
  /** `materials`, or the domain of a process that is not a product (`electricity`, `freight`, ...). */
  domain: string
  category: string
  type: string
  grade: string
  factor: Omit<DraftFactor, 'key'>
}

/** Rows of one dataset kept for its modules: one per module, on the dataset's first scenario. */
function pickModuleRows(ds: ObdDataset, file: string, skipped: SkippedRow[]): Map<ModuleLabel, ObdRow> {
  const firstScenario = ds.rows.map((r) => r.get('Szenario')).find((s) => s !== '') ?? ''
  const byModule = new Map<ModuleLabel, ObdRow[]>()
  for (const row of ds.rows) {
    const where = csvRef(file, row.line, 'GWP')
    const label = ModuleLabelSchema.safeParse(row.get('Modul').replace(/\s+/g, ''))
    if (!label.success) { skipped.push({ reason: 'not_a_factor', where, detail: `module ${JSON.stringify(row.get('Modul'))}` }); continue }
    const list = byModule.get(label.data) ?? []
    list.push(row)
    byModule.set(label.data, list)
  }
  const picked = new Map<ModuleLabel, ObdRow>()
  for (const [label, rows] of byModule) {
    const chosen = rows.length === 1 ? rows[0]! : rows.find((r) => r.get('Szenario') === firstScenario) ?? rows[0]!
    for (const r of rows) {
      if (r === chosen) continue
      skipped.push({ reason: 'out_of_scope', where: csvRef(file, r.line, 'GWP'), detail: `module ${label} scenario ${JSON.stringify(r.get('Szenario'))}, kept ${JSON.stringify(chosen.get('Szenario'))}` })
    }
    picked.set(label, chosen)
  }
  return picked
}

function draftOf(ds: ObdDataset, file: string, skipped: SkippedRow[]): Draft | null {
  const head = ds.rows[0]!
  const whereDs = `${file}#L${head.line}`
  const declared = declaredUnitOf(head.get('Bezugseinheit'), head.get('Bezugsgroesse'))
  if (!declared) {
    skipped.push({ reason: 'out_of_scope', where: whereDs, detail: `dataset ${ds.uuid} has no usable declared unit (${JSON.stringify(head.get('Bezugseinheit'))} × ${JSON.stringify(head.get('Bezugsgroesse'))})` })
    return null
  }
  const modules: Partial<Record<ModuleLabel, CellValue>> = {}
  const rowsOf = new Map<ModuleLabel, ObdRow>()
  for (const [label, row] of pickModuleRows(ds, file, skipped)) {
    const where = csvRef(file, row.line, 'GWP')
    const text = row.get('GWP')
    if (text === '') { skipped.push({ reason: 'empty_value', where, detail: `module ${label}` }); continue }
    const value = Number(text)
    if (!Number.isFinite(value)) { skipped.push({ reason: 'non_numeric', where, detail: text }); continue }
    modules[label] = { value, cell_ref: where }
    rowsOf.set(label, row)
  }
  const parts = valueModules(modules)
  const valueModule = parts[0]
  if (!valueModule) {
    skipped.push({ reason: 'empty_value', where: whereDs, detail: `dataset ${ds.uuid} has no GWP value` })
    return null
  }
  const valueRow = rowsOf.get(valueModule)!
  const inputs = parts.map((m) => modules[m]!)
  const nameDe = head.get('Name (de)')
  const nameEn = fixPublishedEnglish(head.get('Name (en)')) || translateDe(nameDe)
  const pathEn = fixPublishedEnglish(head.get('Kategorie (en)'))
  const domain = domainOf(head.get('Kategorie (original)'), declared.enumUnit)
  const cls = classifyCategory(head.get('Kategorie (original)'), pathEn)
  // photovoltaic systems (per m2) sit under the electricity carrier but are products
  const { category, type } = domain === 'materials' && cls.category === 'energy' ? { category: 'building_services', type: 'photovoltaic' } : cls
  const { material, droppedFactor } = materialData(valueRow, file, declared)
  if (droppedFactor) skipped.push({ reason: 'not_a_factor', where: csvRef(file, valueRow.line, 'Umrechungsfaktor auf 1kg'), detail: droppedFactor })
  const levelsDe = categoryLevels(head.get('Kategorie (original)'))
  const levelsEn = categoryLevels(pathEn)
  const tags = ['ÖKOBAUDAT', ds.uuid, head.get('Typ'), ...levelsDe.slice(1), ...levelsEn.slice(2)].filter((t) => t !== '')
  if (valueModule !== 'A1-A3') tags.push(`value module${parts.length > 1 ? 's' : ''} ${parts.join('+')}`)
  if (declared.note) tags.push(declared.note)
  // passenger cars are declared per 1000 m of `Fahrzeugkilometer` (their reference flow): vehicle km
  const activityUnit = domain === 'transport' && declared.activityUnit === 'km' ? 'vehicle.km' : declared.activityUnit
  const publishedValue = inputs.length > 1 ? sumPublished(inputs.map((c) => c.value)) : inputs[0]!.value
  const notes: string[] = []
  if (inputs.length > 1) notes.push(`${parts.join(' + ')}: the file publishes the stage as separate modules; the value is their sum`)
  // Cross-check the reference quantity against the dataset's own modules (see MAX_PER_KG).
  let convert = declared.convert
  if (convert && declared.enumUnit === 'kg') {
    const multiplier = Number(convert.multiplier)
    const largest = (Object.entries(modules) as Array<[ModuleLabel, CellValue]>).sort(([, a], [, b]) => Math.abs(b.value) - Math.abs(a.value))[0]
    const over = largest && Math.abs(largest[1].value) * multiplier > MAX_PER_KG ? largest : undefined
    if (over) {
      notes.push(`declared per ${head.get('Bezugsgroesse')} kg, read as per 1 kg: × ${convert.multiplier} would put module ${over[0]} (${over[1].value}) above any substance's GWP per kg`)
      convert = undefined
    }
  }
  const country = countryOf(head.get('Laenderkennung'))
  if (country.note) tags.push(country.note)
  const value = convert ? convertPublished(publishedValue, convert.multiplier) : publishedValue
  // EN 15804+A1 GWP counts CO2 taken up by bio-based material as negative (released again in C3/C4).
  const biogenic = value < 0 || inputs.some((c) => c.value < 0)
  if (value < 0) notes.push('negative: EN 15804+A1 counts the CO2 taken up by the bio-based material as negative in A1; it is released again at end of life (C3/C4)')
  const basis = { ...(biogenic ? { biogenic: 'uptake_included' as const } : {}), ...(notes.length ? { note: notes.join('; ') } : {}) }
  return {
    uuid: ds.uuid,
    qualifiers: [head.get('Typ').replace(/\s*dataset$/i, ''), head.get('Declaration owner'), head.get('Referenzjahr'), ds.uuid.slice(0, 8)],
    nameQualifiers: [head.get('Referenzjahr'), head.get('Declaration owner'), head.get('Laenderkennung'), levelsEn.at(-1) ?? '', head.get('Typ').replace(/\s*dataset$/i, ''), ds.uuid.slice(0, 8)],
    domain,
    category,
    type,
    grade: gradeOf(nameEn, category, type),
    factor: {
      name: nameEn,
      name_original: nameDe,
      value,
      unit: `kg CO2e per ${activityUnit}`,
      ...(convert ? { published: { value: publishedValue, unit: `kg CO2e per ${convert.publishedUnit}`, conversion: convert.conversion, multiplier: convert.multiplier } } : {}),
      scope: null,
      section: `${levelsDe.join(' > ')} (${levelsEn.join(' > ')})`,
      country: country.code,
      region: null,
      cell_ref: csvRef(file, valueRow.line, 'GWP'),
      ...(inputs.length > 1 ? { derived: { op: 'sum' as const, inputs } } : {}),
      ...(Object.keys(basis).length ? { basis } : {}),
      modules,
      material,
      tags: [...new Set(tags)],
    },
  }
}

/** `use_heat_generator` + `usage_gas_boiler_20_kw` -> `heat_generator_gas_boiler_20_kw` (operation is the domain's to say). */
function processSubject(type: string, grade: string): string {
  return `${type.replace(/^use_/, '')}_${grade.replace(/^usage_/, '')}`
}

/**
 * `materials.<category>.<type>.<grade>` or `<domain>.de.<type>_<grade>.oekobaudat`, unique:
 * every member of a colliding group gets the next qualifier (dataset type, then declaration
 * owner, then reference year, then the UUID's first 8 characters) until its key is unique.
 */
export function assignKeys(drafts: readonly Draft[]): DraftFactor[] {
  const keyAt = (d: Draft, level: number): string => {
    const extra = level === 0 ? '' : slugify(d.qualifiers[level - 1] ?? '', 24)
    const grade = extra ? slugify(`${d.grade}_${extra}`) : d.grade
    if (d.domain !== 'materials') return `${d.domain}.${d.factor.country}.${slugify(processSubject(d.type, grade))}.oekobaudat`
    return `materials.${d.category}.${d.type}.${grade}`
  }
  const last = Math.max(0, ...drafts.map((d) => d.qualifiers.length))
  const level = new Map<Draft, number>(drafts.map((d) => [d, 0]))
  for (let round = 0; round < 2 * last; round++) {
    const counts = new Map<string, number>()
    for (const d of drafts) { const k = keyAt(d, level.get(d)!); counts.set(k, (counts.get(k) ?? 0) + 1) }
    let moved = false
    for (const d of drafts) {
      const l = level.get(d)!
      if (counts.get(keyAt(d, l))! > 1 && l < last) { level.set(d, l + 1); moved = true }
    }
    if (!moved) break
  }
  const names = uniqueNames(drafts, (d) => d.factor.name, (d) => d.nameQualifiers)
  return drafts.map((d) => ({ key: keyAt(d, level.get(d)!), ...d.factor, name: names.get(d) ?? d.factor.name }))
}

export function ingestOekobaudat(records: readonly CsvRecord[], file: string): AdapterOutput {
  const skipped: SkippedRow[] = []
  const drafts: Draft[] = []
  for (const ds of groupDatasets(records, file)) {
    const d = draftOf(ds, file, skipped)
    if (d) drafts.push(d)
  }
  const factors = assignKeys(drafts)
  const seen = new Set<string>()
  for (const f of factors) {
    if (seen.has(f.key)) throw new IngestError(file, f.cell_ref, `key ${f.key} is not unique`)
    seen.add(f.key)
  }
  return { factors, skipped }
}

export const adapter: SourceAdapter = {
  id: 'oekobaudat',
  ingest(ctx: AdapterContext): AdapterOutput {
    const file = ctx.edition.files.find((f) => f.endsWith('.csv'))
    if (!file) throw new IngestError(ctx.edition.id, 'lock', 'no CSV file in the edition')
    return ingestOekobaudat(readObdRecords(ctx.resolve(file), file), file)
  },
}
