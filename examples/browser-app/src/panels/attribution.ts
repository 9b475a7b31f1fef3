/** The licence credits a calculation response says must be shown. */
import type { PcafResponse } from '@openfactors/engine'
import { byId, h } from '../dom.ts'

export function showAttribution(attribution: PcafResponse['attribution']): void {
  const footer = byId('attribution')
  if (attribution.credits.length === 0) return
  footer.replaceChildren(h('strong', {}, 'Data credits: '), attribution.credits.map((c) => c.attribution).join(' · '))
}
