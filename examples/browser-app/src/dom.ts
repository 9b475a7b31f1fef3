/** Tiny DOM helpers: build elements without innerHTML (every text shown comes from data). */
import { isClientError, isEngineError } from '@openfactors/web-worker'

type Child = Node | string | number | null | undefined | false

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    node.append(typeof child === 'number' ? String(child) : child)
  }
  return node
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id)
  if (!node) throw new Error(`the page has no #${id}`)
  return node as T
}

const significant = new Intl.NumberFormat('en', { maximumSignificantDigits: 6 })
const grouped = new Intl.NumberFormat('en', { maximumFractionDigits: 2 })

/** Factor values keep six significant digits; totals are grouped with two decimals. */
export const formatValue = (n: number): string => significant.format(n)
export const formatAmount = (n: number): string => grouped.format(n)

/** A readable line for any error the client can throw, with the engine's own hints. */
export function describeError(error: unknown): string {
  if (isEngineError(error) || isClientError(error)) {
    const data = error.data as { issues?: Array<{ path: string; message: string }>; candidates?: Array<{ key: string }> | Record<string, Array<{ key: string }>> } | undefined
    const issues = data?.issues?.map((i) => `${i.path}: ${i.message}`).join('; ')
    // A lookup lists candidates; a calculation lists them per unknown key.
    const listed = Array.isArray(data?.candidates) ? data.candidates : Object.values(data?.candidates ?? {}).flat()
    const candidates = listed.slice(0, 3).map((c) => c.key).join(', ')
    return [`${error.code}: ${error.message}`, issues, candidates ? `did you mean ${candidates}?` : ''].filter(Boolean).join(' — ')
  }
  return error instanceof Error ? error.message : String(error)
}

export interface SourceLike {
  id: string
  cell_ref: string
  url?: string
  title?: string
  data_version?: string
}

/** "id · cell_ref" linking to the publisher's page. */
export function sourceLink(source: SourceLike): HTMLElement {
  const label = `${source.id} · ${source.cell_ref}`
  const link = source.url ? h('a', { href: source.url, target: '_blank', rel: 'noopener', class: 'cell', title: source.title ?? source.id }, label) : h('span', { class: 'cell' }, label)
  return link
}

export function problemsList(list: HTMLElement, problems: string[]): void {
  list.replaceChildren(...problems.map((p) => h('li', {}, p)))
}
