/** Embodied-carbon form: a bill of materials -> total, per-line results and a chart by stage. */
import type { EngineClient } from '@openfactors/web-worker'
import { stageChart } from '../chart.ts'
import { bomFromTable } from '../bom.ts'
import { byId, describeError, formatAmount, h, problemsList } from '../dom.ts'
import { showAttribution } from './attribution.ts'
import { assessedStages, embodiedLines } from './embodied-lines.ts'

/** An example bill of materials made of the first corpus materials a search finds. */
export async function exampleBom(client: EngineClient): Promise<string> {
  const lines = ['material_key\tquantity\tunit\tboundary']
  const quantities: Array<[string, number, string]> = [['concrete', 240, 't'], ['steel', 18, 't']]
  for (const [word, value, unit] of quantities) {
    const found = await client.search({ search: word, domain: 'materials', limit: 1 })
    const key = found.factors[0]?.key
    if (key) lines.push(`${key}\t${value}\t${unit}\tA1-C`)
  }
  return lines.join('\n')
}

export function embodiedPanel(client: EngineClient): void {
  const form = byId<HTMLFormElement>('embodied-form')
  const textarea = byId<HTMLTextAreaElement>('embodied-bom')
  const problems = byId('embodied-problems')
  const out = byId('embodied-result')

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void (async () => {
      const parsed = bomFromTable(textarea.value)
      problemsList(problems, parsed.problems)
      if (parsed.problems.length > 0) {
        out.replaceChildren()
        return
      }
      try {
        const res = await client.embodied({ materials: parsed.materials })
        const total = res.result.embodied_carbon
        out.replaceChildren(
          h('p', { class: 'total' }, 'Embodied carbon: ', h('strong', { id: 'embodied-total' }, formatAmount(total.value)), ` ${total.unit}`,
            res.result.module_d ? ` · module D (reported apart): ${formatAmount(res.result.module_d.value)} ${res.result.module_d.unit}` : ''),
          stageChart(assessedStages(res.result.by_stage), 'kg CO2e', formatAmount),
          ...embodiedLines(res),
          h('p', { class: 'cell' }, `Profile ${res.audit.profile.title} · receipt ${res.receipt.id} (data ${res.receipt.mb_version})`),
        )
        showAttribution(res.attribution)
      } catch (error) {
        out.replaceChildren(h('p', { class: 'error' }, describeError(error)))
      }
    })()
  })
}
