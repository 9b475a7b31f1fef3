/**
 * Service worker for the page shell only: on install it caches the files the build listed in
 * `shell-files.json`; afterwards it answers same-origin page requests network-first, falling
 * back to that cache when offline. API calls and release downloads (`/v1/`) pass through: the
 * engine's worker keeps the data in IndexedDB itself.
 */

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request
  respondWith(response: Promise<Response>): void
}
interface ServiceWorkerScope {
  registration: { scope: string }
  clients: { claim(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void
}

const sw = globalThis as unknown as ServiceWorkerScope
const CACHE = 'openfactors-shell'
const scope = new URL(sw.registration.scope)

async function shellUrls(): Promise<string[]> {
  const res = await fetch(new URL('shell-files.json', scope), { cache: 'no-store' })
  if (!res.ok) throw new Error(`shell-files.json: HTTP ${res.status}`)
  const { files } = (await res.json()) as { files: string[] }
  return [scope.href, ...files.filter((f) => f !== 'index.html').map((f) => new URL(f, scope).href)]
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const urls = await shellUrls()
      const cache = await caches.open(CACHE)
      await cache.addAll(urls.map((url) => new Request(url, { cache: 'reload' })))
      // Drop files of older builds.
      const keep = new Set(urls)
      for (const request of await cache.keys()) if (!keep.has(request.url)) await cache.delete(request)
      await sw.skipWaiting()
    })(),
  )
})

sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()))

function isApi(url: URL): boolean {
  return url.pathname === '/v1' || url.pathname.startsWith('/v1/')
}

sw.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== scope.origin || isApi(url) || !url.href.startsWith(scope.href)) return
  // Every page of the scope is the one shell; assets are cached by their own address.
  const key = request.mode === 'navigate' ? scope.href : `${url.origin}${url.pathname}`
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE)
      try {
        const response = await fetch(request)
        if (response.ok && (await cache.match(key))) await cache.put(key, response.clone())
        return response
      } catch (error) {
        const cached = await cache.match(key)
        if (cached) return cached
        throw error
      }
    })(),
  )
})
