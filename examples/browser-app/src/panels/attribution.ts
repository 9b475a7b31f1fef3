/** The licence credits calculation responses say must be shown: every source used on this page so far. */
import type { PcafResponse } from '@openfactors/engine'
import { byId, h } from '../dom.ts'

const credits = new Map<string, string>()

export function showAttribution(attribution: PcafResponse['attribution']): void {
  for (const credit of attribution.credits) credits.set(credit.source_id, credit.attribution)
  if (credits.size === 0) return
  byId('attribution').replaceChildren(h('strong', {}, 'Data credits: '), [...credits.values()].join(' · '))
}
