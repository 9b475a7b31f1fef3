/**
 * Ledger panel: activities pasted as CSV/TSV -> emissions per line (factor, source cell, scope,
 * decision), lines to review highlighted, failed lines with their reason, totals by scope and a
 * chart. The engine does every step; the page only reads the table and draws the answer.
 */
import type { ActivityResult } from '@openfactors/engine'
import type { EngineClient } from '@openfactors/web-worker'
import { stageChart } from '../chart.ts'
import { byId, describeError, formatAmount, formatValue, h, problemsList, sourceLink } from '../dom.ts'
import { ledgerFromTable } from '../ledger.ts'
import { showAttribution } from './attribution.ts'

function rowClass(line: ActivityResult): string {
  if (line.error) return 'failed'
  return line.resolved?.decision === 'review' ? 'review' : 'ok'
}

function lineRow(line: ActivityResult): HTMLTableRowElement {
  const f = line.factor
  const what = line.resolved ? `${line.resolved.description}` : (f?.key ?? '')
  return h('tr', { class: rowClass(line), 'data-id': line.id },
    h('td', {}, line.id),
    h('td', {}, what),
    h('td', {}, `${formatValue(line.quantity.value)} ${line.quantity.unit}`),
    h('td', {}, line.error
      ? h('span', { class: 'error' }, `${line.error.code}: ${line.error.message}`)
      : h('span', {}, h('span', { class: 'factor-key' }, f?.key ?? ''), ` ${formatValue(f?.value ?? 0)} ${f?.unit ?? ''} · `, f ? sourceLink(f.source) : '')),
    h('td', { class: 'num' }, line.emissions ? formatAmount(line.emissions.value) : '—'),
    h('td', {}, line.scope ?? ''),
    h('td', {}, line.resolved ? `${line.resolved.decision} (${line.resolved.confidence.toFixed(2)})` : f ? 'key' : ''),
  )
}

export function ledgerPanel(client: EngineClient): void {
  const form = byId<HTMLFormElement>('ledger-form')
  const textarea = byId<HTMLTextAreaElement>('ledger-input')
  const problems = byId('ledger-problems')
  const out = byId('ledger-result')

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void (async () => {
      const parsed = ledgerFromTable(textarea.value)
      problemsList(problems, parsed.problems)
      if (parsed.activities.length === 0) {
        out.replaceChildren()
        return
      }
      try {
        const res = await client.emissions({ activities: parsed.activities })
        const { emissions, by_scope, counts } = res.result
        out.replaceChildren(
          h('p', { class: 'total' }, 'Emissions: ', h('strong', { id: 'ledger-total' }, formatAmount(emissions.value)), ` ${emissions.unit}`,
            ` · ${counts.computed} of ${counts.activities} lines computed`,
            counts.needs_review ? h('span', { class: 'review-count' }, ` · ${counts.needs_review} to review`) : '',
            counts.failed ? h('span', { class: 'failed-count' }, ` · ${counts.failed} failed`) : ''),
          stageChart(by_scope, 'kg CO2e', formatAmount, 'Emissions by scope (kg CO2e)'),
          h('table', { id: 'ledger-lines' },
            h('thead', {}, h('tr', {}, h('th', {}, 'Line'), h('th', {}, 'Activity'), h('th', {}, 'Quantity'), h('th', {}, 'Factor and source'), h('th', {}, 'kg CO2e'), h('th', {}, 'Scope'), h('th', {}, 'Decision'))),
            h('tbody', {}, ...res.activities.map(lineRow)),
          ),
          h('p', { class: 'cell' }, `Receipt ${res.receipt.id} (data ${res.receipt.mb_version}). Lines to review are highlighted: the description matched with confidence below ${res.audit.decision_threshold}.`),
        )
        showAttribution(res.attribution)
      } catch (error) {
        out.replaceChildren(h('p', { class: 'error' }, describeError(error)))
      }
    })()
  })
}
