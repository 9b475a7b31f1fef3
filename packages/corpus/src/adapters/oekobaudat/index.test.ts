import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FactorRowSchema, type FactorRow } from '@openfactors/engine/release'
import { calculateEmbodied, type ReleaseView } from '@openfactors/engine'
import { adapter } from './index.ts'
import { categoryLevels, classifyCategory } from './categories.ts'
import { declaredUnitOf, readConversionFactor } from './material.ts'
import Decimal from 'decimal.js'
import { gradeOf, strengthClass } from './grade.ts'
import { realContext, realDatasetsDir } from '../co2js-average/real-datasets.ts'

const COLUMNS = ['UUID', 'Version', 'Name (de)', 'Name (en)', 'Kategorie (original)', 'Kategorie (en)', 'Typ', 'Referenzjahr', 'Declaration owner',
  'Bezugsgroesse', 'Bezugseinheit', 'Flaechengewicht (kg/m2)', 'Rohdichte (kg/m3)', 'Schichtdicke (m)', 'Laengengewicht (kg/m)',
  'Umrechungsfaktor auf 1kg', 'Modul', 'Szenario', 'Szenariobeschreibung', 'GWP', 'ODP', 'Laenderkennung']

type Row = Partial<Record<(typeof COLUMNS)[number], string>>

const CONCRETE: Row = { UUID: 'aaaaaaaa-0001', 'Name (de)': 'Beton der Druckfestigkeitsklasse C 25/30', 'Kategorie (original)': "'Mineralische Baustoffe' / 'Mörtel und Beton' / 'Beton'", 'Kategorie (en)': "'Mineral building products' / 'Mortar and Concrete' / 'Ready mixed concrete'", Typ: 'average dataset', Bezugsgroesse: '1', Bezugseinheit: 'm3', 'Rohdichte (kg/m3)': '2400', 'Umrechungsfaktor auf 1kg': '2400' }
const REBAR: Row = { UUID: 'bbbbbbbb-0002', 'Name (de)': 'Bewehrungsstahl', 'Kategorie (original)': "'Metalle' / 'Stahl und Eisen' / 'Betonstahlmatten'", 'Kategorie (en)': "'Metals' / 'Steel and iron' / 'Steel reinforcement mesh'", Typ: 'generic dataset', Bezugsgroesse: '1', Bezugseinheit: 'kg' }
const GLULAM: Row = { UUID: 'cccccccc-0003', 'Name (de)': 'Brettschichtholz Nadelholz', 'Kategorie (original)': "'Holz' / 'Vollholz' / 'Brettschichtholz (BSH)'", 'Kategorie (en)': "'Wood' / 'Solid wood' / 'Glue-laminated timber'", Typ: 'generic dataset', Bezugsgroesse: '1', Bezugseinheit: 'm3', 'Rohdichte (kg/m3)': '507.11' }
const WOOL: Row = { UUID: 'dddddddd-0004', 'Name (de)': 'Mineralwolle (Fassaden-Dämmung)', 'Name (en)': 'Mineral wool (facade insulation)', 'Kategorie (original)': "'Dämmstoffe' / 'Mineralwolle' / 'Mineralwolle'", 'Kategorie (en)': "'Insulation materials' / 'Mineral wool' / 'Mineral wool'", Typ: 'generic dataset', Bezugsgroesse: '1', Bezugseinheit: 'm3' }
const MEMBRANE: Row = { UUID: 'eeeeeeee-0005', 'Name (de)': 'Dachbahn grün', 'Kategorie (original)': "'Kunststoffe' / 'Dachbahnen' / 'PVC-Dachbahnen'", 'Kategorie (en)': "'Plastics' / 'Roofing membranes' / 'PVC sheet'", Typ: 'specific dataset', 'Declaration owner': 'Firma A', Bezugsgroesse: '1', Bezugseinheit: 'qm', 'Flaechengewicht (kg/m2)': '1.9', 'Umrechungsfaktor auf 1kg': '0.526' }
const TWIN = (uuid: string, owner: string): Row => ({ UUID: uuid, 'Name (de)': 'Kupferrohre blank', 'Name (en)': 'Bare copper pipes', 'Kategorie (original)': "'Metalle' / 'Kupfer' / 'Kupferrohre'", 'Kategorie (en)': "'Metals' / 'Copper' / 'Copper pipes'", Typ: 'average dataset', 'Declaration owner': owner, Bezugsgroesse: '1000', Bezugseinheit: 'kg' })
const FIBREBOARD: Row = { UUID: 'gggggggg-0009', 'Name (de)': 'Gipsfaserplatten', 'Name (en)': 'Gypsum Fibreboard', 'Kategorie (original)': "'Mineralische Baustoffe' / 'Steine und Elemente' / 'Gipsplatten'", 'Kategorie (en)': "'Mineral building products' / 'Bricks, blocks and elements' / 'Gypsum plasterboard'", Typ: 'average dataset', Bezugsgroesse: '1', Bezugseinheit: 'qm', 'Rohdichte (kg/m3)': '1180', 'Umrechungsfaktor auf 1kg': '0.068' }
const CAR: Row = { UUID: 'hhhhhhhh-0010', 'Name (de)': 'PKW (Diesel) EURO 3', 'Name (en)': 'Passenger car diesel Euro 3', 'Kategorie (original)': "'Sonstige' / 'Personen - Transporte[Personen km]' / 'PKW'", 'Kategorie (en)': "'Others' / 'Passenger transport [person km]' / 'Passenger car'", Typ: 'generic dataset', Bezugsgroesse: '1000', Bezugseinheit: 'm' }
const HEAT_PUMP: Row = { UUID: 'iiiiiiii-0011', 'Name (de)': 'Nutzung - Strom-Wärmepumpe Sole-Wasser (0/35)', 'Name (en)': 'Usage - electric heat pump brine-water (0/35)', 'Kategorie (original)': "'Gebäudetechnik' / 'Nutzung' / 'Nutzung Wärmeerzeuger'", 'Kategorie (en)': "'Building service engineering' / 'Use' / 'Use heat generator'", Typ: 'generic dataset', Bezugsgroesse: '3.5999712002304', Bezugseinheit: 'MJ' }
const REFRIGERANT: Row = { UUID: 'jjjjjjjj-0012', 'Name (de)': 'Kältemittel R410a', 'Name (en)': 'Refrigerant R410a', 'Kategorie (original)': "'Gebäudetechnik' / 'Klimatisierung und Lüftung' / 'Kältemittel'", 'Kategorie (en)': "'Building service engineering' / 'Air conditioning and ventilation' / 'Refrigerants'", Typ: 'generic dataset', Bezugsgroesse: '0.00000100000000002876', Bezugseinheit: 'kg' }
const PIPE: Row = { UUID: 'kkkkkkkk-0013', 'Name (de)': 'Trinkwasserrohr PB', 'Name (en)': 'Drinking water pipe PB', 'Kategorie (original)': "'Kunststoffe' / 'Rohre' / 'Trinkwasserrohre'", 'Kategorie (en)': "'Plastics' / 'Tubes' / 'Tab water tubes'", Typ: 'generic dataset', Bezugsgroesse: '1', Bezugseinheit: 'kg' }
const PANEL = (uuid: string, year: string): Row => ({ UUID: uuid, 'Name (de)': 'Massivholzplatte', 'Name (en)': 'Solid wood panel', 'Kategorie (original)': "'Holz' / 'Vollholz' / 'Massivholzplatten'", 'Kategorie (en)': "'Wood' / 'Solid wood' / 'Solid wood panels'", Typ: 'average dataset', Referenzjahr: year, Bezugsgroesse: '1', Bezugseinheit: 'm3', Laenderkennung: 'DE' })
const AT_GRID: Row = { UUID: 'llllllll-0014', 'Name (de)': 'Strommix AT', 'Name (en)': 'Electricity grid mix AT', 'Kategorie (original)': "'Sonstige' / 'Energieträger - Bereitstellung frei Verbraucher' / 'Strom'", 'Kategorie (en)': "'Others' / 'Energy carrier - delivery free user' / 'Electricity'", Typ: 'generic dataset', Bezugsgroesse: '3.6', Bezugseinheit: 'MJ', Laenderkennung: 'AT' }
const EOL_PIPE: Row = { UUID: 'mmmmmmmm-0015', 'Name (de)': 'Kupferrohr blank End of Life', 'Name (en)': 'Copper pipe blank end of life', 'Kategorie (original)': "'Gebäudetechnik' / 'End of Life' / 'Rohre'", 'Kategorie (en)': "'Building service engineering' / 'End of life' / 'Pipes'", Typ: 'generic dataset', Bezugsgroesse: '1', Bezugseinheit: 'kg', Laenderkennung: 'RER' }
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
  { ...FIBREBOARD, Modul: 'A1-A3', GWP: '1.14' },
  { ...CAR, Modul: 'A1-A3', GWP: '0.21' },
  { ...HEAT_PUMP, Modul: 'B6', GWP: '0.19' },
  { ...REFRIGERANT, Modul: 'A1-A3', GWP: '0.0125' },
  { ...REFRIGERANT, UUID: 'jjjjjjjj-0016', 'Name (de)': 'Kältemittel R32', 'Name (en)': 'Refrigerant R32', Modul: 'A1-A3', GWP: '8.06324206355733' },
  { ...REFRIGERANT, UUID: 'jjjjjjjj-0016', 'Name (de)': 'Kältemittel R32', 'Name (en)': 'Refrigerant R32', Modul: 'B1', GWP: '2087.5' },
  { ...PANEL('pppppppp-2017', '2017'), Modul: 'A1-A3', GWP: '-643.04' },
  { ...PANEL('pppppppp-2020', '2020'), Modul: 'A1-A3', GWP: '-647.42' },
  { ...AT_GRID, Modul: 'A1-A3', GWP: '0.32' },
  { ...EOL_PIPE, Modul: 'C2', GWP: '0.00823315946372009' },
  { ...EOL_PIPE, Modul: 'C3', GWP: '0.00136414012621977' },
  { ...EOL_PIPE, Modul: 'D', GWP: '-1.14' },
  { ...PIPE, Modul: 'A1-A3', GWP: '3.3' },
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

  it('sums A1+A2+A3 in decimal where the file splits them, keeping each module and recording the input cells (issue 17)', () => {
    const m = out.factors.find((f) => f.name_original === 'Dachbahn grün')
    // 5.1 + 0.2 + 0.3 in binary floats is 5.6 by luck; the adapter sums in decimal either way.
    expect(m?.value).toBe(5.6)
    expect(m?.cell_ref).toBe('o/OBD.csv#L12:GWP')
    expect(m?.derived).toEqual({ op: 'sum', inputs: [
      { value: 5.1, cell_ref: 'o/OBD.csv#L12:GWP' },
      { value: 0.2, cell_ref: 'o/OBD.csv#L13:GWP' },
      { value: 0.3, cell_ref: 'o/OBD.csv#L14:GWP' },
    ] })
    expect(m?.basis?.note).toMatch(/^A1 \+ A2 \+ A3: /)
    expect(m?.tags).toContain('value modules A1+A2+A3')
    expect(Object.keys(m?.modules ?? {})).toEqual(['A1', 'A2', 'A3'])
    expect(m?.unit).toBe('kg CO2e per m2')
    expect(m?.material?.kg_per_declared_unit).toBeNull()
    expect(m?.material?.units_per_kg).toEqual({ value: 0.526, cell_ref: 'o/OBD.csv#L12:Umrechungsfaktor auf 1kg' })
    expect(m?.material?.mass_factor_reading).toBe('Umrechungsfaktor auf 1kg 0.526 is 1 / the published area mass 1.9 kg/m2')
    expect(m?.material?.area_mass_kg_m2?.value).toBe(1.9)
  })

  it('serves an end-of-life dataset\'s whole stage (C2 + C3), not its transport module alone', () => {
    const eol = out.factors.find((f) => f.name === 'Copper pipe blank end of life')
    expect(eol?.value).toBe(0.00959729958993986)
    expect(eol?.derived?.inputs.map((c) => c.cell_ref)).toEqual(['o/OBD.csv#L27:GWP', 'o/OBD.csv#L28:GWP'])
    expect(eol?.modules?.D?.value).toBe(-1.14)
  })

  it('reads the country from Laenderkennung and keys processes with it (AT, RER -> eu)', () => {
    const at = out.factors.find((f) => f.name === 'Electricity grid mix AT')
    expect(at).toMatchObject({ country: 'at', unit: 'kg CO2e per kWh' })
    expect(at?.key).toMatch(/^electricity\.at\./)
    const eol = out.factors.find((f) => f.name === 'Copper pipe blank end of life')
    expect(eol?.country).toBe('eu')
    expect(eol?.tags).toContain('Laenderkennung RER')
    expect(byKey.get('materials.concrete.ready_mix.c25_30')?.tags).toContain('Laenderkennung not published (ÖKOBAUDAT, Germany)')
  })

  it('states why a value is negative: biogenic uptake', () => {
    const glulam = byKey.get('materials.timber.glulam.softwood')
    expect(glulam?.basis?.biogenic).toBe('uptake_included')
    expect(glulam?.basis?.note).toMatch(/taken up by the bio-based material/)
    expect(byKey.get('materials.steel.reinforcement.reinforcing')?.basis).toBeUndefined()
  })

  it('tells two datasets of one name apart by the qualifier that differs (reference year)', () => {
    const names = out.factors.filter((f) => f.name.startsWith('Solid wood panel')).map((f) => f.name).sort()
    expect(names).toEqual(['Solid wood panel (2017)', 'Solid wood panel (2020)'])
    expect(new Set(out.factors.map((f) => f.name)).size).toBe(out.factors.length)
  })

  it('cross-checks a 0.000001 kg reference quantity against the dataset\'s B1: read per 1 kg when rescaling is impossible', () => {
    const r32 = out.factors.find((f) => f.name === 'Refrigerant R32')
    expect(r32).toMatchObject({ value: 8.06324206355733, unit: 'kg CO2e per kg' })
    expect(r32?.published).toBeUndefined()
    expect(r32?.basis?.note).toMatch(/read as per 1 kg: × 1000000 would put module B1 \(2087.5\)/)
    expect(r32?.material?.declared_quantity?.value).toBe(0.00000100000000002876)
  })

  it('reads a density-only m2 factor by the layer it implies: gypsum fibreboard 0.068 is m2 per kg (12.5 mm at 1180 kg/m3)', () => {
    const g = byKey.get('materials.plasterboard.gypsum.fibreboard')
    expect(g?.material?.kg_per_declared_unit).toBeNull()
    expect(g?.material?.units_per_kg?.value).toBe(0.068)
    expect(g?.material?.mass_factor_reading).toContain('0.0125 m layer')
  })

  it('keys processes that are not products by their domain with a country', () => {
    expect(byKey.get('transport.de.car_diesel_euro_3.oekobaudat')).toMatchObject({ unit: 'kg CO2e per vehicle.km', value: 0.21 })
    const hp = byKey.get('heat_steam.de.heat_generator_electric_pump_brine_water_0_35.oekobaudat')
    expect(hp).toMatchObject({ unit: 'kg CO2e per kWh', value: 0.19 })
    expect(hp?.published).toBeUndefined()
    expect(hp?.tags?.some((t) => t.includes('0.27778'))).toBe(true)
    expect(out.factors.filter((f) => f.key.startsWith('materials.') && /car|heat_generator/.test(f.key))).toEqual([])
  })

  it('serves a float-artefact reference quantity per plain unit through a recorded conversion', () => {
    const r = out.factors.find((f) => f.name === 'Refrigerant R410a')
    expect(r?.key).toBe('materials.building_services.refrigerants.r410a')
    expect(r?.unit).toBe('kg CO2e per kg')
    expect(r?.published).toEqual({ value: 0.0125, unit: 'kg CO2e per 0.00000100000000002876 kg', conversion: 'per 0.00000100000000002876 kg (0.000001 kg with a float artefact) -> per kg: × 1000000', multiplier: '1000000' })
    expect(r?.value).toBe(12500)
  })

  it('corrects the publisher\'s English slips (tab water -> tap water)', () => {
    const pipe = out.factors.find((f) => f.name === 'Drinking water pipe PB')
    expect(pipe?.key).toBe('materials.pipe.tap_water_tubes.drinking_pb')
    expect(pipe?.section).toContain('Tap water tubes')
  })

  it('tells same-named datasets apart by their owner and writes 1000 kg as tonne', () => {
    expect(byKey.get('materials.copper.pipes.bare_kme')?.unit).toBe('kg CO2e per tonne')
    expect(byKey.get('materials.copper.pipes.bare_wieland')?.material?.declared_quantity?.value).toBe(1000)
  })

  it('skips a dataset without a declared unit and gives schema-valid rows', () => {
    expect(out.factors).toHaveLength(17)
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
    expect(declaredUnitOf('MJ', '3.5999712002304')?.activityUnit).toBe('kWh')
    expect(declaredUnitOf('MJ', '3.5999712002304')?.convert).toBeUndefined()
    expect(declaredUnitOf('MJ', '1125.2919908702')?.activityUnit).toBe('1125.2919908702 MJ')
    expect(declaredUnitOf('a', '1')?.activityUnit).toBe('hour')
    expect(declaredUnitOf('kg', '0.00000100000000002876')).toMatchObject({ activityUnit: 'kg', convert: { multiplier: '1000000' } })
    expect(declaredUnitOf('kg', '0.001')?.activityUnit).toBe('0.001 kg')
  })

  it('reads Umrechungsfaktor auf 1kg as kg per unit or units per kg by the dataset\'s own masses', () => {
    expect(readConversionFactor('m3', 2400, { quantity: 1, density: 2400 }).reading).toBe('kg_per_unit')
    expect(readConversionFactor('m3', 0.044, { quantity: 1, density: 22.7 }).reading).toBe('units_per_kg')
    expect(readConversionFactor('kg', 0.001, { quantity: 1000 }).reading).toBe('units_per_kg')
    expect(readConversionFactor('kg', 199.35, { quantity: 199.35 }).reading).toBe('kg_per_unit')
    expect(readConversionFactor('kg', 0.39, { quantity: 1 }).reading).toBe('unusable')
    expect(readConversionFactor('m2', 0.16, { quantity: 1, density: 320, thickness: 0.0005 }).reading).toBe('kg_per_unit')
    expect(readConversionFactor('m', 1.416, { quantity: 1, perMetre: 0.706 }).reading).toBe('units_per_kg')
    expect(readConversionFactor('m3', 0.085, { quantity: 1, areaMass: 11.71 }).reading).toBe('unusable')
    expect(readConversionFactor('piece', 316.9, { quantity: 1, areaMass: 0.003156 }).reading).toBe('kg_per_unit')
    expect(readConversionFactor('m2', 0.068, { quantity: 1, density: 1180 }).reading).toBe('units_per_kg')
    expect(readConversionFactor('m2', 0.292, { quantity: 1, density: 170 }).reading).toBe('unusable')
    expect(readConversionFactor('piece', 0.0681, { quantity: 1 }).reading).toBe('units_per_kg')
    expect(readConversionFactor('piece', 32.07, { quantity: 1 }).reading).toBe('kg_per_unit')
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
    // not_a_factor: the three conversion factors that fit neither reading (ITS 96, Massivholzböden, JACKOBOARD)
    expect(reasons).toEqual({ out_of_scope: 142, not_a_factor: 3, empty_value: 29 })
  })

  const file = 'de-oekobaudat/OBD_2020_II.csv'
  const out = real ? adapter.ingest(realContext(real, 'de-oekobaudat-2020-ii', 'de-oekobaudat', 'oekobaudat', [file])) : null
  const byKey = new Map(out?.factors.map((f) => [f.key, f]))

  it('gypsum fibreboard: 100 m2 is about 1,470 kg, as its density and a published board thickness say', () => {
    const g = byKey.get('materials.plasterboard.gypsum.fibreboard')
    expect(g?.material?.units_per_kg).toEqual({ value: 0.068, cell_ref: `${file}#L1015:Umrechungsfaktor auf 1kg` })
    expect(g?.material?.kg_per_declared_unit).toBeNull()
    const mass = new Decimal(100).div(g!.material!.units_per_kg!.value)
    // the dataset publishes a density but no thickness; Knauf's gypsum fibreboard publishes 12.5 mm
    const knauf = byKey.get('materials.plasterboard.gypsum.fibreboards')
    const expected = new Decimal(100).times(g!.material!.density_kg_m3!.value).times(knauf!.material!.thickness_m!.value)
    expect(mass.div(expected).minus(1).abs().toNumber()).toBeLessThan(0.01)
    expect(mass.toNumber()).toBeCloseTo(1470.6, 1)
  })

  it('embodied carbon converts 100 m2 of gypsum fibreboard to about 1,470 kg through units_per_kg', () => {
    const row: FactorRow = { ...byKey.get('materials.plasterboard.gypsum.fibreboard')!, source_id: 'de-oekobaudat-2020-ii' }
    const view: ReleaseView = { mb_version: '2020.1', released_at: '2020-12-31', factor: (k) => (k === row.key ? row : undefined), edition: () => undefined, candidates: () => [] }
    const res = calculateEmbodied({ materials: [{ material_key: row.key, quantity: { value: 100, unit: 'm2' }, boundary: 'A1-A3' }] }, view)
    const expected = new Decimal(100).times(row.material!.density_kg_m3!.value).times(byKey.get('materials.plasterboard.gypsum.fibreboards')!.material!.thickness_m!.value)
    const mass = res.materials[0]!.mass_kg!
    expect(Math.abs(mass / expected.toNumber() - 1)).toBeLessThan(0.01)
    expect(mass).toBeGreaterThan(1400)
  })

  it('every kept conversion factor agrees with the dataset\'s own density, area mass or mass per metre', () => {
    let checked = 0
    for (const f of out!.factors) {
      const m = f.material
      if (!m) continue
      const perQuantity = m.kg_per_declared_unit?.value ?? (m.units_per_kg ? 1 / m.units_per_kg.value : undefined)
      if (perQuantity === undefined) continue
      const q = m.declared_quantity?.value ?? 1
      const own = m.declared_unit === 'm3' ? m.density_kg_m3?.value : m.declared_unit === 'm2' ? m.area_mass_kg_m2?.value : m.declared_unit === 'kg' ? 1 : undefined
      if (own === undefined) continue
      expect(Math.abs(perQuantity / (own * q) - 1), f.key).toBeLessThan(0.05)
      checked++
    }
    expect(checked).toBeGreaterThan(80)
  })

  it('keeps materials.* for construction products: energy, operation, transport, end of life and site processes have their own domains', () => {
    const domains = out!.factors.reduce<Record<string, number>>((a, f) => ({ ...a, [f.key.split('.')[0]!]: (a[f.key.split('.')[0]!] ?? 0) + 1 }), {})
    expect(domains).toEqual({ materials: 853, heat_steam: 77, waste: 17, electricity: 16, freight: 9, fuels: 5, transport: 4, other: 6, bioenergy: 1, water: 1 })
    for (const f of out!.factors) {
      if (!f.key.startsWith('materials.')) expect(f.key, f.key).toMatch(/^[a-z_]+\.de\.[a-z0-9_]+\.oekobaudat$/)
      else expect(f.section, f.key).not.toMatch(/^(End of Life|Sonstige > (?!Energieträger)|Gebäudetechnik > Nutzung)/)
    }
    expect(byKey.get('transport.de.car_diesel_euro_3.oekobaudat')?.unit).toBe('kg CO2e per vehicle.km')
    expect(byKey.get('fuels.de.heating_oil_light_fuel.oekobaudat')?.unit).toBe('kg CO2e per kg')
    expect(byKey.get('materials.building_services.photovoltaic.system_1000_kwh_m2_a')?.unit).toBe('kg CO2e per m2')
  })

  it('serves no float-artefact or mislabelled units', () => {
    const odd = out!.factors.filter((f) => /per \d/.test(f.unit)).map((f) => f.unit)
    expect([...new Set(odd)].sort()).toEqual(['kg CO2e per 0.496 m2', 'kg CO2e per 1.00142720288841 m2', 'kg CO2e per 1.25076923076923 m2', 'kg CO2e per 1125.2919908702 MJ', 'kg CO2e per 1454.48000706215 MJ', 'kg CO2e per 199.35 kg', 'kg CO2e per 8765.77840112202 hour'])
    expect(out!.factors.filter((f) => f.unit === 'kg CO2e per 3.5999712002304 MJ')).toEqual([])
    // Declared per 0.000001 kg, but its own B1 (2,087.5, R410a's GWP) is per kg: read per kg (issue 17).
    const r410a = byKey.get('materials.building_services.refrigerants.r410a')
    expect(r410a).toMatchObject({ unit: 'kg CO2e per kg', value: 8.06324206355733 })
    expect(r410a?.published).toBeUndefined()
    expect(r410a?.modules?.B1?.value).toBe(2087.5)
  })

  it('serves A1+A2+A3 summed where the file splits them: gypsum fibreboards 5.30845 per m2, not A1 alone (0.13991)', () => {
    const g = byKey.get('materials.plasterboard.gypsum.fibreboards')
    expect(g?.value).toBe(5.30845)
    expect(g?.derived?.inputs).toHaveLength(3)
  })

  it('reads countries from the file: AT, RER, GB, EU-27 datasets are not served as de', () => {
    const countries = out!.factors.reduce<Record<string, number>>((a, f) => ({ ...a, [f.country]: (a[f.country] ?? 0) + 1 }), {})
    expect(countries.at).toBeGreaterThan(20)
    expect(countries.eu).toBeGreaterThan(20)
    expect(countries.gb).toBeGreaterThan(0)
    expect(out!.factors.filter((f) => f.value < 0).every((f) => f.basis?.biogenic === 'uptake_included')).toBe(true)
  })
})
