import type { ReleaseView } from '../../release/view.ts'
import type { CalcContext } from '../common-schema.ts'
import type { EmbodiedResponse } from './schema.ts'

export function calculateEmbodied(_input: unknown, _view: ReleaseView, _ctx: CalcContext = {}): EmbodiedResponse {
  throw new Error('calculateEmbodied: not implemented yet')
}
