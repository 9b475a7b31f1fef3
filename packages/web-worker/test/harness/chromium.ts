/**
 * Node-only harness: Debian's Chromium driven by playwright-core, with a persistent profile so
 * IndexedDB survives a reload (and a relaunch) within one test.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

export const CHROMIUM_PATH = process.env.OPENFACTORS_CHROMIUM ?? '/usr/bin/chromium'

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface Profile {
  dir: string
  /** Start Chromium on this profile (call again after close() to relaunch on the same data). */
  launch(): Promise<BrowserContext>
  /** Close any running browser and delete the profile. */
  dispose(): Promise<void>
}

export async function freshProfile(): Promise<Profile> {
  const dir = await mkdtemp(join(tmpdir(), 'openfactors-chromium-'))
  const open: BrowserContext[] = []
  return {
    dir,
    async launch() {
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: ARGS,
      })
      open.push(context)
      return context
    },
    async dispose() {
      for (const context of open.splice(0)) await context.close().catch(() => undefined)
      await rm(dir, { recursive: true, force: true })
    },
  }
}
