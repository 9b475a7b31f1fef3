/**
 * A value with its sign explained: a negative factor or module is a removal or a credit (biogenic
 * carbon taken up, benefits beyond the system boundary in module D), not an emission. Shown with
 * a marker and a title that says so.
 */
import { formatValue, h } from './dom.ts'

export const NEGATIVE_MEANING = 'Negative: a removal or credit (e.g. biogenic carbon taken up, or module D benefits beyond the system boundary), not an emission'

export function valueNode(value: number): HTMLElement {
  if (value >= 0) return h('span', { class: 'value' }, formatValue(value))
  return h('span', { class: 'value negative', title: NEGATIVE_MEANING }, formatValue(value), h('span', { class: 'negative-mark', 'aria-label': NEGATIVE_MEANING }, ' removal/credit'))
}
