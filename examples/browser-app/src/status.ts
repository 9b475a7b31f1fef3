/** The header line: download progress by phase, then the data version in use and where it came from. */
import type { LoadProgress, ReadyInfo, UpdateInfo } from '@openfactors/web-worker'
import { byId, formatAmount } from './dom.ts'

const PHASES: Record<LoadProgress['phase'], string> = {
  manifest: 'Reading the release list',
  download: 'Downloading the factors',
  verify: 'Checking the download (sha256)',
  decompress: 'Unpacking',
  index: 'Indexing for search',
  cache: 'Saving for offline use',
  ready: 'Ready',
}

const mb = (bytes: number) => `${formatAmount(bytes / 1_048_576)} MB`

export function showProgress(p: LoadProgress): void {
  const text = byId('status-text')
  const bar = byId<HTMLProgressElement>('download-progress')
  const release = p.mb_version ? ` ${p.mb_version}` : ''
  if (p.phase === 'download' && p.bytes !== undefined) {
    bar.hidden = false
    if (p.total) {
      bar.max = p.total
      bar.value = p.bytes
    } else bar.removeAttribute('value')
    text.textContent = `${PHASES.download}${release}: ${mb(p.bytes)}${p.total ? ` of ${mb(p.total)}` : ''}`
  } else {
    text.textContent = `${PHASES[p.phase]}${release}…`
  }
  // The phases seen, in order (consecutive repeats folded), for anyone checking the start.
  const seen = document.body.dataset.phases?.split(' ') ?? []
  if (seen.at(-1) !== p.phase) document.body.dataset.phases = [...seen, p.phase].join(' ')
}

export function showReady(info: ReadyInfo): void {
  byId<HTMLProgressElement>('download-progress').hidden = true
  const from = info.source === 'cache' ? 'started from this browser’s cache, no download' : 'downloaded and verified'
  const storage = info.storage === 'indexeddb' ? 'kept in IndexedDB for offline use' : `kept in memory only${info.storage_note ? ` (${info.storage_note})` : ''}`
  byId('status-text').textContent = `Ready: ${info.factor_count.toLocaleString('en')} factors, ${from}, ${storage}.`
  showVersion(info.mb_version)
  Object.assign(document.body.dataset, { ready: 'true', source: info.source, storage: info.storage, dataVersion: info.mb_version })
}

export function showVersion(mb_version: string): void {
  byId('data-version').textContent = `Data version ${mb_version}`
  document.body.dataset.dataVersion = mb_version
}

export function showUpdate(update: UpdateInfo): void {
  if (update.applied) {
    showVersion(update.latest)
    byId('status-text').textContent = `Updated to data version ${update.latest}.`
  }
}

export function showStartError(message: string): void {
  byId<HTMLProgressElement>('download-progress').hidden = true
  const text = byId('status-text')
  text.textContent = `The factors could not be loaded: ${message}`
  text.classList.add('error')
  document.body.dataset.ready = 'error'
}
