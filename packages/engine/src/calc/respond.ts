/**
 * The response edge shared by every calculation: meta, attribution credits and the receipt.
 * The receipt hashes the body built here exactly as `hashedResultOf` reads it back from a
 * saved response, so `verifyReceipt` and the engine agree by construction.
 */
import type { ReleaseView } from '../release/view.ts'
import { ENGINE_VERSION } from '../version.ts'
import type { Attribution, CalcContext, Credit, FactorUsed, Meta, Receipt } from './common-schema.ts'
import { computeReceipt, hashedRequestOf } from './receipt/receipt.ts'

export function creditsFor(view: ReleaseView, factors: FactorUsed[], methodology: Credit[]): Credit[] {
  const credits: Credit[] = []
  const seen = new Set<string>()
  for (const f of factors) {
    const id = f.source.id
    if (seen.has(id)) continue
    seen.add(id)
    const edition = view.edition(id)
    if (edition) {
      credits.push({ source_id: id, title: edition.title, publisher: edition.publisher, license: edition.license.spdx ?? edition.license.name, attribution: edition.attribution })
    } else {
      credits.push({ source_id: id, title: f.source.title ?? id, license: null, attribution: f.source.attribution ?? `Source: ${id} (${f.source.cell_ref})` })
    }
  }
  for (const m of methodology) if (!seen.has(m.source_id)) credits.push(m)
  return credits
}

export function attributionOf(ctx: CalcContext, credits: Credit[]): Attribution {
  return { required: ctx.attribution_required ?? true, credits }
}

export function finishResponse<B extends Record<string, unknown>>(
  request: Record<string, unknown>,
  body: B,
  view: ReleaseView,
  asOf: string | undefined,
  ctx: CalcContext,
): { request: Record<string, unknown> } & B & { receipt: Receipt; meta: Meta } {
  const hashedMeta = { data_version: view.mb_version, engine_version: ENGINE_VERSION }
  const receipt = computeReceipt({
    request: hashedRequestOf(request),
    result: { ...body, meta: hashedMeta },
    data_version: view.mb_version,
    engine_version: ENGINE_VERSION,
  })
  const now = ctx.now ?? (() => new Date())
  const meta: Meta = {
    data_version: view.mb_version,
    as_of: asOf ?? null,
    engine_version: ENGINE_VERSION,
    request_id: ctx.request_id ?? `req_${receipt.hash.slice(0, 16)}`,
    computed_at: now().toISOString(),
  }
  return { request, ...body, receipt, meta }
}
