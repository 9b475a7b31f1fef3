/** Registers the service worker that keeps the page shell for offline visits (the data is in IndexedDB). */
export async function registerShellWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  try {
    await navigator.serviceWorker.register(new URL('./sw.js', location.href), { scope: './' })
    await navigator.serviceWorker.ready
    document.body.dataset.offlineShell = 'true'
  } catch {
    // No service worker (vite dev server, file://, or refused): the page still works online.
    document.body.dataset.offlineShell = 'false'
  }
}
