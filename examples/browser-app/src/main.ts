/**
 * The demo page: one engine client (the engine runs in a Web Worker over the IndexedDB-cached
 * corpus) shared by five panels. `?api=<base>` points it at another server's `/v1`.
 */
import { createEngineClient } from '@openfactors/web-worker'
import { byId, describeError } from './dom.ts'
import { registerShellWorker } from './offline.ts'
import { embodiedPanel, exampleBom } from './panels/embodied.ts'
import { ledgerPanel } from './panels/ledger.ts'
import { EXAMPLE_LEDGER } from './ledger.ts'
import { pcafPanel } from './panels/pcaf.ts'
import { resolvePanel } from './panels/resolve.ts'
import { searchPanel } from './panels/search.ts'
import { showProgress, showReady, showStartError, showUpdate } from './status.ts'

const api = new URLSearchParams(location.search).get('api')
const client = createEngineClient({
  ...(api ? { baseUrl: api } : {}),
  onProgress: showProgress,
  onUpdate: showUpdate,
})

searchPanel(client)
resolvePanel(client)
ledgerPanel(client)
pcafPanel(client)
embodiedPanel(client)

client
  .ready()
  .then(async (info) => {
    showReady(info)
    const bom = byId<HTMLTextAreaElement>('embodied-bom')
    if (!bom.value.trim()) bom.value = await exampleBom(client)
    const ledger = byId<HTMLTextAreaElement>('ledger-input')
    if (!ledger.value.trim()) ledger.value = EXAMPLE_LEDGER
    document.body.dataset.examples = 'true'
  })
  .catch((error: unknown) => showStartError(describeError(error)))

void registerShellWorker()
