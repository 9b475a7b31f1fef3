/**
 * Node-only harness: drive the test page (`test-page.ts`) in a browser context through
 * playwright — open it, start a client with options, call client methods — returning plain data.
 */
import type { BrowserContext, Page } from 'playwright-core'
import type { EngineClientOptions } from '../../src/client.ts'
import type { PageCallResult, PageStartResult } from './test-page.ts'

/** Client options a test can send into the page (callbacks are installed by the page itself). */
export type PageStartOptions = Pick<EngineClientOptions, 'baseUrl' | 'manifestUrl' | 'storage' | 'dbName' | 'checkForUpdate'> & { workerUrl?: string }

interface TestWindow {
  openfactorsReady?: boolean
  openfactorsTest: {
    start(options: PageStartOptions): Promise<PageStartResult>
    call(method: string, ...args: unknown[]): Promise<PageCallResult>
    timeResolve(requests: unknown[], n: number): Promise<number[]>
    updates(): unknown[]
    close(): Promise<void>
  }
}

export async function openTestPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForFunction(() => (window as unknown as TestWindow).openfactorsReady === true)
  return page
}

export async function reloadTestPage(page: Page): Promise<void> {
  await page.reload()
  await page.waitForFunction(() => (window as unknown as TestWindow).openfactorsReady === true)
}

export function startClient(page: Page, options: PageStartOptions): Promise<PageStartResult> {
  return page.evaluate((o) => (window as unknown as TestWindow).openfactorsTest.start(o), options)
}

export function callClient(page: Page, method: string, ...args: unknown[]): Promise<PageCallResult> {
  return page.evaluate(([m, a]) => (window as unknown as TestWindow).openfactorsTest.call(m, ...a), [method, args] as const)
}

/** The value of a call that must succeed; a failure surfaces its code and message. */
export async function valueOf<T = unknown>(page: Page, method: string, ...args: unknown[]): Promise<T> {
  const result = await callClient(page, method, ...args)
  if (!result.ok) throw new Error(`${method} failed in the page: ${String(result.error.code)} ${result.error.message}`)
  return result.value as T
}

export function timeResolve(page: Page, requests: unknown[], n: number): Promise<number[]> {
  return page.evaluate(([r, count]) => (window as unknown as TestWindow).openfactorsTest.timeResolve(r, count), [requests, n] as const)
}

export function pageUpdates(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as TestWindow).openfactorsTest.updates())
}

export function closeClient(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as TestWindow).openfactorsTest.close())
}
