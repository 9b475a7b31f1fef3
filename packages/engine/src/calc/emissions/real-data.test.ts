/**
 * Emissions on the real latest release, when one has been built (data/releases is gitignored:
 * skipped without it). Expected values are computed from the rows the artifact carries, never typed in.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '../../engine.ts'
import type { ReleaseManifest } from '../../release/schema.ts'
import { Dec } from '../decimal.ts'
import { verifyReceipt } from '../receipt/verify.ts'
import { EmissionsResponseSchema } from './schema.ts'
import { readFactorUnit } from './units/parse.ts'

const DIR = process.env.OPENFACTORS_RELEASES ?? join(import.meta.dirname, '..', '..', '..', '..', '..', 'data', 'releases')
const manifestPath = join(DIR, 'manifest.json')

function latestBytes(): Uint8Array | null {
  if (!existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ReleaseManifest
  const entry = [...manifest.releases].sort((a, b) => (a.released_at < b.released_at ? -1 : 1)).at(-1)
  return entry ? gunzipSync(readFileSync(join(DIR, entry.file))) : null
}

const bytes = latestBytes()

describe.skipIf(bytes === null)('emissions on the real latest release (skipped: no data/releases built)', () => {
  // The describe body runs even when the suite is skipped, so the release is loaded in beforeAll.
  const engine = createEngine()
  let view!: ReturnType<typeof engine.view>
  beforeAll(() => {
    if (bytes === null) return
    engine.load(bytes)
    view = engine.view()
  })

  it('every factor unit in the corpus is read', () => {
    const unread = new Set<string>()
    const rows = (view as unknown as { rows: Array<{ unit: string }> }).rows
    for (const r of rows) if (!readFactorUnit(r.unit)) unread.add(r.unit)
    expect([...unread]).toEqual([])
  })

  it('a ledger of keys and descriptions: litres, kWh through the fuel\'s own sibling row, miles, MWh, USD', () => {
    const diesel = 'fuels.gb.liquid_fuels_diesel_average_biofuel_blend.litres'
    const row = view.factor(diesel)
    expect(row).toBeDefined()
    const res = engine.emissions({
      activities: [
        { id: 'diesel', factor_key: diesel, quantity: { value: 1200, unit: 'litres' } },
        { id: 'diesel-kwh', factor_key: diesel, quantity: { value: 5000, unit: 'kWh' } },
        { id: 'texas', description: 'electricity in Texas', quantity: { value: 35, unit: 'MWh' } },
        { id: 'car', description: 'petrol car', country: 'GB', quantity: { value: 4000, unit: 'miles' } },
        { id: 'furniture', description: 'office furniture', country: 'US', quantity: { value: 12400, unit: 'USD' } },
      ],
    })
    const json = JSON.parse(JSON.stringify(res)) as Record<string, unknown>
    expect(EmissionsResponseSchema.parse(json)).toEqual(json)
    const [first, kwh, texas, car, furniture] = res.activities
    expect(first!.emissions!.value).toBe(Number(new Dec(1200).times(row!.value).toSignificantDigits(12).toString()))
    const sibling = view.factor('fuels.gb.liquid_fuels_diesel_average_biofuel_blend.kwh_gross_cv')
    expect(kwh).toMatchObject({ factor: { key: sibling!.key }, conversion: { via_sibling: { requested_key: diesel } } })
    expect(kwh!.emissions!.value).toBe(Number(new Dec(5000).times(sibling!.value).toSignificantDigits(12).toString()))
    for (const line of [texas, car, furniture]) {
      expect(line!.error, JSON.stringify(line)).toBeUndefined()
      expect(line!.resolved?.decision).toMatch(/^(accept|review)$/)
    }
    expect(texas!.factor_quantity).toMatchObject({ value: 35000 })
    expect(car!.factor!.unit).toMatch(/per (mile|km|vehicle)/)
    expect(furniture!.factor!.unit).toContain('USD')
    expect(res.result.counts.computed).toBe(5)
    expect(verifyReceipt(json)).toMatchObject({ valid: true })
  })

  it('reads ledger lines as written: a distance or hours for one person, units by the line\'s country, the place and material resolve ranked', () => {
    const res = engine.emissions({
      activities: [
        { id: 'rail', description: 'Train travel UK', country: 'GB', quantity: { value: 3200, unit: 'km' } },
        { id: 'rail-miles', description: 'Train travel UK', country: 'GB', quantity: { value: 100, unit: 'miles' } },
        { id: 'rebar', description: 'Steel rebar', country: 'GB', quantity: { value: 3.2, unit: 'tonnes' } },
        { id: 'air', description: 'Air freight', country: 'US', quantity: { value: 8000, unit: 'short ton-miles' } },
        { id: 'gas', description: 'Natural gas', country: 'US', quantity: { value: 12000, unit: 'therms' } },
        { id: 'home', description: 'Home working', country: 'GB', quantity: { value: 2000, unit: 'hours' } },
      ],
    })
    const [rail, miles, rebar, air, gas, home] = res.activities
    // Hours worked at home on DESNZ's factor per FTE working hour: one worker's hours.
    expect(home!.factor!.key).toMatch(/^homeworking\.gb\.[a-z_]+\.fte_working_hour$/)
    expect(home!.factor_quantity!.value).toBe(2000)
    expect((home!.warnings ?? []).map((w) => w.code)).toContain('one_worker_assumed')
    // The place asked before CO2e: US EPA's aircraft row (CO2 only), not a global CO2e flight factor.
    expect(air!.factor!.key).toBe('freight.us.aircraft.short_ton_mile_co2')
    // "therms" on a US line is the US therm.
    expect(gas!.error, JSON.stringify(gas)).toBeUndefined()
    expect((gas!.warnings ?? []).map((w) => w.code)).toContain('unit_read_for_country')
    // Resolve's top match, per passenger.km, taken with the distance as one passenger's.
    expect(rail!.error, JSON.stringify(rail)).toBeUndefined()
    expect(rail!.factor!.key).toMatch(/^transport\.gb\.rail_national_rail\.[a-z_]*passenger_km$/)
    expect(rail!.resolved?.rank).toBe(0)
    expect((rail!.warnings ?? []).map((w) => w.code)).toContain('one_traveller_assumed')
    const row = view.factor(rail!.factor!.key)
    expect(rail!.emissions!.value).toBe(Number(new Dec(3200).times(row!.value).toSignificantDigits(12).toString()))
    expect(miles!.factor_quantity).toMatchObject({ value: 160.9344 })
    // Resolve ranks German reinforcing steel first (its place missed: review); the UK's steel cans
    // below it are the place asked but another material.
    expect(rebar!.factor!.key).toMatch(/^materials\.steel\.reinforcement\./)
    expect(rebar!.resolved).toMatchObject({ rank: 0, geo_match: 'mismatch', decision: 'review' })
    expect(verifyReceipt(JSON.parse(JSON.stringify(res)) as Record<string, unknown>)).toMatchObject({ valid: true })
  })
})
