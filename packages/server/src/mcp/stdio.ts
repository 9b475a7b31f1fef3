/**
 * `openfactors-mcp`: the engine in-process on the local corpus over stdio, for desktop agents.
 * No key and no quota (it is the user's own machine). Builds the corpus first if it is missing
 * (progress on stderr: stdout belongs to the protocol).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { verifyReceipt } from '@openfactors/engine'
import { randomUUID } from 'node:crypto'
import { loadEngineFromDisk } from '../release-files.ts'
import { ensureReleases } from '../ensure-releases.ts'
import { defaultReleasesDir } from '../paths.ts'
import { buildMcpServer } from './tools.ts'
import { envelopeValidationErrors } from './validation-errors.ts'

export async function runStdio(releasesDir: string = process.env['OPENFACTORS_RELEASES_DIR'] ?? defaultReleasesDir()): Promise<void> {
  await ensureReleases(releasesDir)
  const { engine, manifest } = loadEngineFromDisk(releasesDir)
  const server = buildMcpServer({
    engine,
    verifyReceipt,
    releases: () => manifest.releases.map((r) => ({ mb_version: r.mb_version, released_at: r.released_at, editions: r.editions, factor_count: r.factor_count })),
    // Local use: no plan, but keep the attribution credits the licences ask for.
    calcContext: () => ({ request_id: randomUUID(), attribution_required: true }),
  })
  await server.connect(envelopeValidationErrors(new StdioServerTransport()))
}
