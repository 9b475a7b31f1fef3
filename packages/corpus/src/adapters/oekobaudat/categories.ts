/**
 * ÖKOBAUDAT category tree -> the `<category>.<type>` segments of a material key.
 *
 * The tree has three levels (`'Mineralische Baustoffe' / 'Mörtel und Beton' / 'Beton'`) and the
 * file carries the publisher's English path too. `category` is a short English material family
 * (concrete, steel, timber, insulation, ...) chosen from the German level 1/2 (level 3 where the
 * family lives there, e.g. concrete under "Mörtel und Beton"); `type` is the English level 3
 * with the family's own words dropped (`Aluminium sheets` under aluminium -> `sheets`), or a
 * hand-picked slug for the common materials (`Beton` -> `ready_mix`, `Brettschichtholz (BSH)`
 * -> `glulam`, `Betonstahlmatten` -> `reinforcement`).
 */
import { slugify } from '../../keys/slug.ts'

/** `'A' / 'B / C' / 'D'` -> [`A`, `B / C`, `D`] (a level may itself contain ` / `). */
export function categoryLevels(path: string): string[] {
  const levels = [...path.matchAll(/'([^']*)'/g)].map((m) => (m[1] ?? '').trim())
  return levels.length ? levels : path.split(' / ').map((s) => s.trim()).filter(Boolean)
}

const BY_LEVEL1: Record<string, string> = {
  'Dämmstoffe': 'insulation',
  'Holz': 'timber',
  'Beschichtungen': 'coating',
  'Komposite': 'composite',
  'Gebäudetechnik': 'building_services',
  'End of Life': 'end_of_life',
}

const BY_LEVEL2: Record<string, string> = {
  'Asphalt': 'asphalt',
  'Bindemittel': 'binder',
  'Mörtel und Beton': 'mortar',
  'Steine und Elemente': 'masonry',
  'Zuschläge': 'aggregate',
  'Aluminium': 'aluminium',
  'Blei': 'lead',
  'Edelstahl': 'stainless_steel',
  'Kupfer': 'copper',
  'Oberflächenbehandlung und Beschichtung von Metallen': 'metal_finishing',
  'Stahl und Eisen': 'steel',
  'Zink': 'zinc',
  'Bodenbeläge': 'flooring',
  'Dachbahnen': 'roofing_membrane',
  'Dichtmassen': 'sealant',
  'Folien und Vliese': 'membrane',
  'Kunststoffprofile elastisch': 'plastic_panel',
  'Profile': 'plastic_profile',
  'Rohre': 'pipe',
  'Antriebssysteme': 'window_drive',
  'Beschläge': 'window_fitting',
  'Dichtungskomponenten / -materialien': 'window_seal',
  'Füllungen': 'glazing_infill',
  'Rahmen / Profile': 'window_frame',
  'Türen und Tore': 'door',
  'Baustellenprozesse': 'site_process',
  'Energieträger - Bereitstellung frei Verbraucher': 'energy',
  'Güter - Transporte[t km]': 'freight_transport',
  'Personen - Transporte[Personen km]': 'passenger_transport',
  'eLCA Intern': 'other',
}

/** Level 3 (German) -> [category, type] for the materials people look up most. */
const BY_LEVEL3: Record<string, readonly [string, string]> = {
  'Beton': ['concrete', 'ready_mix'],
  'Betonfertigteile und Betonwaren': ['concrete', 'precast'],
  'Leichtbeton': ['concrete', 'lightweight'],
  'Porenbeton': ['concrete', 'aerated'],
  'Ziegel': ['brick', 'fired_clay'],
  'Dachziegel': ['roof_tile', 'clay'],
  'Kalksandstein': ['masonry', 'sand_lime_brick'],
  'Gipsplatten': ['plasterboard', 'gypsum'],
  'Estrich trocken': ['screed', 'dry_mortar'],
  'Trockenestrich': ['screed', 'dry_screed'],
  'Putz und Putzmörtel': ['plaster', 'render_and_plaster'],
  'Mauermörtel': ['mortar', 'masonry'],
  'Kleber und Klebemörtel': ['mortar', 'adhesive'],
  'Zement': ['cement', 'cement'],
  'Betonstahlmatten': ['steel', 'reinforcement'],
  'Stahlprofile': ['steel', 'structural_section'],
  'Stahlbleche': ['steel', 'sheet'],
  'Guss- und Schmiedeteile aus Stahl und Eisen': ['steel', 'cast_forged'],
  'Brettschichtholz (BSH)': ['timber', 'glulam'],
  'Brettschichtholzplatte': ['timber', 'glulam_panel'],
  'Konstruktionsvollholz': ['timber', 'structural_solid'],
  'Bau-Schnittholz': ['timber', 'sawn'],
  'Balkenschichtholz (Duo-Triobalken)': ['timber', 'duo_trio_beam'],
  'Mineralwolle': ['insulation', 'mineral_wool'],
  'Steinwolle': ['insulation', 'rock_wool'],
  'Fahrstuhl': ['building_services', 'lift'],
}

const MAX_TYPE = 48

const DROP_WORDS = new Set(['and', 'of', 'the', 'for', 'or', 'in', 'with'])

/** Words of a slug that the family already says (`aluminium_sheets` under aluminium -> `sheets`). */
function withoutFamily(typeSlug: string, category: string): string {
  const family = new Set(category.split('_'))
  const kept = typeSlug.split('_').filter((w) => !family.has(w) && !DROP_WORDS.has(w))
  return kept.length ? kept.join('_') : typeSlug
}

export interface MaterialClass {
  category: string
  type: string
}

/** Category and type segments from the German and English category paths of a dataset. */
export function classifyCategory(pathDe: string, pathEn: string): MaterialClass {
  const de = categoryLevels(pathDe)
  const en = categoryLevels(pathEn)
  const [l1 = '', l2 = '', l3 = ''] = de
  const fixed = BY_LEVEL3[l3]
  if (fixed) return { category: fixed[0], type: fixed[1] }
  const category = BY_LEVEL2[l2] ?? BY_LEVEL1[l1] ?? (slugify(en[0] ?? l1) || 'other')
  // level-3 English; `9.99.01 (missing translation)` style placeholders fall back to German
  const l3en = en[2] && !/missing translation/i.test(en[2]) ? en[2] : l3
  const typeSlug = slugify(l3en, Number.MAX_SAFE_INTEGER) || slugify(en[1] ?? l2, Number.MAX_SAFE_INTEGER) || 'other'
  return { category, type: slugify(withoutFamily(typeSlug, category), MAX_TYPE) }
}

/**
 * Domain of a dataset by its German category path: `materials` for construction products
 * (building-services equipment included), another domain for processes that are not products:
 * - `Sonstige / Güter - Transporte` -> freight; `Sonstige / Personen - Transporte` -> transport
 * - `Sonstige / Energieträger - Bereitstellung frei Verbraucher`: `Strom` -> electricity,
 *   `Fernwärme` -> heat_steam, `Holz-Pellets` -> bioenergy, `Trinkwasser` -> water, the other
 *   carriers (Erdgas, Flüssiggas, Heizöl) -> fuels; except datasets declared per m2 (the
 *   photovoltaic systems under `Strom` are products and stay materials)
 * - `Gebäudetechnik / Nutzung` (operating building services): `Nutzung Wärmeerzeuger*` ->
 *   heat_steam (heat delivered), `Nutzung Beleuchtung` / `Nutzung Lüftung und Klimatechnik` ->
 *   electricity (per kWh of use), `Nutzung Beförderungstechnik` -> other
 * - `End of Life` -> waste; `Sonstige / Baustellenprozesse` and `Sonstige / eLCA Intern` -> other
 */
export function domainOf(pathDe: string, declaredUnit: string): string {
  const [l1 = '', l2 = '', l3 = ''] = categoryLevels(pathDe)
  if (l1 === 'End of Life') return 'waste'
  if (l1 === 'Gebäudetechnik' && l2 === 'Nutzung') {
    if (l3.startsWith('Nutzung Wärmeerzeuger')) return 'heat_steam'
    if (l3 === 'Nutzung Beleuchtung' || l3 === 'Nutzung Lüftung und Klimatechnik') return 'electricity'
    return 'other'
  }
  if (l1 !== 'Sonstige') return 'materials'
  if (l2.startsWith('Güter - Transporte')) return 'freight'
  if (l2.startsWith('Personen - Transporte')) return 'transport'
  if (l2.startsWith('Energieträger')) {
    if (declaredUnit === 'm2') return 'materials'
    const byCarrier: Record<string, string> = { 'Strom': 'electricity', 'Fernwärme': 'heat_steam', 'Holz-Pellets': 'bioenergy', 'Trinkwasser': 'water' }
    return byCarrier[l3] ?? 'fuels'
  }
  return 'other'
}
