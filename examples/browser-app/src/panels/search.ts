/** Search box: results with value, unit and the source cell linked to the publisher's page. */
import type { EngineClient } from '@openfactors/web-worker'
import { byId, describeError, formatValue, h, sourceLink } from '../dom.ts'

export function searchPanel(client: EngineClient): void {
  const form = byId<HTMLFormElement>('search-form')
  const input = byId<HTMLInputElement>('search-input')
  const summary = byId('search-summary')
  const list = byId('search-results')
  let latest = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  async function run(): Promise<void> {
    const text = input.value.trim()
    const ticket = ++latest
    if (!text) {
      summary.textContent = ''
      list.replaceChildren()
      return
    }
    try {
      const res = await client.search({ search: text, limit: 10 })
      if (ticket !== latest) return // a newer query is on its way
      summary.textContent = `${res.total} ${res.total === 1 ? 'factor matches' : 'factors match'} “${text}” (data version ${res.data_version})`
      list.replaceChildren(
        ...res.factors.map((f) =>
          h('li', { class: 'factor', 'data-key': f.key },
            h('div', { class: 'factor-name' }, f.name),
            h('div', {}, h('span', { class: 'value' }, formatValue(f.value)), ' ', h('span', { class: 'unit' }, f.unit)),
            h('div', {}, h('span', { class: 'factor-key' }, f.key), ' — ', sourceLink(f.source)),
          ),
        ),
      )
    } catch (error) {
      if (ticket !== latest) return
      summary.textContent = describeError(error)
      list.replaceChildren()
    }
  }

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
