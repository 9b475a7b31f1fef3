import type { ReleaseView } from '../../release/view.ts'
import type { CalcContext } from '../common-schema.ts'
import type { PcafResponse } from './schema.ts'

export function calculatePcaf(_input: unknown, _view: ReleaseView, _ctx: CalcContext = {}): PcafResponse {
  throw new Error('calculatePcaf: not implemented yet')
}
