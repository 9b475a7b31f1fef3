/** PCAF form: holdings pasted from a spreadsheet -> per-holding results and the portfolio score. */
import type { EngineClient } from '@openfactors/web-worker'
import { byId, describeError, formatAmount, formatValue, h, problemsList } from '../dom.ts'
import { PCAF_CLASSES, classHeaders, exampleHoldings, holdingsForClass, type AssetClass } from '../pcaf-classes.ts'
import { showAttribution } from './attribution.ts'

/** The first class's example, shown when the page opens. */
export const EXAMPLE_HOLDINGS = exampleHoldings('listed_equity_and_corporate_bonds')

export function pcafPanel(client: EngineClient): void {
  const form = byId<HTMLFormElement>('pcaf-form')
  const textarea = byId<HTMLTextAreaElement>('pcaf-holdings')
  const assetClass = byId<HTMLSelectElement>('pcaf-asset-class')
  const problems = byId('pcaf-problems')
  const out = byId('pcaf-result')
  const columns = byId('pcaf-columns')
  const classes = Object.keys(PCAF_CLASSES) as AssetClass[]
  assetClass.replaceChildren(...classes.map((c) => h('option', { value: c }, PCAF_CLASSES[c].label)))
  const current = (): AssetClass => classes.find((c) => c === assetClass.value) ?? 'listed_equity_and_corporate_bonds'
  const showClass = () => {
    const c = current()
    columns.textContent = classHeaders(PCAF_CLASSES[c]).join(', ')
    textarea.value = exampleHoldings(c)
    problems.replaceChildren()
    out.replaceChildren()
  }
  assetClass.addEventListener('change', showClass)
  showClass()

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void (async () => {
      const chosen = current()
      const parsed = holdingsForClass(chosen, textarea.value)
      problemsList(problems, parsed.problems)
      if (parsed.problems.length > 0) {
        out.replaceChildren()
        return
      }
      try {
        const res = await client.pcaf({ asset_class: chosen, holdings: parsed.holdings })
        const score = res.result.weighted_data_quality_score
        out.replaceChildren(
          h('p', { class: 'total' }, 'Financed emissions: ', h('strong', { id: 'pcaf-total' }, formatAmount(res.result.financed_emissions.value)), ` ${res.result.financed_emissions.unit}`,
            ' · weighted data quality score ', h('strong', { id: 'pcaf-score' }, score === null ? 'n/a' : score.toFixed(2))),
          h('table', { id: 'pcaf-holdings-table' },
            h('thead', {}, h('tr', {}, h('th', {}, 'Holding'), h('th', {}, 'Attribution factor'), h('th', {}, 'Financed (tCO2e)'), h('th', {}, 'Score'))),
            h('tbody', {}, ...res.holdings.map((hr, i) =>
              h('tr', { 'data-id': hr.id },
                h('td', {}, parsed.holdings[i]?.name ?? `#${hr.id}`),
                h('td', {}, formatValue(hr.attribution_factor)),
                h('td', {}, formatAmount(hr.financed_emissions.value)),
                h('td', {}, String(hr.data_quality_score)),
              ))),
          ),
          h('p', { class: 'cell' }, `Method: ${res.audit.methodology_source.id} · ${res.audit.methodology_source.cell_ref} · receipt ${res.receipt.id} (data ${res.receipt.mb_version})`),
        )
        showAttribution(res.attribution)
      } catch (error) {
        out.replaceChildren(h('p', { class: 'error' }, describeError(error)))
      }
    })()
  })
}
