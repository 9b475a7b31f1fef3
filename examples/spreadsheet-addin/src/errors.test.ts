import { describe, expect, it } from 'vitest'
import { ClientError, EngineError } from '@openfactors/web-worker'
import { customFunctionsApi, SpreadsheetError, type ShimGlobal } from './custom-functions-shim.ts'
import { toSpreadsheetError } from './errors.ts'

describe('customFunctionsApi', () => {
  it('uses the host CustomFunctions when the Office runtime provides it', () => {
    const host = { associate: () => undefined, Error, ErrorCode: { invalidValue: '#VALUE!' } } as never
    expect(customFunctionsApi({ CustomFunctions: host })).toBe(host)
  })
  it('stands in without it: associate registers, Error carries the error value', () => {
    const scope: ShimGlobal = {}
    const api = customFunctionsApi(scope)
    const fn = () => 1
    api.associate('FACTOR', fn)
    expect(scope.OPENFACTORS_FUNCTIONS?.get('FACTOR')).toBe(fn)
    const error = new api.Error(api.ErrorCode.notAvailable, 'gone')
    expect(error).toBeInstanceOf(SpreadsheetError)
    expect(error).toMatchObject({ code: '#N/A', message: 'gone' })
  })
})

describe('toSpreadsheetError', () => {
  const api = customFunctionsApi({})
  it('a missing key is #N/A with the engine candidates', () => {
    const error = toSpreadsheetError(api, new EngineError('factor_not_found', 'No factor fuels.gb.disel.litres.', { key: 'fuels.gb.disel.litres', candidates: [{ key: 'fuels.gb.diesel.litres', name: 'Diesel', score: 0.9 }] }))
    expect(error).toMatchObject({ code: '#N/A', message: 'No factor fuels.gb.disel.litres. Did you mean fuels.gb.diesel.litres?' })
  })
  it('a calculation\'s unknown key is #N/A with its candidates (listed per key)', () => {
    const error = toSpreadsheetError(api, new EngineError('unknown_factor', 'No factor with key "fuels.gb.disel.litres".', { keys: ['fuels.gb.disel.litres'], candidates: { 'fuels.gb.disel.litres': [{ key: 'fuels.gb.diesel.litres', name: 'Diesel', score: 0.9 }] } }))
    expect(error).toMatchObject({ code: '#N/A', message: 'No factor with key "fuels.gb.disel.litres". Did you mean fuels.gb.diesel.litres?' })
  })
  it('refused input is #VALUE! naming the field; an unloadable corpus is #N/A', () => {
    const refused = toSpreadsheetError(api, new EngineError('invalid_request', 'Invalid request.', { issues: [{ path: 'holdings.0.data_quality_score', message: 'must be <= 5' }] }))
    expect(refused).toMatchObject({ code: '#VALUE!', message: 'Invalid request. holdings.0.data_quality_score: must be <= 5' })
    expect(toSpreadsheetError(api, new ClientError('corpus_unavailable', 'Offline.', { reason: 'offline' }))).toMatchObject({ code: '#N/A' })
  })
  it('keeps the message to one short line', () => {
    const error = toSpreadsheetError(api, new Error('x'.repeat(1000)))
    expect(error.message.length).toBe(250)
    expect(error).toMatchObject({ code: '#VALUE!' })
  })
})
