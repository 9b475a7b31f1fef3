/** EN 15978 boundaries (docs/decisions.md §5, docs/embodied.md B2): which modules each one reports. */
import type { Boundary } from './schema.ts'

export type StageModule = 'A1-A3' | 'A4' | 'A5' | 'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'B7' | 'C1' | 'C2' | 'C3' | 'C4'

const A_C: StageModule[] = ['A1-A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5', 'C1', 'C2', 'C3', 'C4']

const BY_BASE: Record<string, StageModule[]> = {
  'A1-A3': ['A1-A3'],
  'A1-A4': ['A1-A3', 'A4'],
  'A1-A5': ['A1-A3', 'A4', 'A5'],
  /** Embodied over the life cycle: B1-B5 where data exists; operational B6/B7 excluded. */
  'A1-C': A_C,
  'A1-C4': A_C,
  /** All A, B and C modules: B6 and B7 included where the material publishes them. */
  'A-C': ['A1-A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'C1', 'C2', 'C3', 'C4'],
}

export const B_MODULES = new Set<StageModule>(['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7'])

export function boundaryModules(boundary: Boundary): { modules: StageModule[]; withD: boolean } {
  const withD = boundary.endsWith('+D')
  const base = withD ? boundary.slice(0, -2) : boundary
  return { modules: BY_BASE[base] ?? [], withD }
}
