/** Search box: results with value, unit and the source cell linked to the publisher's page. */
import type { EngineClient } from '@openfactors/web-worker'
import { byId, describeError, h, sourceLink } from '../dom.ts'
import { valueNode } from '../negative.ts'

/** Results per page; "Show more" pages through every match. */
export const SEARCH_PAGE = 10

export function searchPanel(client: EngineClient): void {
  const form = byId<HTMLFormElement>('search-form')
  const input = byId<HTMLInputElement>('search-input')
  const summary = byId('search-summary')
  const list = byId('search-results')
  const more = h('button', { type: 'button', id: 'search-more', class: 'more', hidden: '' }, 'Show more')
  list.after(more)
  let latest = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  /** One page of results from `offset`; the first page replaces the list, later pages append. */
  async function run(offset = 0): Promise<void> {
    const text = input.value.trim()
    const ticket = ++latest
    if (!text) {
      summary.textContent = ''
      list.replaceChildren()
      more.hidden = true
      return
    }
    try {
      const res = await client.search({ search: text, limit: SEARCH_PAGE, offset })
      if (ticket !== latest) return // a newer query is on its way
      const items = res.factors.map((f) =>
        h('li', { class: 'factor', 'data-key': f.key },
          h('div', { class: 'factor-name' }, f.name),
          h('div', {}, valueNode(f.value), ' ', h('span', { class: 'unit' }, f.unit)),
          h('div', {}, h('span', { class: 'factor-key' }, f.key), ' — ', sourceLink(f.source)),
        ),
      )
      if (offset === 0) list.replaceChildren(...items)
      else list.append(...items)
      const shown = list.children.length
      summary.textContent = `${res.total} ${res.total === 1 ? 'factor matches' : 'factors match'} “${text}”, showing ${shown === 0 ? 0 : 1}–${shown} (data version ${res.data_version})`
      more.hidden = shown >= res.total
      more.textContent = `Show ${Math.min(SEARCH_PAGE, res.total - shown)} more`
    } catch (error) {
      if (ticket !== latest) return
      summary.textContent = describeError(error)
      list.replaceChildren()
      more.hidden = true
    }
  }

  more.addEventListener('click', () => void run(list.children.length))

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void run()
  })
  // Search as you type, after a short pause.
  input.addEventListener('input', () => {
    clearTimeout(timer)
    timer = setTimeout(() => void run(), 150)
  })
}
