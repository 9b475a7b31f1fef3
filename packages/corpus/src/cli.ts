/**
 * `npm run corpus -- fetch|build|verify|diff|stats`
 *
 *   fetch  [--mirror URL] [--datasets DIR]   (mirror also from OPENFACTORS_DATASETS_MIRROR)
 *   ensure [--out DIR] [--datasets DIR] [--mirror URL]   first run: fetch what is missing, then build
 *          (nothing when DIR has a manifest built with this checkout's resolve model; `npm start` runs this via scripts/ensure-releases.mjs)
 *   build  [--only 2026.1,2025.1] [--allow-incomplete] [--out DIR] [--datasets DIR]
 *   verify [--out DIR] [--datasets DIR]
 *   diff   <from> <to> [--out DIR] [--json] [--limit N]
 *   stats  [--out DIR]
 *
 * Exit codes: 0 ok; 1 build/verify failed (report says why); 2 usage; 3 a dataset file is
 * missing or differs from the lock (fetch: a file could not be downloaded); 4 unexpected error.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readManifest, readReleaseArtifact, REPORT_FILE } from './artifacts.ts'
import { IngestError } from './adapters/types.ts'
import { buildReleases } from './build.ts'
import { diffReleases } from '@openfactors/engine'
import { formatDiff } from './format-diff.ts'
import { runFetch } from './fetch/cli-fetch.ts'
import { DataUnavailableError, ensureData } from './ensure-data.ts'
import { DatasetHashError, DatasetMissingError } from './lock/lock.ts'
import { defaultOutDir, findDatasetsDir } from './paths.ts'
import { progressBar } from './progress.ts'
import { formatReport, type BuildReport } from './report.ts'
import { verifyReleases } from './verify.ts'

class UsageError extends Error {}

interface Args {
  positional: string[]
  flags: Map<string, string | true>
}

function parseArgs(argv: string[]): Args {
  const positional: string[] = []
  const flags = new Map<string, string | true>()
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (!a.startsWith('--')) {
      positional.push(a)
      continue
    }
    const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined]
    if (inline !== undefined) flags.set(name, inline)
    else if (['out', 'datasets', 'only', 'limit', 'mirror'].includes(name)) {
      const v = argv[++i]
      if (v === undefined) throw new UsageError(`--${name} needs a value`)
      flags.set(name, v)
    } else flags.set(name, true)
  }
  return { positional, flags }
}

function flag(args: Args, name: string): string | undefined {
  const v = args.flags.get(name)
  return typeof v === 'string' ? v : undefined
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv)
  const [command, ...rest] = args.positional
  const outDir = flag(args, 'out') ?? defaultOutDir()
  const datasetsDir = flag(args, 'datasets') ?? findDatasetsDir()
  const bar = progressBar()
  switch (command) {
    case 'fetch': {
      const mirror = flag(args, 'mirror') ?? (process.env.OPENFACTORS_DATASETS_MIRROR?.trim() || undefined)
      if (args.flags.has('mirror') && mirror === undefined) throw new UsageError('--mirror needs a URL')
      return (await runFetch({ datasetsDir: flag(args, 'datasets') ?? findDatasetsDir(), ...(mirror ? { mirror } : {}) })) ? 0 : 3
    }
    case 'ensure': {
      const mirror = flag(args, 'mirror')
      try {
        await ensureData({ outDir, datasetsDir, ...(mirror ? { mirror } : {}), onProgress: (p) => bar.update(p.fraction, p.phase, p.current) })
      } catch (err) {
        bar.done()
        if (!(err instanceof DataUnavailableError)) throw err
        console.error(err.message)
        return 3
      }
      bar.done()
      return 0
    }
    case 'build': {
      const only = flag(args, 'only')?.split(',').map((s) => s.trim()).filter(Boolean)
      const started = performance.now()
      const { report, written } = await buildReleases({
        outDir,
        datasetsDir,
        ...(only ? { only } : {}),
        allowIncomplete: args.flags.has('allow-incomplete'),
        onProgress: (p) => bar.update(p.fraction, p.phase, p.current),
      })
      bar.done()
      console.log(formatReport(report))
      console.log(`\n${written ? `wrote ${report.releases.length} releases to ${outDir}` : `nothing written (see ${join(outDir, REPORT_FILE)})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      return written && (report.ok || args.flags.has('allow-incomplete')) ? 0 : 1
    }
    case 'verify': {
      const r = verifyReleases({ outDir, datasetsDir, onProgress: (p) => bar.update(p.fraction, p.phase, p.current) })
      bar.done()
      for (const rel of r.releases) console.log(`  ${rel.mb_version}: ${rel.factor_count} factors`)
      console.log(`proof: ${r.proof.proven}/${r.proof.checked} references proven (${(r.proof.share * 100).toFixed(2)}%)`)
      for (const f of r.proof.failures.slice(0, 20)) console.log(`  ${f.key} ${f.field} ${f.cell_ref}: ${f.reason}`)
      for (const e of r.errors) console.error(`error: ${e}`)
      console.log(r.ok ? 'verify OK' : 'verify FAILED')
      return r.ok ? 0 : 1
    }
    case 'diff': {
      const [from, to] = rest
      if (!from || !to) throw new UsageError('diff needs two versions, e.g. `diff 2025.1 2026.1`')
      const manifest = readManifest(outDir)
      if (!manifest) throw new UsageError(`no manifest.json in ${outDir}; run build first`)
      const entry = (v: string) => {
        const e = manifest.releases.find((r) => r.mb_version === v)
        if (!e) throw new UsageError(`no release ${v} in ${outDir} (have ${manifest.releases.map((r) => r.mb_version).join(', ')})`)
        return e
      }
      const d = diffReleases(readReleaseArtifact(outDir, entry(from)), readReleaseArtifact(outDir, entry(to)))
      const limit = Number(flag(args, 'limit') ?? 50)
      console.log(args.flags.has('json') ? JSON.stringify(d, null, 2) : formatDiff(d, Number.isFinite(limit) ? limit : 50))
      return 0
    }
    case 'stats': {
      const path = join(outDir, REPORT_FILE)
      if (!existsSync(path)) throw new UsageError(`no ${REPORT_FILE} in ${outDir}; run build first`)
      console.log(formatReport(JSON.parse(readFileSync(path, 'utf8')) as BuildReport))
      return 0
    }
    default:
      throw new UsageError(`unknown command ${command ?? '(none)'}; use fetch | ensure | build | verify | diff <a> <b> | stats`)
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write('\n')
    if (err instanceof UsageError) {
      console.error(`usage: ${err.message}`)
      process.exit(2)
    }
    if (err instanceof DatasetHashError || err instanceof DatasetMissingError) {
      console.error(`refused: ${err.message}`)
      process.exit(3)
    }
    if (err instanceof IngestError) {
      console.error(`unreadable input: ${err.message}`)
      process.exit(1)
    }
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err))
    process.exit(4)
  },
)
