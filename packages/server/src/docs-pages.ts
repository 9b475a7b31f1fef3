/**
 * The readable reference pages: `/docs` rendered from the OpenAPI document (so it cannot drift from
 * it) and `/docs/errors`, one anchor per error code, which every `error.docs` link points at.
 */
import { ERROR_DESCRIPTIONS, ERROR_STATUS, type ApiErrorCode } from './errors.ts'
import { schemaSample } from './schema-sample.ts'

type Json = Record<string, unknown>

function esc(text: unknown): string {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** `code` spans for backticked text in descriptions. */
function inline(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2330}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-top:1px solid #ddd;padding-top:1rem;font-size:1.2rem}
code,pre{font:13px/1.4 ui-monospace,monospace;background:#f4f5f7;border-radius:4px}code{padding:0 .25rem}
pre{padding:.75rem;overflow:auto;max-height:28rem}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
.m{display:inline-block;min-width:3.5rem;font-weight:700}.tag{font-size:12px;border:1px solid #999;border-radius:3px;padding:0 .3rem;margin-left:.5rem}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
}

function parameterTable(params: Json[]): string {
  if (params.length === 0) return ''
  const rows = params.map((p) => `<tr><td><code>${esc(p['name'])}</code></td><td>${esc(p['in'])}</td><td>${p['required'] ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p['schema']))}</code></td></tr>`)
  return `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr>${rows.join('')}</table>`
}

function errorLinks(responses: Json): string {
  const codes = Object.entries(responses).filter(([status]) => Number(status) >= 400).map(([status, r]) => `${status}: ${inline(String((r as Json)['description'] ?? ''))}`)
  return codes.length ? `<p>Errors: ${codes.join('; ')} — see <a href="/docs/errors">error reference</a>.</p>` : ''
}

/** The request as curl: the operation's runnable example (body, or path with query for a GET). */
function exampleRequest(method: string, path: string, keyed: boolean, body: unknown, get: unknown): string {
  const auth = keyed ? ` -H 'Authorization: Bearer $KEY'` : ''
  const getPath = typeof get === 'object' && get !== null ? String((get as Json)['path'] ?? path) : undefined
  let curl: string
  if (body !== undefined) curl = `curl -X ${method.toUpperCase()} '$BASE${path}'${auth} -H 'Content-Type: application/json' -d '${JSON.stringify(body)}'`
  else if (getPath !== undefined) curl = `curl '$BASE${getPath}'${auth}`
  else if (method === 'post' && !path.includes('{')) curl = `curl -X POST '$BASE${path}'${auth}`
  else if (path.includes('{')) curl = `curl '$BASE${path}'${auth}    # ${path.match(/\{\w+\}/g)?.join(', ')} from the listing above`
  else curl = `curl '$BASE${path}'${auth}`
  return `<p>Example request:</p><pre class="request-example">${esc(curl)}</pre>`
}

export function renderReference(doc: Json): string {
  const info = doc['info'] as Json
  const paths = doc['paths'] as Record<string, Record<string, Json>>
  const sections: string[] = []
  const toc: string[] = []
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = String(op['operationId'])
      const keyed = Array.isArray(op['security']) && op['security'].length > 0
      toc.push(`<li><a href="#${esc(id)}"><span class="m">${method.toUpperCase()}</span> <code>${esc(path)}</code></a> — ${esc(op['summary'])}</li>`)
      const body = op['requestBody'] as Json | undefined
      const bodySchema = body ? ((body['content'] as Json)['application/json'] as Json)['schema'] : undefined
      const bodyExample = body ? ((body['content'] as Json)['application/json'] as Json)['example'] : undefined
      const responses = op['responses'] as Json
      const okEntry = Object.entries(responses).find(([s]) => Number(s) < 300)
      const okContent = okEntry ? ((okEntry[1] as Json)['content'] as Json | undefined) : undefined
      const okSchema = okContent ? Object.values(okContent).map((c) => (c as Json)['schema'])[0] : undefined
      sections.push(`<h2 id="${esc(id)}"><span class="m">${method.toUpperCase()}</span> <code>${esc(path)}</code><span class="tag">${keyed ? 'API key' : 'open'}</span></h2>
<p>${inline(String(op['description'] ?? ''))}</p>${parameterTable((op['parameters'] ?? []) as Json[])}
${exampleRequest(method, path, keyed, bodyExample, op['x-example-request'])}
${bodySchema ? `<details><summary>Request body schema</summary><pre>${esc(JSON.stringify(bodySchema, null, 2))}</pre></details>` : ''}
${okEntry && okSchema && Object.keys(okSchema as Json).length ? `<p>Example response (${esc(okEntry[0])}, every field of the schema with a sample value):</p><pre class="response-example">${esc(JSON.stringify(schemaSample(okSchema), null, 2))}</pre>` : okEntry ? `<p>Response: ${esc(okEntry[0])} ${esc(Object.keys(okContent ?? {}).join(', '))}</p>` : ''}
${okEntry && okSchema && Object.keys(okSchema as Json).length ? `<details><summary>${esc(okEntry[0])} response schema</summary><pre>${esc(JSON.stringify(okSchema, null, 2))}</pre></details>` : ''}
${errorLinks(responses)}`)
    }
  }
  return page(`${String(info['title'])} reference`, `<h1>${esc(info['title'])} <small>${esc(info['version'])}</small></h1>
<p>${inline(String(info['description'] ?? ''))}</p>
<p>Authenticate keyed calls with <code>Authorization: Bearer &lt;key&gt;</code>; get a free key with <code>POST /v1/keys</code>.
Every failure has the body <code>{ "error": { "code", "message", "docs" } }</code> (<a href="/docs/errors">error reference</a>).
Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>
<ul>${toc.join('')}</ul>${sections.join('\n')}`)
}

export function renderErrors(): string {
  const rows = (Object.keys(ERROR_STATUS) as ApiErrorCode[]).map((code) =>
    `<h2 id="${code}"><code>${code}</code> <small>HTTP ${ERROR_STATUS[code]}</small></h2><p>${inline(ERROR_DESCRIPTIONS[code])}</p>`)
  return page('openfactors errors', `<h1>Error reference</h1>
<p>Every failure returns <code>{ "error": { "code": "…", "message": "…", "docs": "/docs/errors#&lt;code&gt;" } }</code> with extra fields where a code carries data. Clients act on <code>error.code</code>; the message is for people. <a href="/docs">API reference</a>.</p>
${rows.join('\n')}`)
}
