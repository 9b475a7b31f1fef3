/**
 * The embodied result table and its notes: each line by material name (the key on hover), the
 * modules taken from the material's published data and those computed from the methodology's
 * defaults, named and explained; and the stages no line could assess (null, not 0).
 */
import type { EmbodiedResponse } from '@openfactors/engine'
import { formatAmount, h } from '../dom.ts'

const BASIS_NOTE =
  'Published: module values read from the material\'s dataset (its cell is the source). Default: computed from the methodology profile\'s default scenarios (transport distances, waste rates, end of life), each citing its table. Override: a value given on the line.'

function modulesOf(m: EmbodiedResponse['materials'][number], basis: string): string[] {
  return Object.entries(m.modules).filter(([, v]) => v.basis === basis || (basis === 'published' && v.basis === 'user_supplied')).map(([label]) => label)
}

export function embodiedLines(res: EmbodiedResponse): HTMLElement[] {
  const names = new Map(res.audit.factors_used.map((f) => [f.key, f.name]))
  const table = h('table', { id: 'embodied-lines' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Material'), h('th', {}, 'Mass (kg)'), h('th', {}, 'Total (kg CO2e)'), h('th', { title: BASIS_NOTE }, 'Modules: published · default'))),
    h('tbody', {}, ...res.materials.map((m) => {
      const published = modulesOf(m, 'published')
      const defaults = [...modulesOf(m, 'default'), ...modulesOf(m, 'override').map((l) => `${l} (override)`)]
      return h('tr', { 'data-key': m.material_key },
        h('td', { class: 'material-name', title: m.material_key }, names.get(m.material_key) ?? m.material_key),
        h('td', {}, m.mass_kg === null ? '—' : formatAmount(m.mass_kg)),
        h('td', {}, formatAmount(m.total)),
        h('td', { class: 'module-basis' },
          h('span', { class: 'published-modules' }, published.length ? `published ${published.join(', ')}` : 'none published'),
          ' · ',
          h('span', { class: 'default-modules' }, defaults.length ? `default ${defaults.join(', ')}` : 'no defaults')),
      )
    })),
  )
  const notAssessed = Object.entries(res.result.by_stage_not_assessed ?? {})
  return [
    table,
    h('p', { class: 'basis-note' }, BASIS_NOTE),
    ...(notAssessed.length ? [h('p', { class: 'not-assessed', id: 'embodied-not-assessed' }, `Not assessed (no data, no default; shown as — not 0): ${notAssessed.map(([k]) => k).join(', ')}`)] : []),
  ]
}

/** The chart's stages: only the assessed ones. */
export function assessedStages(byStage: Record<string, number | null>): Record<string, number> {
  return Object.fromEntries(Object.entries(byStage).filter((e): e is [string, number] => e[1] !== null))
}
