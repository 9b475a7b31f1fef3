/**
 * Optional EVIC adjustment for asset owners (docs/pcaf.md A8; PCAF 2nd ed. 5.1, 3rd ed.
 * Box 5.1-3): separates market movements from real change in an intensity series.
 *
 *   intensity_y = sum_i w_i x E_i / EVIC_y,i
 *   ADJ         = sum_i w_i x (EVIC_base,i / EVIC_current,i)
 *   adjusted_base = intensity_base x ADJ;  adjusted_current = intensity_current / ADJ
 *
 * PCAF asks for the unadjusted figures first; the adjusted ones are reported beside them.
 */
import { z } from 'zod'
import { dec, out, sum } from '../decimal.ts'
import { parseRequest } from '../validate.ts'

const positive = z.number().refine((n) => Number.isFinite(n) && n > 0, 'must be > 0')

export const EvicAdjustmentRequestSchema = z.strictObject({
  holdings: z
    .array(
      z.strictObject({
        weight: z.number().min(0).max(1),
        emissions: z.number().min(0),
        evic_base: positive,
        evic_current: positive,
      }),
    )
    .min(1),
})
export type EvicAdjustmentRequest = z.input<typeof EvicAdjustmentRequestSchema>

export interface EvicAdjustment {
  intensity_base: number
  intensity_current: number
  adjustment_factor: number
  adjusted_base: number
  adjusted_current: number
}

export function evicAdjustment(input: unknown): EvicAdjustment {
  const req = parseRequest(EvicAdjustmentRequestSchema, input, 'EVIC adjustment')
  const base = sum(req.holdings.map((h) => dec(h.weight).times(dec(h.emissions)).div(dec(h.evic_base))))
  const current = sum(req.holdings.map((h) => dec(h.weight).times(dec(h.emissions)).div(dec(h.evic_current))))
  const adj = sum(req.holdings.map((h) => dec(h.weight).times(dec(h.evic_base)).div(dec(h.evic_current))))
  return {
    intensity_base: out(base),
    intensity_current: out(current),
    adjustment_factor: out(adj),
    adjusted_base: out(base.times(adj)),
    adjusted_current: out(current.div(adj)),
  }
}
