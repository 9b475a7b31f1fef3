/** Resolve box: free text -> ranked keys, with the choice explained (confidence and geography). */
import type { EngineClient } from '@openfactors/web-worker'
import type { GeoMatch } from '@openfactors/engine'
import { byId, describeError, formatAmount, formatValue, h, sourceLink } from '../dom.ts'
import { parseNumber } from '../table.ts'

const GEO: Record<GeoMatch, string> = {
  exact: 'the factor is for the country named or implied',
  region: 'the factor covers an area containing the place named (e.g. the national factor for a state)',
  global: 'a global factor: no country-specific one fits better',
  mismatch: 'the factor is for another country than the one named — check it',
  unspecified: 'no place was named and no country hint given',
}

/** The reading docs/resolve.md gives the engine's scale. */
export function explainConfidence(confidence: number): string {
  if (confidence >= 1) return 'a clear winner: it covers every concept written, in the place and unit named'
  if (confidence >= 0.9) return 'a safe choice'
  if (confidence >= 0.5) return 'close alternatives exist: look at the next matches'
  return 'the description was ambiguous, or the place or unit named could not be honoured'
}

/** The emissions of the quantity typed, through the same resolution (the engine converts the unit). */
async function showEmissions(client: EngineClient, out: HTMLElement, description: string, country: string, quantityText: string, unit: string): Promise<void> {
  const value = parseNumber(quantityText)
  if (value === null || !unit) {
    out.replaceChildren(quantityText.trim() && !unit ? h('p', { class: 'error' }, 'Give the unit of the quantity (litres, kWh, miles, USD…).') : '')
    return
  }
  try {
    const res = await client.emissions({ activities: [{ description, quantity: { value, unit }, ...(country ? { country } : {}) }] })
    const line = res.activities[0]
    if (!line?.emissions || !line.factor || !line.factor_quantity) return
    out.replaceChildren(h('p', {},
      `Emissions of ${formatValue(value)} ${unit}: `, h('strong', { id: 'resolve-emissions-value' }, formatAmount(line.emissions.value)), ` ${line.emissions.unit}`,
      ` = ${formatValue(line.factor_quantity.value)} ${line.factor_quantity.unit} × ${formatValue(line.factor.value)} (${line.factor.key})`,
      line.resolved ? h('span', { class: line.resolved.decision === 'review' ? 'review-count' : '' }, ` · ${line.resolved.decision}`) : ''))
  } catch (error) {
    out.replaceChildren(h('p', { class: 'error' }, describeError(error)))
  }
}

export function resolvePanel(client: EngineClient): void {
  const form = byId<HTMLFormElement>('resolve-form')
  const input = byId<HTMLInputElement>('resolve-input')
  const country = byId<HTMLInputElement>('resolve-country')
  const explanation = byId('resolve-explanation')
  const list = byId('resolve-results')
  const quantity = byId<HTMLInputElement>('resolve-quantity')
  const unit = byId<HTMLInputElement>('resolve-unit')
  const emissionsOut = byId('resolve-emissions')

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void (async () => {
      const description = input.value.trim()
      if (!description) return
      const hint = country.value.trim()
      const unitText = unit.value.trim()
      void showEmissions(client, emissionsOut, description, hint, quantity.value, unitText)
      try {
        const res = await client.resolve({ description, limit: 5, ...(hint ? { country: hint } : {}), ...(unitText ? { unit: unitText } : {}) })
        const top = res.matches[0]
        if (!top) {
          explanation.replaceChildren('Nothing in the corpus matches that description.')
          list.replaceChildren()
          return
        }
        explanation.replaceChildren(
          h('p', {}, 'Chosen: ', h('strong', { class: 'chosen-key' }, top.key), ` — ${top.name}, ${formatValue(top.value)} ${top.unit}.`),
          h('p', {}, 'Confidence ', h('span', { class: 'confidence' }, top.confidence.toFixed(2)), `: ${explainConfidence(top.confidence)}. `,
            'Geography ', h('span', { class: 'geo-match' }, top.geo_match), `: ${GEO[top.geo_match]}.`),
        )
        list.replaceChildren(
          ...res.matches.map((m) =>
            h('li', { class: 'match', 'data-key': m.key },
              h('div', { class: 'factor-name' }, m.name),
              h('div', {}, h('span', { class: 'value' }, formatValue(m.value)), ` ${m.unit} · confidence ${m.confidence.toFixed(2)} · geo ${m.geo_match} · ${m.section}`),
              h('div', {}, h('span', { class: 'factor-key' }, m.key), ' — ', sourceLink(m.source)),
            ),
          ),
        )
      } catch (error) {
        explanation.replaceChildren(h('p', { class: 'error' }, describeError(error)))
        list.replaceChildren()
      }
    })()
  })
}
