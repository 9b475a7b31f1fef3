/**
 * Request examples as the docs write them, turned into requests a test can send with
 * `app.request()`:
 * - `curl` commands (in ```sh blocks, joined over `\` continuations, or inline in backticks):
 *   `-X`, `-H`, `-d`, the URL's path and query; a `# <status>` comment line after it states the
 *   expected status (else any 2xx); anything after a `|` is the reader's own pipeline and dropped;
 * - ```json blocks that start with `GET|POST /v1/…` (the body follows; a bare status line ends it);
 * - ```json blocks right after `<!-- request: POST /v1/… -->`.
 */
export interface DocRequest {
  where: string
  method: string
  path: string
  headers: Record<string, string>
  body?: string
  /** Expected status when the doc states one. */
  status?: number
}

/** Shell words: single and double quotes, backslash-newline already joined. */
function words(line: string): string[] {
  const out: string[] = []
  let cur = ''
  let quote: string | null = null
  let any = false
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null
      else cur += ch
    } else if (ch === "'" || ch === '"') {
      quote = ch
      any = true
    } else if (/\s/.test(ch)) {
      if (any || cur) out.push(cur)
      cur = ''
      any = false
    } else cur += ch
  }
  if (any || cur) out.push(cur)
  return out
}

export function parseCurl(command: string, where: string, key: string): DocRequest {
  const argv = words(command.split(/\s\|\s/)[0]!.replace(/\$KEY\b/g, key).replace(/\$\{KEY\}/g, key))
  const req: DocRequest = { where, method: 'GET', path: '', headers: {} }
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '-X' || a === '--request') req.method = argv[++i] ?? 'GET'
    else if (a === '-H' || a === '--header') {
      const [name, ...rest] = (argv[++i] ?? '').split(':')
      req.headers[name!.trim().toLowerCase()] = rest.join(':').trim()
    } else if (a === '-d' || a === '--data' || a === '--data-raw') {
      req.body = argv[++i] ?? ''
      if (req.method === 'GET') req.method = 'POST'
    } else if (!a.startsWith('-')) req.path = a.replace(/^(https?:\/\/)?localhost:\d+/, '')
  }
  return req
}

/** Split on newlines outside quotes (a quoted JSON body may span lines). */
function shellLines(text: string): string[] {
  const out: string[] = []
  let cur = ''
  let quote: string | null = null
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null
    } else if (ch === "'" || ch === '"') quote = ch
    else if (ch === '\n') {
      out.push(cur)
      cur = ''
      continue
    }
    cur += ch
  }
  out.push(cur)
  return out
}

const FENCE = /^```(\w*)\s*$/

export function docRequests(file: string, text: string, key: string): DocRequest[] {
  const out: DocRequest[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!)
    if (!open) {
      for (const m of lines[i]!.matchAll(/`(curl [^`]+)`/g)) out.push(parseCurl(m[1]!, `${file}:${i + 1}`, key))
      continue
    }
    const start = i + 1
    let end = start
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++
    const block = lines.slice(start, end)
    const lang = open[1]
    if (lang === 'sh' || lang === 'bash') {
      const joined = shellLines(block.join('\n').replace(/\\\n\s*/g, ' '))
      joined.forEach((line, j) => {
        if (!/^curl\s/.test(line.trim())) return
        const req = parseCurl(line.trim(), `${file}:${start + 1}`, key)
        const status = /^#\s*(\d{3})\b/.exec(joined[j + 1]?.trim() ?? '')
        if (status) req.status = Number(status[1])
        out.push(req)
      })
    } else if (lang === 'json') {
      const head = /^(GET|POST)\s+(\/\S+)\s*$/.exec(block[0]?.trim() ?? '')
      const marker = /<!--\s*request:\s*(GET|POST)\s+(\/\S+)\s*-->/.exec(lines[start - 2] ?? '') ?? /<!--\s*request:\s*(GET|POST)\s+(\/\S+)\s*-->/.exec(lines[start - 3] ?? '')
      if (head) {
        const rest = block.slice(1)
        const stop = rest.findIndex((l) => /^\d{3}\s*$/.test(l.trim()))
        const body = (stop === -1 ? rest : rest.slice(0, stop)).join('\n').trim()
        out.push({ where: `${file}:${start + 1}`, method: head[1]!, path: head[2]!, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body ? { body } : {}), ...(stop !== -1 ? { status: Number(rest[stop]!.trim()) } : {}) })
      } else if (marker) {
        out.push({ where: `${file}:${start + 1}`, method: marker[1]!, path: marker[2]!, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: block.join('\n') })
      }
    }
    i = end
  }
  return out
}
