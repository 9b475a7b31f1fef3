import { describe, expect, it } from 'vitest'
import { createEngine } from '../../engine.ts'
import { fixtureArtifact } from '../../../test/fixture.ts'

describe('emissions through the engine (resolve and sibling rows wired in)', () => {
  const engine = createEngine()
  engine.load(fixtureArtifact())

  it('a unit resolve does not know as a hint (Mcf, therm (US)) still resolves; the engine converts it', () => {
    const res = engine.emissions({ activities: [
      { id: 'gas', description: 'natural gas', country: 'GB', quantity: { value: 1, unit: 'therm (US)' } },
      { id: 'vans', description: 'diesel', country: 'GB', quantity: { value: 1000, unit: 'kWh' } },
    ] })
    expect(res.activities[0]).toMatchObject({ factor: { key: 'fuels.gb.natural_gas.kwh_gross_cv' }, factor_quantity: { value: 29.3001111111 } })
    // kWh for diesel: the resolved row, or its published kWh sibling, never a density.
    expect(res.activities[1]!.factor!.unit).toBe('kg CO2e per kWh (Gross CV)')
  })

  it('an unknown country hint fails its own line (not_resolved), not the ledger', () => {
    const res = engine.emissions({ activities: [
      { description: 'diesel', country: 'Narnia', quantity: { value: 1, unit: 'litres' } },
      { description: 'diesel', country: 'GB', quantity: { value: 1, unit: 'litres' } },
    ] })
    expect(res.activities[0]!.error).toMatchObject({ code: 'not_resolved', message: expect.stringContaining('Unknown country hint "Narnia"') })
    expect(res.result.counts).toMatchObject({ computed: 1, failed: 1 })
  })
})
