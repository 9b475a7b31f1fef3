import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FactorRowSchema } from '@openfactors/engine/release'
import { adapter } from './index.ts'
import { categoryLevels, classifyCategory } from './categories.ts'
import { declaredUnitOf } from './material.ts'
import { gradeOf, strengthClass } from './grade.ts'
import { realContext, realDatasetsDir } from '../co2js-average/real-datasets.ts'

const COLUMNS = ['UUID', 'Version', 'Name (de)', 'Name (en)', 'Kategorie (original)', 'Kategorie (en)', 'Typ', 'Referenzjahr', 'Declaration owner',
  'Bezugsgroesse', 'Bezugseinheit', 'Flaechengewicht (kg/m2)', 'Rohdichte (kg/m3)', 'Schichtdicke (m)', 'Laengengewicht (kg/m)',
  'Umrechungsfaktor auf 1kg', 'Modul', 'Szenario', 'Szenariobeschreibung', 'GWP', 'ODP']

type Row = Partial<Record<(typeof COLUMNS)[number], string>>

const CONCRETE: Row = { UUID: 'aaaaaaaa-0001', 'Name (de)': 'Beton der Druckfestigkeitsklasse C 25/30', 'Kategorie (original)': "'Mineralische Baustoffe' / 'Mörtel und Beton' / 'Beton'", 'Kategorie (en)': "'Mineral building products' / 'Mortar and Concrete' / 'Ready mixed concrete'", Typ: 'average dataset', Bezugsgroesse: '1', Bezugseinheit: 'm3', 'Rohdichte (kg/m3)': '2400', 'Umrechungsfaktor auf 1kg': '2400' }
const REBAR: Row = { UUID: 'bbbbbbbb-0002', 'Name (de)': 'Bewehrungsstahl', 'Kategorie (original)': "'Metalle' / 'Stahl und Eisen' / 'Betonstahlmatten'", 'Kategorie (en)': "'Metals' / 'Steel and iron' / 'Steel reinforcement mesh'", Typ: 'generic dataset', Bezugsgroesse: '1', Bezugseinheit: 'kg' }
const GLULAM: Row = { UUID: 'cccccccc-0003', 'Name (de)': 'Brettschichtholz Nadelholz', 'Kategorie (original)': "'Holz' / 'Vollholz' / 'Brettschichtholz (BSH)'", 'Kategorie (en)': "'Wood' / 'Solid wood' / 'Glue-laminated timber'", Typ: 'generic dataset', Bezugsgroesse: '1', Bezugseinheit: 'm3', 'Rohdichte (kg/m3)': '507.11' }
const WOOL: Row = { UUID: 'dddddddd-0004', 'Name (de)': 'Mineralwolle (Fassaden-Dämmung)', 'Name (en)': 'Mineral wool (facade insulation)', 'Kategorie (original)': "'Dämmstoffe' / 'Mineralwolle' / 'Mineralwolle'", 'Kategorie (en)': "'Insulation materials' / 'Mineral wool' / 'Mineral wool'", Typ: 'generic dataset', Bezugsgroesse: '1', Bezugseinheit: 'm3' }
const MEMBRANE: Row = { UUID: 'eeeeeeee-0005', 'Name (de)': 'Dachbahn grün', 'Kategorie (original)': "'Kunststoffe' / 'Dachbahnen' / 'PVC-Dachbahnen'", 'Kategorie (en)': "'Plastics' / 'Roofing membranes' / 'PVC sheet'", Typ: 'specific dataset', 'Declaration owner': 'Firma A', Bezugsgroesse: '1', Bezugseinheit: 'qm', 'Flaechengewicht (kg/m2)': '1.9', 'Umrechungsfaktor auf 1kg': '0.526' }
const TWIN = (uuid: string, owner: string): Row => ({ UUID: uuid, 'Name (de)': 'Kupferrohre blank', 'Name (en)': 'Bare copper pipes', 'Kategorie (original)': "'Metalle' / 'Kupfer' / 'Kupferrohre'", 'Kategorie (en)': "'Metals' / 'Copper' / 'Copper pipes'", Typ: 'average dataset', 'Declaration owner': owner, Bezugsgroesse: '1000', Bezugseinheit: 'kg' })
const NO_UNIT: Row = { UUID: 'ffffffff-0008', 'Name (de)': 'Unbekannt', 'Kategorie (original)': "'Sonstige' / 'eLCA Intern' / 'eLCA Intern'", Typ: 'generic dataset', Bezugsgroesse: 'not available', Bezugseinheit: '' }

const LINES: Row[] = [
  { ...CONCRETE, Modul: 'A1-A3', GWP: '197' },
  { ...CONCRETE, Modul: 'A4', GWP: '3.9' },
  { ...CONCRETE, Modul: 'C3', Szenario: 'S1', Szenariobeschreibung: 'Recycling', GWP: '6.01' },
  { ...CONCRETE, Modul: 'C3', Szenario: 'S2', Szenariobeschreibung: 'Deponie', GWP: '7.5' },
  { ...CONCRETE, Modul: 'D', Szenario: 'S1', GWP: '-21.4' },
  { ...CONCRETE, Modul: 'D', Szenario: 'S2', GWP: '-1' },
  { ...REBAR, Modul: 'A1-A3', GWP: '0.68' },
  { ...REBAR, Modul: 'B6', GWP: '' },
  { ...GLULAM, Modul: 'A1-A3', GWP: '-667.98' },
  { ...WOOL, Modul: 'A1-A3', GWP: '1.2e1' },
  { ...MEMBRANE, Modul: 'A1', GWP: '5.1' },
  { ...MEMBRANE, Modul: 'A2', GWP: '0.2' },
  { ...MEMBRANE, Modul: 'A3', GWP: '0.3' },
  { ...TWIN('11111111-0006', 'KME'), Modul: 'A1-A3', GWP: '1970' },
  { ...TWIN('22222222-0007', 'Wieland'), Modul: 'A1-A3', GWP: '1970' },
  { ...NO_UNIT, Modul: 'A1-A3', GWP: '1' },
]

/** A Latin-1, `;`-separated export with a trailing `;` on every line, as ÖKOBAUDAT writes it. */
function writeExport(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'obd-'))
  mkdirSync(join(dir, 'o'))
  const file = 'o/OBD.csv'
  const text = [COLUMNS.join(';') + ';', ...LINES.map((r) => COLUMNS.map((c) => r[c] ?? '').join(';') + ';')].join('\n') + '\n'
  writeFileSync(join(dir, file), Buffer.from(text, 'latin1'))
  return { dir, file }
}

describe('oekobaudat on a generated Latin-1 export', () => {
  const { dir, file } = writeExport()
  const out = adapter.ingest(realContext(dir, 'de-oekobaudat-2020-ii', 'o', 'oekobaudat', [file]))
  const byKey = new Map(out.factors.map((f) => [f.key, f]))

  it('reads the file as Latin-1 (umlauts survive)', () => {
    expect(readFileSync(join(dir, file)).includes(Buffer.from('Dämmung', 'utf8'))).toBe(false)
    expect(out.factors.find((f) => f.name_original === 'Mineralwolle (Fassaden-Dämmung)')).toBeDefined()
  })

  it('gives ready-mix concrete C25/30 a strength-class key, A1-A3 as value and one scenario per module', () => {
    const c = byKey.get('materials.concrete.ready_mix.c25_30')
    expect(c).toMatchObject({ value: 197, unit: 'kg CO2e per m3', country: 'de', cell_ref: 'o/OBD.csv#L2:GWP', name_original: 'Beton der Druckfestigkeitsklasse C 25/30' })
    expect(c?.modules).toEqual({
      'A1-A3': { value: 197, cell_ref: 'o/OBD.csv#L2:GWP' },
      A4: { value: 3.9, cell_ref: 'o/OBD.csv#L3:GWP' },
      C3: { value: 6.01, cell_ref: 'o/OBD.csv#L4:GWP' },
      D: { value: -21.4, cell_ref: 'o/OBD.csv#L6:GWP' },
    })
    expect(c?.material).toMatchObject({ declared_unit: 'm3', density_kg_m3: { value: 2400, cell_ref: 'o/OBD.csv#L2:Rohdichte (kg/m3)' }, kg_per_declared_unit: { value: 2400 }, area_mass_kg_m2: null, biogenic_separate: false })
    expect(c?.section).toBe('Mineralische Baustoffe > Mörtel und Beton > Beton (Mineral building products > Mortar and Concrete > Ready mixed concrete)')
    const scenarioSkips = out.skipped.filter((s) => s.detail?.includes('scenario'))
    expect(scenarioSkips.map((s) => s.where)).toEqual(['o/OBD.csv#L5:GWP', 'o/OBD.csv#L7:GWP'])
  })

  it('translates German names for reinforcing steel, glulam and mineral wool keys', () => {
    const rebar = byKey.get('materials.steel.reinforcement.reinforcing')
    expect(rebar).toMatchObject({ name: 'reinforcing steel', value: 0.68, unit: 'kg CO2e per kg' })
    expect(byKey.get('materials.timber.glulam.softwood')).toMatchObject({ name: 'glulam softwood', value: -667.98 })
    expect(byKey.get('materials.insulation.mineral_wool.facade')?.value).toBe(12)
    expect(out.skipped).toContainEqual({ reason: 'empty_value', where: 'o/OBD.csv#L9:GWP', detail: 'module B6' })
  })

  it('does not sum A1+A2+A3: value is A1, said in a tag, and a reciprocal kg factor is dropped', () => {
    const m = out.factors.find((f) => f.name_original === 'Dachbahn grün')
    expect(m?.value).toBe(5.1)
    expect(m?.tags).toContain('value module A1')
    expect(Object.keys(m?.modules ?? {})).toEqual(['A1', 'A2', 'A3'])
    expect(m?.unit).toBe('kg CO2e per m2')
    expect(m?.material?.kg_per_declared_unit).toBeNull()
    expect(m?.material?.area_mass_kg_m2?.value).toBe(1.9)
  })

  it('tells same-named datasets apart by their owner and writes 1000 kg as tonne', () => {
    expect(byKey.get('materials.copper.pipes.bare_kme')?.unit).toBe('kg CO2e per tonne')
    expect(byKey.get('materials.copper.pipes.bare_wieland')?.material?.declared_quantity?.value).toBe(1000)
  })

  it('skips a dataset without a declared unit and gives schema-valid rows', () => {
    expect(out.factors).toHaveLength(7)
    expect(out.skipped.find((s) => s.detail?.includes('no usable declared unit'))?.where).toBe('o/OBD.csv#L17')
    for (const f of out.factors) expect(FactorRowSchema.safeParse({ ...f, source_id: 'x' }).success).toBe(true)
  })
})

describe('oekobaudat key parts', () => {
  it('parses category paths whose levels contain " / "', () => {
    expect(categoryLevels("'Dämmstoffe' / 'Calciumsilikat / Calcium-Silikathydrat' / 'Calciumsilikat'")).toEqual(['Dämmstoffe', 'Calciumsilikat / Calcium-Silikathydrat', 'Calciumsilikat'])
    expect(classifyCategory("'Metalle' / 'Aluminium' / 'Aluminiumbleche'", "'Metals' / 'Aluminium' / 'Aluminium sheets'")).toEqual({ category: 'aluminium', type: 'sheets' })
  })

  it('reads strength classes and keeps grades short', () => {
    expect(strengthClass('Transportbeton C20/25')).toBe('c20_25')
    expect(strengthClass('Leichtbeton LC 12/13')).toBe('lc12_13')
    expect(strengthClass('Deckenprofil CD60/27')).toBeNull()
    expect(gradeOf('Cement (CEM II/A)', 'cement', 'cement')).toBe('cem_ii_a')
    expect(gradeOf('Steel', 'steel', 'sheet')).toBe('generic')
  })

  it('names declared units per reference quantity', () => {
    expect(declaredUnitOf('qm', '1')?.activityUnit).toBe('m2')
    expect(declaredUnitOf('MJ', '3.6')?.activityUnit).toBe('kWh')
    expect(declaredUnitOf('kgkm', '1000')?.activityUnit).toBe('tonne.km')
    expect(declaredUnitOf('kg', '0.999999999999999')?.activityUnit).toBe('kg')
    expect(declaredUnitOf('kg', '199.35')?.activityUnit).toBe('199.35 kg')
    expect(declaredUnitOf('', 'not available')).toBeNull()
  })
})

const real = realDatasetsDir()
describe.skipIf(!real)('oekobaudat on the published export', () => {
  it('gives one factor per dataset with a declared unit and a GWP, with the expected key examples', () => {
    const file = 'de-oekobaudat/OBD_2020_II.csv'
    const out = adapter.ingest(realContext(real!, 'de-oekobaudat-2020-ii', 'de-oekobaudat', 'oekobaudat', [file]))
    expect(out.factors).toHaveLength(989)
    expect(new Set(out.factors.map((f) => f.key)).size).toBe(989)
    expect(out.factors.reduce((n, f) => n + Object.keys(f.modules ?? {}).length, 0)).toBe(4633)
    const c2530 = out.factors.find((f) => f.key === 'materials.concrete.ready_mix.c25_30')
    expect(c2530).toMatchObject({ value: 197, cell_ref: `${file}#L4588:GWP`, unit: 'kg CO2e per m3' })
    expect(out.factors.find((f) => f.key === 'materials.concrete.ready_mix.c20_25_generic')?.name).toBe('Ready-mix concrete C20/25')
    expect(out.factors.find((f) => f.key === 'materials.steel.reinforcement.wire')?.name_original).toBe('Bewehrungsstahl')
    expect(out.factors.find((f) => f.key === 'materials.timber.glulam.laminated_planks_coniferous_wood')?.name_original).toBe('Brettschichtholz Nadelholz')
    expect(out.factors.find((f) => f.key === 'materials.insulation.mineral_wool.facade')?.name_original).toBe('Mineralwolle (Fassaden-Dämmung)')
    const reasons = out.skipped.reduce<Record<string, number>>((a, s) => ({ ...a, [s.reason]: (a[s.reason] ?? 0) + 1 }), {})
    expect(reasons).toEqual({ out_of_scope: 142, not_a_factor: 38, empty_value: 29 })
  })
})
