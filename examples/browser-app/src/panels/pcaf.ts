/** PCAF form: holdings pasted from a spreadsheet -> per-holding results and the portfolio score. */
import type { PcafRequest } from '@openfactors/engine'
import type { EngineClient } from '@openfactors/web-worker'
import { byId, describeError, formatAmount, formatValue, h, problemsList } from '../dom.ts'
import { holdingsFromTable } from '../holdings.ts'
import { showAttribution } from './attribution.ts'

/** Tab-separated, as a spreadsheet copies it. Made-up companies and numbers. */
export const EXAMPLE_HOLDINGS = [
  'Name\tOutstanding amount (USD)\tEVIC (USD)\tEmissions (tCO2e)\tData quality score',
  'Example Steel plc\t1,000,000\t50,000,000\t12,000\t2',
  'Example Retail SA\t250,000\t10,000,000\t4,000\t3',
].join('\n')

export function pcafPanel(client: EngineClient): void {
  const form = byId<HTMLFormElement>('pcaf-form')
  const textarea = byId<HTMLTextAreaElement>('pcaf-holdings')
  const assetClass = byId<HTMLSelectElement>('pcaf-asset-class')
  const problems = byId('pcaf-problems')
  const out = byId('pcaf-result')
  textarea.value = EXAMPLE_HOLDINGS

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void (async () => {
      const denominator = assetClass.value === 'listed_equity_and_corporate_bonds' ? 'evic' : 'total_equity_plus_debt'
      const parsed = holdingsFromTable(textarea.value, denominator)
      problemsList(problems, parsed.problems)
      if (parsed.problems.length > 0) {
        out.replaceChildren()
        return
      }
      try {
        const res = await client.pcaf({ asset_class: assetClass.value as PcafRequest['asset_class'], holdings: parsed.holdings })
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
