/**
 * The add-in's custom functions (namespace OPENFACTORS in the manifest). Each one asks the
 * openfactors engine, which runs in a Web Worker of this shared-runtime page over the corpus
 * cached in IndexedDB — so after the first download the workbook recalculates offline. Ids here
 * match `public/functions.json`.
 *
 * The API base defaults to the page's `<meta name="openfactors-api">`; `?api=` overrides it.
 */
import { createEngineClient, type EngineClient } from '@openfactors/web-worker'
import { FACTOR_KEY_PATTERN, type EmbodiedRequest } from '@openfactors/engine'
import { customFunctionsApi, type CellValue, type CustomFunction, type CustomFunctionsApi } from './custom-functions-shim.ts'
import { toSpreadsheetError } from './errors.ts'

type Boundary = EmbodiedRequest['materials'][number]['boundary']
type QuantityUnit = EmbodiedRequest['materials'][number]['quantity']['unit']

function apiBase(): string {
  const fromQuery = new URLSearchParams(location.search).get('api')
  const fromMeta = document.querySelector<HTMLMetaElement>('meta[name="openfactors-api"]')?.content
  return fromQuery || fromMeta || '/v1'
}

/** Optional spreadsheet arguments arrive as null (or not at all) when left out. */
function optionalText(value: CellValue): string | undefined {
  if (value === null || value === undefined) return undefined
  const text = String(value).trim()
  return text === '' ? undefined : text
}

function text(value: CellValue): string {
  return value === null || value === undefined ? '' : String(value).trim()
}

/** The functions over one client; exported so other hosts (and tests) can build them apart. */
export function spreadsheetFunctions(client: EngineClient, api: CustomFunctionsApi): Record<string, CustomFunction> {
  /** Run a call and turn any failure into the spreadsheet's error value. */
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (error) {
      throw toSpreadsheetError(api, error)
    }
  }
  const lookup = (key: CellValue, as_of: CellValue) => {
    const when = optionalText(as_of)
    return client.lookup(text(key), when ? { as_of: when } : undefined)
  }

  return {
    /** =OPENFACTORS.FACTOR(key, [as_of]) -> the factor's value. */
    FACTOR: (key: CellValue, as_of?: CellValue) => guarded(async () => (await lookup(key, as_of)).factor.factor.value),
    /** =OPENFACTORS.FACTOR.UNIT(key, [as_of]) -> e.g. "kg CO2e per litre". */
    'FACTOR.UNIT': (key: CellValue, as_of?: CellValue) => guarded(async () => (await lookup(key, as_of)).factor.factor.unit),
    /** =OPENFACTORS.FACTOR.SOURCE(key, [as_of]) -> "<source id> <cell_ref> (data <version>)". */
    'FACTOR.SOURCE': (key: CellValue, as_of?: CellValue) =>
      guarded(async () => {
        const { factor } = await lookup(key, as_of)
        return `${factor.source.id} ${factor.source.cell_ref} (data ${factor.data_version})`
      }),
    /** =OPENFACTORS.RESOLVE(text, [country]) -> the best-matching factor key. */
    RESOLVE: (description: CellValue, country?: CellValue) =>
      guarded(async () => {
        const hint = optionalText(country)
        const res = await client.resolve({ description: text(description), limit: 1, ...(hint ? { country: hint } : {}) })
        const top = res.matches[0]
        if (!top) throw new api.Error(api.ErrorCode.notAvailable, `No factor matches "${text(description)}".`)
        return top.key
      }),
    /**
     * =OPENFACTORS.FINANCED(outstanding, denominator, emissions, [data_quality_score]) -> tCO2e:
     * a listed-equity / corporate-bond holding, denominator = EVIC, emissions in tCO2e.
     */
    FINANCED: (outstanding: number, denominator: number, emissions: number, score?: CellValue) =>
      guarded(async () => {
        const data_quality_score = score === null || score === undefined || score === '' ? 2 : Number(score)
        const res = await client.pcaf({
          asset_class: 'listed_equity_and_corporate_bonds',
          holdings: [{ outstanding_amount: outstanding, denominator: { type: 'evic', value: denominator }, company_emissions: { value: emissions }, data_quality_score }],
        })
        return res.result.financed_emissions.value
      }),
    /** =OPENFACTORS.EMBODIED(material_key, quantity, unit, [boundary]) -> kg CO2e (boundary default A1-C). */
    EMBODIED: (material_key: CellValue, quantity: number, unit: CellValue, boundary?: CellValue) =>
      guarded(async () => {
        const res = await client.embodied({
          materials: [{
            material_key: text(material_key),
            quantity: { value: quantity, unit: text(unit).toLowerCase() as QuantityUnit },
            boundary: (optionalText(boundary)?.toUpperCase() ?? 'A1-C') as Boundary,
          }],
        })
        return res.result.embodied_carbon.value
      }),
    /**
     * =OPENFACTORS.EMISSIONS(description_or_key, quantity, unit, [country]) -> kg CO2e: a factor key
     * is used as it is, any other text is resolved with the unit as hint; the unit is converted
     * to the factor's ("litres", "US gallons", "MWh", "miles"...).
     */
    EMISSIONS: (what: CellValue, quantity: number, unit: CellValue, country?: CellValue) =>
      guarded(async () => {
        const target = text(what)
        const hint = optionalText(country)
        const line = FACTOR_KEY_PATTERN.test(target)
          ? { factor_key: target, quantity: { value: quantity, unit: text(unit) } }
          : { description: target, quantity: { value: quantity, unit: text(unit) }, ...(hint ? { country: hint } : {}) }
        const res = await client.emissions({ activities: [line] })
        return res.result.emissions.value
      }),
  }
}

// Registration, as the Office shared runtime expects: one associate(id, fn) per function.
const api = customFunctionsApi()
const client = createEngineClient({ baseUrl: apiBase() })
for (const [id, fn] of Object.entries(spreadsheetFunctions(client, api))) api.associate(id, fn)

// The shared runtime's page doubles as a status pane.
const status = document.getElementById('status')
client
  .ready()
  .then((info) => {
    if (status) status.textContent = `Ready: data version ${info.mb_version}, ${info.factor_count.toLocaleString('en')} factors (${info.source === 'cache' ? 'from this computer’s cache' : 'downloaded'}).`
    document.body.dataset.ready = info.mb_version
  })
  .catch((error: unknown) => {
    if (status) status.textContent = `The factors could not be loaded: ${error instanceof Error ? error.message : String(error)}`
    document.body.dataset.ready = 'error'
  })
