/**
 * Unit conversions the US (and Australian) adapters serve: the published value is kept in
 * `published` (as the file shows it) and the served value is `published.value × multiplier`,
 * computed in decimal with the published precision exactly as the proof recomputes it
 * (proof/as-published.ts).
 */
import type { DraftFactor } from '../adapters/types.ts'
import { asPublished, derive } from '../proof/as-published.ts'

export interface Conversion {
  /** Unit of the published number, e.g. `lb CO2e per MWh`. */
  from: string
  /** Unit served, e.g. `kg CO2e per kWh`. */
  to: string
  /** Exact decimal multiplier as a string. */
  multiplier: string
  /** Human-readable note of the conversion. */
  text: string
}

/** 0.45359237 kg/lb (exact, by definition) ÷ 1000 kWh/MWh. */
export const LB_PER_MWH_TO_KG_PER_KWH = '0.00045359237'

export function lbPerMwh(gas: string): Conversion {
  return {
    from: `lb ${gas} per MWh`,
    to: `kg ${gas} per kWh`,
    multiplier: LB_PER_MWH_TO_KG_PER_KWH,
    text: 'lb/MWh to kg/kWh: × 0.45359237 kg/lb ÷ 1000 kWh/MWh',
  }
}

/** Grams of a gas per unit -> kilograms. */
export function gramsToKg(gas: string, activity: string): Conversion {
  return { from: `g ${gas} per ${activity}`, to: `kg ${gas} per ${activity}`, multiplier: '0.001', text: 'g to kg: ÷ 1000' }
}

/** Metric tons (tonnes) -> kilograms. */
export function tonnesToKg(gas: string, activity: string): Conversion {
  return { from: `t ${gas} per ${activity}`, to: `kg ${gas} per ${activity}`, multiplier: '1000', text: 'metric tons to kg: × 1000' }
}

/** Served value for a published one: bit-identical to what the proof recomputes. */
export function convertValue(published: number, multiplier: string): number {
  return derive(published, multiplier)
}

/** The `value`/`unit`/`published` fields of a factor served in a converted unit. */
export function converted(published: number, c: Conversion): Pick<DraftFactor, 'value' | 'unit' | 'published'> {
  return {
    value: convertValue(published, c.multiplier),
    unit: c.to,
    published: { value: asPublished(published), unit: c.from, conversion: c.text, multiplier: c.multiplier },
  }
}
