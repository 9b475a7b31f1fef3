/**
 * The carbon-by-stage bar chart as inline SVG. `stageBars` is the geometry (pure, tested in
 * Node); `stageChart` draws it. Negative values (module D credits) grow left of the zero line.
 */

export interface Bar {
  stage: string
  value: number
  /** Bar start and width in chart units (0..plotWidth). */
  x: number
  width: number
  y: number
}

export interface ChartLayout {
  bars: Bar[]
  zeroX: number
  width: number
  height: number
  labelWidth: number
  plotWidth: number
}

const ROW = 26
const LABEL = 64
const VALUE_ROOM = 150

export function stageBars(byStage: Record<string, number>, width = 560): ChartLayout {
  const entries = Object.entries(byStage)
  const plotWidth = width - LABEL - VALUE_ROOM
  const max = Math.max(0, ...entries.map(([, v]) => v))
  const min = Math.min(0, ...entries.map(([, v]) => v))
  const span = max - min || 1
  const zeroX = ((0 - min) / span) * plotWidth
  const bars = entries.map(([stage, value], i) => {
    const length = (Math.abs(value) / span) * plotWidth
    return { stage, value, x: value >= 0 ? zeroX : zeroX - length, width: length, y: i * ROW }
  })
  return { bars, zeroX, width, height: entries.length * ROW + 4, labelWidth: LABEL, plotWidth }
}

const SVG = 'http://www.w3.org/2000/svg'

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name)
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v))
  if (text !== undefined) node.textContent = text
  return node
}

export function stageChart(byStage: Record<string, number>, unit: string, format: (n: number) => string, title = `Embodied carbon by life-cycle stage (${unit})`): SVGSVGElement {
  const layout = stageBars(byStage)
  const svg = el('svg', { viewBox: `0 0 ${layout.width} ${layout.height}`, width: layout.width, height: layout.height, role: 'img', class: 'stage-chart' })
  svg.append(el('title', {}, title))
  for (const bar of layout.bars) {
    const g = el('g', { transform: `translate(0 ${bar.y})`, 'data-stage': bar.stage, 'data-value': bar.value })
    g.append(el('text', { x: 0, y: 17, class: 'stage-label' }, bar.stage))
    g.append(el('rect', { x: layout.labelWidth + bar.x, y: 4, width: Math.max(bar.width, 0.5), height: 18, class: bar.value < 0 ? 'bar credit' : 'bar' }))
    const end = layout.labelWidth + (bar.value < 0 ? layout.zeroX : bar.x + bar.width)
    g.append(el('text', { x: end + 6, y: 17, class: 'stage-value' }, `${format(bar.value)} ${unit}`))
    svg.append(g)
  }
  svg.append(el('line', { x1: layout.labelWidth + layout.zeroX, x2: layout.labelWidth + layout.zeroX, y1: 0, y2: layout.height, class: 'zero' }))
  return svg
}
